package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.model.Plane;
import io.railscope.read.CellIpam;
import io.railscope.read.IpamReads;
import io.railscope.read.NodeBlockRow;
import io.railscope.read.PoolState;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** One address pool: its numbers, forecast and usage history. */
@Path("/cells/{cell}/pools/{plane}/{pool}")
@Produces(MediaType.TEXT_HTML)
public class PoolPage {

    private static final Duration HISTORY = Duration.ofDays(7);
    private static final int BLOCKS_SHOWN = 50;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance pool(String cell, PoolState pool, LineChart chart, List<NodeBlockRow> blocks);
    }

    private final IpamReads reads;
    private final Clock clock;

    public PoolPage(IpamReads reads, Clock clock) {
        this.clock = clock;
        this.reads = reads;
    }

    @GET
    public TemplateInstance pool(
            @PathParam("cell") String cell, @PathParam("plane") String plane, @PathParam("pool") String name) {
        CellIpam ipam =
                reads.cell(cell, BLOCKS_SHOWN).orElseThrow(() -> new NotFoundException("no cell named " + cell));
        Plane poolPlane = Arrays.stream(Plane.values())
                .filter(known -> known.name().equalsIgnoreCase(plane))
                .findFirst()
                .orElseThrow(() -> new NotFoundException("no plane " + plane));
        PoolState pool = ipam.pools().stream()
                .filter(p -> p.usage().plane() == poolPlane && p.usage().name().equals(name))
                .findFirst()
                .orElseThrow(() -> new NotFoundException("no " + plane + " pool named " + name + " in cell " + cell));
        LineChart chart = LineChart.usage(
                reads.history(cell, poolPlane, name, clock.instant().minus(HISTORY)), pool.daysToExhaustion(), HISTORY);
        List<NodeBlockRow> blocks = poolPlane == Plane.PRIMARY ? ipam.nodeBlocks() : List.of();
        return Templates.pool(cell, pool, chart, blocks);
    }
}
