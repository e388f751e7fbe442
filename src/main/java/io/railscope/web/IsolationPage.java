package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.config.Fleet;
import io.railscope.model.IsolationCheck;
import io.railscope.read.IsolationReads;
import io.railscope.read.KnownCells;
import io.railscope.read.StoredFinding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;

/** A cell's isolation audit: per check, why it matters, how to fix it, and every object it found. */
@Path("/cells/{cell}/isolation")
@Produces(MediaType.TEXT_HTML)
public class IsolationPage {

    /** One check with its findings in this cell; {@code runs} is false when the cell turned it off. */
    public record CheckFindings(IsolationCheck check, boolean runs, List<StoredFinding> findings) {}

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance isolation(String cell, List<CheckFindings> checks, int total, CellView fresh);
    }

    private final IsolationReads reads;
    private final KnownCells cells;
    private final Fleet fleet;
    private final PageFreshness freshness;

    public IsolationPage(IsolationReads reads, KnownCells cells, Fleet fleet, PageFreshness freshness) {
        this.reads = reads;
        this.cells = cells;
        this.fleet = fleet;
        this.freshness = freshness;
    }

    @GET
    public TemplateInstance isolation(@PathParam("cell") String cell) {
        if (!cells.known(cell)) {
            throw new NotFoundException("no cell named " + cell);
        }
        List<StoredFinding> findings = reads.findings(cell);
        List<CheckFindings> checks = new ArrayList<>();
        var settings = fleet.cell(cell);
        for (IsolationCheck check : IsolationCheck.values()) {
            checks.add(new CheckFindings(
                    check,
                    settings.map(cellSettings -> cellSettings.audit().runs(check))
                            .orElse(true),
                    findings.stream()
                            .filter(stored -> stored.finding().check() == check)
                            .toList()));
        }
        return Templates.isolation(cell, checks, findings.size(), freshness.of(cell));
    }
}
