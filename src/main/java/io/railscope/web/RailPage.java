package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.read.JobReads;
import io.railscope.read.JobSummary;
import io.railscope.read.PortState;
import io.railscope.read.RailHealth;
import io.railscope.read.RailHomogeneity;
import io.railscope.read.RailReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** One rail across a cell: its health, its throughput against the other rails, and its ports, the unhealthy first. */
@Path("/cells/{cell}/rails/{rail}")
@Produces(MediaType.TEXT_HTML)
public class RailPage {

    private static final int PORTS_SHOWN = 200;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance rail(
                String cell,
                RailHealth rail,
                List<RailHealth> rails,
                List<PortState> ports,
                List<JobSummary> jobs,
                RailHomogeneity homogeneity,
                CellView fresh);
    }

    private final RailReads reads;
    private final JobReads jobs;

    private final PageFreshness freshness;

    public RailPage(RailReads reads, JobReads jobs, PageFreshness freshness) {
        this.freshness = freshness;
        this.reads = reads;
        this.jobs = jobs;
    }

    @GET
    public TemplateInstance rail(@PathParam("cell") String cell, @PathParam("rail") int number) {
        List<RailHealth> rails = reads.rails(cell);
        RailHealth rail = rails.stream()
                .filter(r -> r.rail() == number)
                .findFirst()
                .orElseThrow(() -> new NotFoundException("no rail " + number + " in cell " + cell));
        return Templates.rail(
                cell,
                rail,
                rails,
                reads.railPorts(cell, number, PORTS_SHOWN),
                jobs.onUnhealthyRail(cell, number),
                reads.homogeneity(cell, number),
                freshness.of(cell));
    }
}
