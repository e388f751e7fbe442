package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.RequestConfigBuilder;
import io.fabric8.kubernetes.client.dsl.ExecListener;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import io.fabric8.kubernetes.client.http.WebSocketHandshakeException;
import io.railscope.source.TransportErrors;
import io.railscope.source.json.ClusterJson;
import io.railscope.source.nccl.RasClient;
import io.railscope.source.nccl.RasExecCommand;
import io.railscope.source.nccl.RasQuerier;
import io.railscope.source.nccl.RasTarget;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Asks a job's RAS service by running NCCL's own client, {@code ncclras}, in the job's container through the API
 * server ({@code pods/exec}): the service may keep NCCL's default, localhost:28028, and nothing needs to reach the pod.
 * The client's output is the answer (JSON where it was asked for JSON); a non-zero exit is an error with what the client
 * printed on stderr, or what the runtime said (no such command, no such container).
 *
 * <p>A query keeps to the timeout it is given, the opening of the exec stream included: fabric8 waits for the opening
 * as long as its client's request timeout (the cell's, which may be longer), so each exec goes through a client whose
 * request timeout is the time the opening may take. The opening can also go untold: when the API server ends the stream
 * right after the upgrade, as it does for a command that is done at once, fabric8's Vert.x client may have read the
 * close before it sets its handlers on the socket (kubernetes-httpclient-vertx 7.5.2: {@code VertxHttpClient} sets them
 * in a callback on the upgrade's future, which Vert.x runs as a task of its own once the future is complete if the
 * callback came late; {@code VertxWebSocket.init} then throws "WebSocket is closed" and the future exec waits on never
 * completes). So a stream not open within half the time left is given up and the client run once more in the rest: it
 * only reads.
 */
final class RasThroughExec implements RasQuerier {

    private static final int MAX_STDERR = 2048;

    private final KubernetesClient client;
    private final String command;
    private final String where;

    /** @param where the API server, for errors ({@link KubernetesClients#where}) */
    RasThroughExec(KubernetesClient client, String command, String where) {
        this.client = client;
        this.command = command;
        this.where = where;
    }

