package io.railscope.api;

import io.railscope.read.IpamReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** IPAM headroom as JSON, for people and for the automation that plans node additions. */
@Path("/api/v1/ipam/headroom")
@Produces(MediaType.APPLICATION_JSON)
public class IpamResource {

    private final IpamReads reads;

    public IpamResource(IpamReads reads) {
        this.reads = reads;
    }

    @GET
    @Operation(
            summary = "Every address pool of every cell: capacity, use, free blocks (nodes that can still join), "
                    + "utilisation, days to exhaustion, leaks and allocation failures")
    public List<PoolResponse> headroom() {
        return reads.headroom().stream().map(PoolResponse::of).toList();
    }
}
