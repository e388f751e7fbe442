package io.railscope.read;

import io.railscope.assess.Homogeneity;
import io.railscope.assess.RailAttribute;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** One rail across a cell's nodes, compared attribute by attribute ({@link Homogeneity}). */
@ApplicationScoped
public class RailHomogeneities {

    private final Snapshots snapshots;

    public RailHomogeneities(Snapshots snapshots) {
        this.snapshots = snapshots;
    }

    /** Per attribute the value most nodes hold on this rail and the nodes that differ. */
    public RailHomogeneity of(String cell, int rail) {
        List<Homogeneity.Member> nodes =
                snapshots.read(snapshot -> snapshot.railAttributes().onRail(cell, rail)).stream()
                        .map(port -> new Homogeneity.Member(
                                port.node(),
                                RailAttribute.values(
                                        port.state() == null ? -1 : port.state(),
                                        port.rateGbps() == null ? 0 : port.rateGbps(),
                                        port.attributes())))
                        .toList();
        return new RailHomogeneity(rail, nodes.size(), Homogeneity.of(nodes));
    }
}
