package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.read.CellDetails;
import io.railscope.read.CellReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.Optional;

/** One cell: its sources, rails, unhealthy ports, neighbor tables, pools and jobs. */
@Path("/cells/{cell}")
@Produces(MediaType.TEXT_HTML)
public class CellPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance cell(
                CellView cell,
                CellDetails details,
                HeatmapLayout heatmap,
                PageRefresh refresh,
                boolean readsKubernetes);

        static native TemplateInstance cell$body(CellView cell, CellDetails details, HeatmapLayout heatmap);

        static native TemplateInstance gathering(String name);
    }

    private final CellReads reads;
    private final CellViews views;

    private final RenderedPages rendered;

    private final Fleet fleet;
    private final Clock clock;

    public CellPage(CellReads reads, CellViews views, RenderedPages rendered, Fleet fleet, Clock clock) {
        this.clock = clock;
        this.fleet = fleet;
        this.rendered = rendered;
        this.reads = reads;
        this.views = views;
    }

    @GET
    public String cell(@PathParam("cell") String name) {
        return rendered.get("cell/" + name, () -> {
            var details = reads.cell(name);
            if (details.isEmpty() && fleet.cell(name).isPresent()) {
                return Templates.gathering(name).render();
            }
            CellDetails found = details.orElseThrow(() -> new NotFoundException("no cell named " + name));
            Optional<CellSettings> settings = fleet.cell(name);
            PageRefresh refresh =
                    PageRefresh.following(settings.map(CellSettings::interval).orElse(PageRefresh.AT_LEAST_EVERY));
            return Templates.cell(
                            views.of(found.summary(), clock.instant()),
                            found,
                            heatmap(found),
                            refresh,
                            settings.map(CellSettings::readsKubernetes).orElse(true))
                    .render();
        });
    }

    @GET
    @Path("fragment")
    public String body(@PathParam("cell") String name) {
        return rendered.get("cell-fragment/" + name, () -> {
            CellDetails details = details(name);
            return Templates.cell$body(views.of(details.summary(), clock.instant()), details, heatmap(details))
                    .render();
        });
    }

    private static HeatmapLayout heatmap(CellDetails details) {
        return new HeatmapLayout(
                details.summary().counts().nodes(), Math.max(1, details.rails().size()));
    }

    private CellDetails details(String name) {
        return reads.cell(name).orElseThrow(() -> new NotFoundException("no cell named " + name));
    }
}
