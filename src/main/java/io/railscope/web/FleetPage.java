package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.config.RailscopeConfig;
import io.railscope.model.Health;
import io.railscope.read.CellReads;
import io.railscope.read.StuckSessions;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;

/** The fleet overview: every cell's health, size, freshness and what is wrong with it. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class FleetPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance fleet(
                List<CellView> cells, List<StuckSessionView> stuck, boolean simulated, PageRefresh refresh);

        static native TemplateInstance fleet$cells(List<CellView> cells, List<StuckSessionView> stuck);
    }

    private final CellReads reads;
    private final CellViews views;

    /** Riskiest first: stale, then by health, then by firing alerts, then by name. */
    static int byRisk(CellView a, CellView b) {
        int stale = Boolean.compare(b.stale(), a.stale());
        if (stale != 0) {
            return stale;
        }
        int health = Integer.compare(rank(b.health()), rank(a.health()));
        if (health != 0) {
            return health;
        }
        int alerts = Integer.compare(b.firingAlerts(), a.firingAlerts());
        return alerts != 0 ? alerts : a.name().compareTo(b.name());
    }

    private static int rank(Health health) {
        return switch (health) {
            case CRITICAL -> 3;
            case WARNING -> 2;
            case UNKNOWN -> 1;
            case OK -> 0;
        };
    }

    private final Fleet fleet;

    private final RenderedPages rendered;

    private final StuckSessions stuckSessions;
    private final boolean endStuckSessions;
    private final Clock clock;

    public FleetPage(
            CellReads reads,
            CellViews views,
            Fleet fleet,
            RenderedPages rendered,
            StuckSessions stuckSessions,
            RailscopeConfig config,
            Clock clock) {
        this.clock = clock;
        this.stuckSessions = stuckSessions;
        this.endStuckSessions = config.replicas().endStuckSessions();
        this.rendered = rendered;
        this.reads = reads;
        this.views = views;
        this.fleet = fleet;
    }

    @GET
    public String fleet() {
        return rendered.get(
                "fleet",
                () -> Templates.fleet(cells(), stuck(), fleet.isBuiltInSimulation(), refresh())
                        .render());
    }

    /** The cell table alone, which the page re-fetches every few seconds through htmx. */
    @GET
    @Path("fragments/fleet")
    public String cellsFragment() {
        return rendered.get(
                "fleet-fragment", () -> Templates.fleet$cells(cells(), stuck()).render());
    }

    private PageRefresh refresh() {
        return PageRefresh.following(
                fleet.cells().stream().map(CellSettings::interval).toList());
    }

    /** Sessions stuck replicas left in a transaction; the fleet is shown without them when they cannot be read. */
    private List<StuckSessionView> stuck() {
        try {
            return stuckSessions.find().stream()
                    .collect(
                            Collectors.groupingBy(StuckSessionView::replicaOf, LinkedHashMap::new, Collectors.toList()))
                    .values()
                    .stream()
                    .map(sessions -> StuckSessionView.of(sessions, endStuckSessions))
                    .toList();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private List<CellView> cells() {
        Instant now = clock.instant();
        return views.of(reads.fleet(), now).stream().sorted(FleetPage::byRisk).toList();
    }
}
