package io.railscope.api;

import io.railscope.health.Freshness;
import io.railscope.read.CellDetails;
import io.railscope.read.CellReads;
import io.railscope.read.CellSummary;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Cells and their health, as JSON. */
@Path("/api/v1/cells")
@Produces(MediaType.APPLICATION_JSON)
public class CellsResource {

    private final CellReads reads;
    private final Freshness freshness;
    private final Clock clock;

    public CellsResource(CellReads reads, Freshness freshness, Clock clock) {
        this.clock = clock;
        this.reads = reads;
        this.freshness = freshness;
    }

    @GET
    @Operation(summary = "Every cell with its health, size, freshness and reasons")
    public List<CellSummaryResponse> cells() {
        Instant now = clock.instant();
        return reads.fleet().stream()
                .map(summary -> response(summary, now, null))
                .toList();
    }

    @GET
    @Path("{cell}")
    @Operation(summary = "One cell with its health, size, freshness and reasons, and the exporters that did not answer")
    public CellSummaryResponse cell(@PathParam("cell") String cell) {
        return reads.cell(cell)
                .map(details -> response(details.summary(), clock.instant(), details.failedTargets()))
                .orElseThrow(() -> new NotFoundException("no cell named " + cell));
    }

    private CellSummaryResponse response(
            CellSummary summary, Instant now, List<CellDetails.FailedTarget> failedTargets) {
        var sources = summary.sources().stream()
                .map(source -> new CellSummaryResponse.SourceResponse(
                        source.source().label(),
                        source.lastAttemptAt(),
                        source.lastSuccessAt(),
                        source.lastDurationMs(),
                        source.error(),
                        summary.isStale(source, freshness, now),
                        source.problems()))
                .toList();
        return CellSummaryResponse.of(summary, summary.isStale(freshness, now), sources, failedTargets);
    }
}
