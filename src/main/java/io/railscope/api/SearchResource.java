package io.railscope.api;

import io.railscope.read.SearchHit;
import io.railscope.read.SearchReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Search as JSON. */
@Path("/api/v1/search")
@Produces(MediaType.APPLICATION_JSON)
public class SearchResource {

    private final SearchReads reads;

    public SearchResource(SearchReads reads) {
        this.reads = reads;
    }

    @GET
    @Operation(
            summary =
                    "Nodes, pods, jobs, pools and cells whose name contains q; for an IPv4 address, what owns it: `kind, cell, name, detail, url`")
    public List<SearchHit> search(@QueryParam("q") String q) {
        return reads.search(q);
    }
}
