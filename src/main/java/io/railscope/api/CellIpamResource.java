package io.railscope.api;

import io.railscope.read.IpamReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** One cell's IPAM as JSON. */
@Path("/api/v1/cells/{cell}/ipam")
@Produces(MediaType.APPLICATION_JSON)
public class CellIpamResource {

    private final IpamReads reads;

    public CellIpamResource(IpamReads reads) {
        this.reads = reads;
    }

    @GET
    @Operation(
            summary =
                    "A cell's pools, every node's primary pod block, right-sizing, leaks, allocation failures, stuck pods "
                            + "and nodes with asymmetric rail offsets")
    public CellIpamResponse cell(@PathParam("cell") String cell) {
        return reads.cell(cell, null)
                .map(CellIpamResponse::of)
                .orElseThrow(() -> new NotFoundException("no cell named " + cell));
    }
}
