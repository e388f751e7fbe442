package io.railscope.alert;

import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.PortSymptom;
import java.util.HashSet;
import java.util.Set;

/**
 * The fabric rules: one alert per miswired rail port, and one per leaf, spine or rail the cell's unhealthy ports are
 * blamed on, naming the nodes behind it,
 * in place of the per-port alerts of the ports it explains (one notification for a leaf, not one per host port). The
 * nodes are in an annotation of their own, {@code nodes}, the first {@value #NODES_NAMED} by name and a count.
 */
final class FabricRules {

    /** Nodes named in an alert's description; the rest are counted. */
    static final int NODES_NAMED = 40;

    private FabricRules() {}

    /** Adds the alerts of the cell's switch and rail blames; returns the ports they explain, as node and rail. */
    static Set<String> evaluate(AlertInputs inputs, CellConditions conditions) {
        Set<String> explained = new HashSet<>();
        for (FabricBlame blame : inputs.fabricBlames()) {
            if (!blame.kind().aboveNode()) {
                continue;
            }
            blame.explained().forEach(port -> explained.add(port(port.node(), port.rail())));
            boolean atSwitch = blame.kind().isSwitch();
            boolean congested =
                    blame.symptom() == PortSymptom.PFC_PAUSED || blame.symptom() == PortSymptom.TRANSMIT_WAIT;
            // congestion above the leaves is an uplink's; any other symptom of a switch is the switch's
            String alertname = blame.kind() == BlameKind.LEAF || atSwitch && !congested
                    ? "FabricSwitchDegraded"
                    : congested ? "FabricUplinkCongested" : "FabricRailDegraded";
            conditions.add(conditions
                    .condition(
                            alertname,
                            Severity.criticalIf(blame.symptom() == PortSymptom.DOWN),
                            conditions.cellPage() + "#fabric",
                            (atSwitch
                                            ? (blame.kind() == BlameKind.LEAF ? "Leaf " : "Spine ") + blame.component()
                                                    + " (rail " + blame.rail() + ")"
                                            : "Rail " + blame.rail())
                                    + ": " + blame.ports() + " host ports "
                                    + blame.symptom().words(),
                            blame.evidence(),
                            "switch",
                            atSwitch ? blame.component() : null,
                            "rail",
                            Integer.toString(blame.rail()),
                            "symptom",
                            blame.symptom().label())
                    .withAnnotation("nodes", named(blame)));
        }
        for (Miswiring.Miswired port : inputs.miswired()) {
            conditions.add(conditions.condition(
                    "RailMiswired",
                    Severity.WARNING,
                    conditions.nodePage(port.node()),
                    "Rail " + port.rail() + " of " + port.node() + " is cabled to a rail-" + port.actualSwitchRail()
                            + " leaf",
                    port.words(),
                    "node",
                    port.node(),
                    "rail",
                    Integer.toString(port.rail()),
                    "device",
                    port.device(),
                    "switch",
                    port.actualSwitch()));
        }
        return explained;
    }

    static String port(String node, int rail) {
        return node + '\u0000' + rail;
    }

    private static String named(FabricBlame blame) {
        int shown = Math.min(NODES_NAMED, blame.nodes().size());
        String names = String.join(", ", blame.nodes().subList(0, shown));
        return shown < blame.nodes().size() ? names + " and " + (blame.nodes().size() - shown) + " more" : names;
    }
}
