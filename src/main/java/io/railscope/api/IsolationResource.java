package io.railscope.api;

import io.railscope.read.IsolationReads;
import io.railscope.read.KnownCells;
import io.railscope.read.StoredFinding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** A cell's isolation findings as JSON. */
@Path("/api/v1/cells/{cell}/isolation")
@Produces(MediaType.APPLICATION_JSON)
public class IsolationResource {

    /** One finding: the check (kebab-case) and its alertname, the object to fix, why and how. */
    public record FindingResponse(
            String check,
            String alertname,
            String namespace,
            String object,
            String node,
            int affected,
            String detail,
            String why,
            String fix,
            Instant firstSeen) {

        static FindingResponse of(StoredFinding stored) {
            var finding = stored.finding();
            return new FindingResponse(
                    finding.check().label(),
                    finding.check().alertName(),
                    finding.namespace(),
                    finding.object(),
                    finding.node(),
                    finding.affected(),
                    finding.detail(),
                    finding.check().why(),
                    finding.check().fix(),
                    stored.firstSeen());
        }
    }

    private final IsolationReads reads;
    private final KnownCells cells;

    public IsolationResource(IsolationReads reads, KnownCells cells) {
        this.reads = reads;
        this.cells = cells;
    }

    @GET
    @Operation(
            summary =
                    "What the isolation audit found: namespaces without default deny, hostNetwork and privileged pods, foreign or routed"
                            + " backend networks, inference pods with rails, Multus namespaceIsolation, rail MTU, RDMA netns shared")
    public List<FindingResponse> findings(@PathParam("cell") String cell) {
        if (!cells.known(cell)) {
            throw new NotFoundException("no cell named " + cell);
        }
        return reads.findings(cell).stream().map(FindingResponse::of).toList();
    }
}
