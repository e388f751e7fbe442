package io.railscope.api;

import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.read.RailReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** One node of a cell as JSON. */
@Path("/api/v1/cells/{cell}/nodes/{node}")
@Produces(MediaType.APPLICATION_JSON)
public class NodeResource {

    private final RailReads rails;
    private final Fleet fleet;

    public NodeResource(RailReads rails, Fleet fleet) {
        this.rails = rails;
        this.fleet = fleet;
    }

    @GET
    @Operation(
            summary =
                    "A node's neighbor entries against gc_thresh1/2/3, and each of its rails with state, rate, rates and health")
    public NodeResponse node(@PathParam("cell") String cell, @PathParam("node") String node) {
        int expected = fleet.cell(cell).map(CellSettings::expectedGbps).orElse(0);
        return rails.node(cell, node, Duration.ZERO)
                .map(detail -> NodeResponse.of(detail, expected))
                .orElseThrow(() -> new NotFoundException("no node named " + node + " in cell " + cell));
    }
}
