package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.http.Paging;
import io.railscope.read.JobDetail;
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

/** A cell's training jobs with their transport verdicts, and one job with every rank. */
@Path("/cells/{cell}/jobs")
@Produces(MediaType.TEXT_HTML)
public class JobsPage {

    private static final int LIMIT = 2000;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance jobs(String cell, List<JobSummary> jobs, int limit, CellView fresh);

        static native TemplateInstance job(String cell, JobDetail detail, CellView fresh, LineChart busbw, int limit);
    }

    private final JobReads reads;
    private final KnownCells cells;
    private final PageFreshness freshness;

    public JobsPage(JobReads reads, KnownCells cells, PageFreshness freshness) {
        this.freshness = freshness;
        this.reads = reads;
        this.cells = cells;
    }

    @GET
    public TemplateInstance jobs(@PathParam("cell") String cell) {
        known(cell);
        return Templates.jobs(cell, reads.jobs(cell, LIMIT), LIMIT, freshness.of(cell));
    }

    @GET
    @Path("/{namespace}/{name}")
    public TemplateInstance job(
            @PathParam("cell") String cell,
            @PathParam("namespace") String namespace,
            @PathParam("name") String name,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit) {
        Paging page = Paging.of(offset, limit);
        known(cell);
        JobDetail detail = reads.job(cell, namespace, name, page.offset(), page.limit())
                .orElseThrow(() -> new NotFoundException("no job " + namespace + "/" + name + " in cell " + cell));
        return Templates.job(
                cell,
                detail,
                freshness.of(cell),
                LineChart.busbw(detail.busbwHistory(), detail.job().baselineGBps()),
                page.limit());
    }

    private void known(String cell) {
        if (!cells.known(cell)) {
            throw new NotFoundException("no cell named " + cell);
        }
    }
}