    @Override
    public RasClient.Answer status(RasTarget.Where target, Duration timeout) throws RasClient.RasException {
        List<String> argv = RasExecCommand.of(command, target, timeout);
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            try {
                return run(target, argv, timeout, deadline, (deadline - System.nanoTime()) / 2);
            } catch (NotOpened first) {
                return run(target, argv, timeout, deadline, deadline - System.nanoTime());
            }
        } catch (NotOpened again) {
            throw new RasClient.RasException(
                    "exec through the Kubernetes API " + where + ": the exec stream to " + target.pod()
                            + " did not open within " + timeout.toMillis() + " ms",
                    again.getCause());
        }
    }

    /** One exec of the client: its stream open within {@code openWithin} (ns), its answer in by {@code deadline}. */
    private RasClient.Answer run(
            RasTarget.Where target, List<String> argv, Duration timeout, long deadline, long openWithin)
            throws RasClient.RasException, NotOpened {
        long openMillis = TimeUnit.NANOSECONDS.toMillis(openWithin);
        if (openMillis < 1) {
            throw new NotOpened(null);
        }
        // fabric8's wait for the opening, and Vert.x's for the upgrade, start after this: a failure past it is theirs
        long openBy = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(openMillis);
        KubernetesClient bounded = client.newClient(
                        new RequestConfigBuilder(client.getConfiguration().getRequestConfig())
                                .withRequestTimeout((int) Math.min(Integer.MAX_VALUE, openMillis))
                                .build())
                .adapt(KubernetesClient.class);
        Captured out = new Captured(RasClient.MAX_ANSWER);
        Captured err = new Captured(MAX_STDERR);
        Captured status = new Captured(MAX_STDERR);
        CountDownLatch closed = new CountDownLatch(1);
        ExecWatch watch;
        try {
            watch = bounded.pods()
                    .inNamespace(target.namespace())
                    .withName(target.pod())
                    .inContainer(target.container())
                    .writingOutput(out)
                    .writingError(err)
                    .writingErrorChannel(status)
                    .usingListener(new ExecListener() {
                        @Override
                        public void onClose(int code, String reason) {
                            closed.countDown();
                        }
                    })
                    .exec(argv.toArray(String[]::new));
        } catch (RuntimeException e) {
            // fabric8 passes on what the transport threw: an upgrade that Vert.x's timer (the same bound) ends is
            // Netty's WebSocketHandshakeException, no KubernetesClientException
            if (System.nanoTime() - openBy >= 0) {
                throw new NotOpened(e);
            }
            throw new RasClient.RasException(failed(e), e);
        }
        Integer exit;
        try (watch) {
            exit = watch.exitCode().get(remaining(deadline), TimeUnit.NANOSECONDS);
            // the streams are written off the socket's thread, in order: they are complete when the close is told
            if (!closed.await(remaining(deadline), TimeUnit.NANOSECONDS)) {
                throw new TimeoutException();
            }
        } catch (TimeoutException e) {
            throw new RasClient.RasException(argv.get(0) + " gave no answer within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RasClient.RasException("interrupted", e);
        } catch (ExecutionException e) {
            throw new RasClient.RasException(failed(e.getCause()), e.getCause());
        } catch (KubernetesClientException e) {
            throw new RasClient.RasException(failed(e), e);
        }
        if (exit == null) {
            throw new RasClient.RasException(
                    "the exec stream to " + target.pod() + " closed without " + argv.get(0) + "'s exit status");
        }
        if (exit != 0) {
            String said = !err.text().isBlank() ? err.text() : statusMessage(status.text());
            throw new RasClient.RasException(argv.get(0) + " in " + target.pod() + " exited with " + exit
                    + (said.isBlank() ? "" : ": " + shown(said)));
        }
        if (out.size() == 0) {
            throw new RasClient.RasException(argv.get(0) + " in " + target.pod() + " printed no status");
        }
        return new RasClient.Answer(RasExecCommand.json(target), out.text(), out.truncated);
    }

    /** An exec whose stream was not told open in the time given to it, with fabric8's failure when there was one. */
    private static final class NotOpened extends Exception {
        NotOpened(Throwable cause) {
            super(cause);
        }
    }

    /** The runtime's words in the exec's final status ({@code {"status":"Failure","message":"…"}}). */
    private static String statusMessage(String status) {
        try {
            return ClusterJson.read(status).path("message").asText(status);
        } catch (IOException e) {
            return status;
        }
    }

    private String failed(Throwable failure) {
        return "exec through the Kubernetes API " + where + ": "
                + refusedUpgrade(failure).orElseGet(() -> KubernetesErrors.cause(failure));
    }

    /**
     * A refused WebSocket upgrade carries only its status code: a 403 here is the one permission exec needs (the
     * {@code create} verb since Kubernetes 1.35, {@code get} on the WebSocket path before).
     */
    private static Optional<String> refusedUpgrade(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof WebSocketHandshakeException handshake
                    && handshake.getResponse() != null
                    && handshake.getResponse().code() == 403) {
                return Optional.of("403 Forbidden: the credentials may not create pods/exec; grant it in Railscope's"
                        + " ClusterRole (k8s/clusterrole-ras-exec.yaml)");
            }
        }
        return Optional.empty();
    }

    private static long remaining(long deadline) throws TimeoutException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new TimeoutException();
        }
        return left;
    }

    /** What a client printed, as one line to show: control characters dropped, at most 300 characters. */
    private static String shown(String said) {
        String line = TransportErrors.firstLine(
                said.replaceAll("[\\p{Cntrl}&&[^\n]]", "").strip());
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }

    /** A stream's bytes up to a limit, the rest counted as cut. */
    private static final class Captured extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int limit;
        private volatile boolean truncated;

        Captured(int limit) {
            this.limit = limit;
        }

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] data, int offset, int length) {
            int kept = Math.min(length, limit - bytes.size());
            bytes.write(data, offset, Math.max(0, kept));
            truncated |= kept < length;
        }

        synchronized int size() {
            return bytes.size();
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
