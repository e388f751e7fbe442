package io.railscope.api;

import io.railscope.http.Paging;
import io.railscope.read.JobReads;
import io.railscope.read.JobSummary;
import io.railscope.read.KnownCells;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** A cell's training jobs and their NCCL transport verdicts as JSON. */
@Path("/api/v1/cells/{cell}/jobs")
@Produces(MediaType.APPLICATION_JSON)
public class JobsResource {

    private final JobReads reads;
    private final KnownCells cells;

    public JobsResource(JobReads reads, KnownCells cells) {
        this.reads = reads;
        this.cells = cells;
    }

    @GET
    @Operation(
            summary =
                    "Running and recent jobs with transport, verdict (RDMA_OK, DEGRADED, UNOBSERVABLE, FAILED), reason and busbw")
    public List<JobSummary> jobs(@PathParam("cell") String cell, @QueryParam("limit") String limit) {
        known(cell);
        return reads.jobs(cell, Paging.count("limit", limit, Paging.DEFAULT_LIMIT, 1, Paging.MAX_LIMIT));
    }

    @GET
    @Path("/{namespace}/{name}")
    @Operation(
            summary =
                    "One job with a page of its ranks (host, NCCL version, network, HCAs, GDR, channels; ?offset=&limit=, 1,000 by default),"
                            + " its pods and unhealthy rails under them")
    public JobResponse job(
            @PathParam("cell") String cell,
            @PathParam("namespace") String namespace,
            @PathParam("name") String name,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit) {
        Paging page = Paging.of(offset, limit);
        known(cell);
        return reads.job(cell, namespace, name, page.offset(), page.limit())
                .map(detail -> JobResponse.of(detail, page.limit()))
                .orElseThrow(() -> new NotFoundException("no job " + namespace + "/" + name + " in cell " + cell));
    }

    private void known(String cell) {
        if (!cells.known(cell)) {
            throw new NotFoundException("no cell named " + cell);
        }
    }
}
