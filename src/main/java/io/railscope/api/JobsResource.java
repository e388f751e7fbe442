package io.railscope.api;

import io.railscope.store.JobReads;
import io.railscope.store.JobSummary;
import io.railscope.store.KnownCells;
import jakarta.ws.rs.DefaultValue;
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
    @Operation(summary = "Running and recent jobs with transport, verdict (RDMA_OK, DEGRADED, UNOBSERVABLE, FAILED), reason and busbw")
    public List<JobSummary> jobs(@PathParam("cell") String cell, @QueryParam("limit") @DefaultValue("1000") int limit) {
        known(cell);
        return reads.jobs(cell, Math.max(1, Math.min(limit, 10_000)));
    }

    @GET
    @Path("/{namespace}/{name}")
    @Operation(summary = "One job with every rank (host, NCCL version, network, HCAs, GDR, channels), its pods and unhealthy rails under them")
    public JobResponse job(@PathParam("cell") String cell, @PathParam("namespace") String namespace, @PathParam("name") String name) {
        known(cell);
        return reads.job(cell, namespace, name).map(JobResponse::of)
                .orElseThrow(() -> new NotFoundException("no job " + namespace + "/" + name + " in cell " + cell));
    }

    private void known(String cell) {
        if (!cells.known(cell)) {
            throw new NotFoundException("no cell named " + cell);
        }
    }
}
