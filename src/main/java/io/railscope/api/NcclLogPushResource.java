package io.railscope.api;

import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.http.ErrorBody;
import io.railscope.source.nccl.ContainerLog;
import io.railscope.source.nccl.NcclLogArchive;
import io.railscope.source.nccl.NcclLogFacts;
import io.railscope.source.nccl.NcclLogParser;
import io.railscope.source.nccl.RankFacts;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * Logs that jobs ship themselves (and nccl-tests output): parsed like a pod's log, kept per pod, and
 * merged into the job at the cell's next collection. The log itself is not kept, only its facts, and of those the ranks of the
 * first {@code railscope.nccl.max-hosts-per-push} hosts: the job counts the rest.
 */
@Path("/api/v1/cells/{cell}/nccl/logs")
public class NcclLogPushResource {

    /** What is read and dropped of a log past its cell's push-max-bytes, at most (see {@link #discardRest}). */
    static final long DISCARDED_AT_MOST = 4L * 1024 * 1024;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]{0,251}[A-Za-z0-9])?");

    private final Fleet fleet;
    private final NcclLogArchive store;
    private final Clock clock;

    public NcclLogPushResource(Fleet fleet, NcclLogArchive store, Clock clock) {
        this.clock = clock;
        this.fleet = fleet;
        this.store = store;
    }

    /**
     * What was kept of a pushed log.
     *
     * @param hostsDropped hosts past {@code railscope.nccl.max-hosts-per-push}, whose ranks were not kept
     * @param ranksDropped their ranks
     */
    public record PushResult(
            String cell,
            String namespace,
            String job,
            String pod,
            int ranks,
            List<String> networks,
            long infoLines,
            long warnings,
            Double busbwGBps,
            long bytes,
            int hostsDropped,
            int ranksDropped) {}

    @POST
    @Consumes({MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM})
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Push a job's NCCL log (text/plain); its facts join the job at the next collection")
    public Response push(
            @PathParam("cell") String cell,
            @QueryParam("namespace") String namespace,
            @QueryParam("job") String job,
            @QueryParam("pod") String pod,
            @Context RoutingContext exchange,
            InputStream body)
            throws IOException {
        CellSettings settings = fleet.cell(cell).orElseThrow(() -> new NotFoundException("no cell named " + cell));
        for (String[] parameter : new String[][] {{"namespace", namespace}, {"job", job}, {"pod", pod}}) {
            if (parameter[1] == null || !NAME.matcher(parameter[1]).matches()) {
                return error(
                        Response.Status.BAD_REQUEST,
                        "query parameter " + parameter[0]
                                + " must be a Kubernetes name: letters, digits, '-', '_' and '.', at most 253, starting and ending alphanumeric",
                        parameter[0]);
            }
        }
        int cap = settings.nccl().pushMaxBytes();
        NcclLogFacts facts = NcclLogParser.parse(body, cap)
                .withHostsAtMost(settings.nccl().limits().maxHostsPerPush());
        if (facts.truncated()) {
            discardRest(body);
            // the rest of a body sent in chunks would be read to its end, however long: the connection ends instead
            exchange.addEndHandler(sent -> exchange.request().connection().close());
            return error(
                    Response.Status.REQUEST_ENTITY_TOO_LARGE,
                    "the log is larger than railscope.cells." + cell + ".nccl.push-max-bytes (" + cap
                            + " bytes): push the start of the log, where NCCL prints its network",
                    "body");
        }
        ContainerLog log = new ContainerLog(namespace, job, pod, "", ContainerLog.PUSHED, null, clock.instant(), facts);
        if (!store.push(cell, log)) {
            return error(
                    Response.Status.SERVICE_UNAVAILABLE,
                    "cell " + cell + " has not been collected yet: push again after its first collection",
                    null);
        }
        List<String> networks = facts.ranks().stream()
                .map(RankFacts::network)
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        return Response.accepted(new PushResult(
                        cell,
                        namespace,
                        job,
                        pod,
                        facts.ranks().size(),
                        networks,
                        facts.infoLines(),
                        facts.warningCount(),
                        Double.isFinite(facts.busbwGBps()) ? facts.busbwGBps() : null,
                        facts.bytesRead(),
                        facts.hostsDropped(),
                        facts.ranksDropped()))
                .type(MediaType.APPLICATION_JSON)
                .build();
    }

    /**
     * Reads and drops at most {@link #DISCARDED_AT_MOST} more bytes of a log refused as too large, so that a client still
     * sending a log a little too large reads the 413 instead of a reset connection; the connection closes after the
     * answer. Reading on would pass Quarkus' own body limit, which closes the connection without the message.
     */
    private static void discardRest(InputStream body) {
        try {
            long left = DISCARDED_AT_MOST;
            byte[] buffer = new byte[64 * 1024];
            for (int n; left > 0 && (n = body.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0; ) {
                left -= n;
            }
        } catch (IOException e) {
            // the client went away: nobody reads the answer
        }
    }

    private static Response error(Response.Status status, String message, String field) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON)
                .entity(new ErrorBody(message, field))
                .build();
    }
}
