package io.railscope.api;

import io.railscope.read.CellDetails;
import io.railscope.read.CellReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** The nodes of a cell whose rails disagree, as JSON. */
@Path("/api/v1/cells/{cell}/homogeneity")
@Produces(MediaType.APPLICATION_JSON)
public class HomogeneityResource {

    /** A node whose rails disagree, with each attribute they disagree on. */
    public record NodeDisagreement(String node, List<AttributeSpreadResponse> attributes) {}

    private final CellReads cells;

    public HomogeneityResource(CellReads cells) {
        this.cells = cells;
    }

    @GET
    @Operation(
            summary = "Nodes whose rails differ in rate, link layer, MTU, firmware, board id or PCIe link (at most "
                    + CellDetails.DISAGREEMENTS_READ + ")")
    public List<NodeDisagreement> nodes(@PathParam("cell") String cell) {
        CellDetails details = cells.cell(cell).orElseThrow(() -> new NotFoundException("no cell named " + cell));
        return details.railDisagreements().stream()
                .map(node -> new NodeDisagreement(node.node(), AttributeSpreadResponse.of(node.attributes())))
                .toList();
    }
}
