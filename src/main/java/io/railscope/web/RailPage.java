package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.config.RailscopeConfig;
import io.railscope.read.JobReads;
import io.railscope.read.JobSummary;
import io.railscope.read.PortState;
import io.railscope.read.RailHealth;
import io.railscope.read.RailHomogeneities;
import io.railscope.read.RailHomogeneity;
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
                CellView fresh,
                LineChart notifications,
                LineChart pauses);
    }

    private static final Duration HISTORY = Duration.ofHours(24);

    private final RailReads reads;
    private final RailHomogeneities homogeneities;
    private final JobReads jobs;

    private final PageFreshness freshness;

    private final RailscopeConfig config;

    public RailPage(
            RailReads reads,
            RailHomogeneities homogeneities,
            JobReads jobs,
            PageFreshness freshness,
            RailscopeConfig config) {
        this.freshness = freshness;
        this.reads = reads;
        this.homogeneities = homogeneities;
        this.jobs = jobs;
        this.config = config;
    }

    @GET
    public TemplateInstance rail(@PathParam("cell") String cell, @PathParam("rail") int number) {
        List<RailHealth> rails = reads.rails(cell);
        RailHealth rail = rails.stream()
                .filter(r -> r.rail() == number)
                .findFirst()
                .orElseThrow(() -> new NotFoundException("no rail " + number + " in cell " + cell));
        List<RailSample> history = reads.railHistory(cell, number, HISTORY);
        return Templates.rail(
                cell,
                rail,
                rails,
                reads.railPorts(cell, number, PORTS_SHOWN),
                jobs.onUnhealthyRail(cell, number),
                homogeneities.of(cell, number),
                freshness.of(cell),
                LineChart.congestionNotifications(history),
                LineChart.pauses(history, config.thresholds().pfcPauseRatio()));
    }
}
