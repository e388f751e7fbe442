package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.assess.NeighborAssessment;
import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.read.JobReads;
import io.railscope.read.JobSummary;
import io.railscope.read.NodeDetail;
import io.railscope.read.RailReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;

/** One node: its neighbor table against the kernel's limits, and each rail with its state and recent rates. */
@Path("/cells/{cell}/nodes/{node}")
@Produces(MediaType.TEXT_HTML)
public class NodePage {

    private static final Duration HISTORY = Duration.ofHours(24);

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance node(
                NodeDetail node,
                List<RailChart> rails,
                int expectedGbps,
                List<JobSummary> jobs,
                CellView fresh,
                List<NeighborTable> neighborTables);
    }

    /** One of the node's neighbor tables, with its entries of the last day against its limits. */
    record NeighborTable(NeighborAssessment table, LineChart chart) {}

    private final RailReads reads;
    private final JobReads jobs;
    private final Fleet fleet;

    private final PageFreshness freshness;

    public NodePage(RailReads reads, JobReads jobs, Fleet fleet, PageFreshness freshness) {
        this.freshness = freshness;
        this.reads = reads;
        this.jobs = jobs;
        this.fleet = fleet;
    }

    @GET
    public TemplateInstance node(@PathParam("cell") String cell, @PathParam("node") String name) {
        NodeDetail node = reads.node(cell, name, HISTORY)
                .orElseThrow(() -> new NotFoundException("no node named " + name + " in cell " + cell));
        List<RailChart> rails = node.ports().stream()
                .map(port -> new RailChart(
                        port,
                        LineChart.rates(node.historyByRail().getOrDefault(port.rail(), List.of())),
                        LineChart.errors(node.historyByRail().getOrDefault(port.rail(), List.of()))))
                .toList();
        return Templates.node(
                node,
                rails,
                fleet.cell(cell).map(CellSettings::expectedGbps).orElse(0),
                jobs.onNode(cell, name),
                freshness.of(cell),
                node.neighborTables().stream()
                        .map(table -> new NeighborTable(
                                table,
                                LineChart.neighbors(
                                        node.neighborHistory(table.family()), table.gcThresh2(), table.gcThresh3())))
                        .toList());
    }
}
