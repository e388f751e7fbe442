package io.railscope.api;

import io.railscope.read.CellReads;
import io.railscope.read.RailHomogeneities;
import io.railscope.read.RailReads;
import io.railscope.read.RailSample;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** The rails of a cell as JSON. */
@Path("/api/v1/cells/{cell}/rails")
@Produces(MediaType.APPLICATION_JSON)
public class RailsResource {

    private final RailReads rails;
    private final RailHomogeneities homogeneities;
    private final CellReads cells;

    public RailsResource(RailReads rails, RailHomogeneities homogeneities, CellReads cells) {
        this.rails = rails;
        this.homogeneities = homogeneities;
        this.cells = cells;
    }

    @GET
    @Operation(
            summary =
                    "Each rail across the cell: ports down and degraded, health, mean throughput and rate, skew between rails")
    public List<RailResponse> rails(@PathParam("cell") String cell) {
        if (cells.cell(cell).isEmpty()) {
            throw new NotFoundException("no cell named " + cell);
        }
        return RailResponse.of(rails.rails(cell));
    }

    @GET
    @Path("/{rail}/congestion")
    @Operation(
            summary = "A rail's RoCE congestion over the last 24 hours, one sample per history interval: CNPs and"
                    + " ECN-marked packets per second summed over its ports, and the largest share of time one port was"
                    + " paused by PFC or waited to transmit")
    public List<RailSample> congestion(@PathParam("cell") String cell, @PathParam("rail") int rail) {
        if (cells.cell(cell).isEmpty()) {
            throw new NotFoundException("no cell named " + cell);
        }
        if (rails.rails(cell).stream().noneMatch(known -> known.rail() == rail)) {
            throw new NotFoundException("no rail " + rail + " in cell " + cell);
        }
        return rails.railHistory(cell, rail, Duration.ofHours(24));
    }

    @GET
    @Path("{rail}/homogeneity")
    @Operation(
            summary =
                    "One rail across the cell's nodes: per attribute (rate, link layer, MTU, firmware, board id, PCIe link) the value most nodes hold and the nodes that differ")
    public RailHomogeneityResponse homogeneity(@PathParam("cell") String cell, @PathParam("rail") int rail) {
        if (rails.rails(cell).stream().noneMatch(health -> health.rail() == rail)) {
            throw new NotFoundException("no rail " + rail + " in cell " + cell);
        }
        return RailHomogeneityResponse.of(homogeneities.of(cell, rail));
    }
}
