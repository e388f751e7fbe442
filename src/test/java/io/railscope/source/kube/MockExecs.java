package io.railscope.source.kube;

import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code pods/exec} as the API server serves it over a WebSocket (channel 1 stdout, 2 stderr, 3 the final Status, as
 * k8s.io/apimachinery's remotecommand protocol v4 frames them), with what the command does given by the test.
 */
public final class MockExecs {

    private static final Pattern EXEC_PATH = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/exec\\?(.*)");

    /**
     * What an exec'd command did: its output, and the Status the kubelet closed the stream with; or nothing at all; or
     * the API server never even answered the upgrade.
     */
    public record Reply(String stdout, String stderr, String status, boolean hang, boolean unanswered) {

        public static Reply exited(String stdout, String stderr, int code) {
            return new Reply(stdout, stderr, code == 0 ? success() : nonZero(code), false, false);
        }

        /** The runtime could not start the command: no exit code, a message. */
        public static Reply notStarted(String message) {
            return new Reply(
                    "",
                    "",
                    "{\"metadata\":{},\"status\":\"Failure\",\"message\":" + quoted(message) + "}",
                    false,
                    false);
        }

        public static Reply hanging() {
            return new Reply("", "", null, true, false);
        }

        /** The stream ends (an API server or kubelet restarting) before the command's status. */
        public static Reply cutOff(String stdout) {
            return new Reply(stdout, "", null, false, false);
        }

        /**
         * The API server holds the upgrade unanswered (its connection to the kubelet hangs): the stream never opens,
         * and the exec is never told it did, as when fabric8 loses a stream closed right after its upgrade.
         */
        public static Reply neverOpened() {
            return new Reply("", "", null, false, true);
        }

        private static String success() {
            return "{\"metadata\":{},\"status\":\"Success\"}";
        }

        private static String nonZero(int code) {
            return "{\"metadata\":{},\"status\":\"Failure\",\"message\":\"command terminated with non-zero exit code:"
                    + " error executing command, exit code " + code + "\",\"reason\":\"NonZeroExitCode\","
                    + "\"details\":{\"causes\":[{\"reason\":\"ExitCode\",\"message\":\"" + code + "\"}]}}";
        }

        private static String quoted(String text) {
            return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
    }

    /** One exec the server was asked for. */
    public record Asked(String namespace, String pod, String container, List<String> command) {}

    private final Map<String, Function<List<String>, Reply>> commands = new ConcurrentHashMap<>();
    private final List<Asked> asked = new CopyOnWriteArrayList<>();
    private volatile boolean forbidden;

    /** Runs {@code command} in this pod's container: given the argv, what it does. */
    public void answer(String namespace, String pod, String container, Function<List<String>, Reply> command) {
        commands.put(namespace + "/" + pod + "/" + container, command);
    }

    /** Refuses every exec as the API server does for credentials without {@code create} on {@code pods/exec}. */
    public void forbid() {
        forbidden = true;
    }

    public List<Asked> asked() {
        return List.copyOf(asked);
    }

    /** The response to an exec request; null for any other request. */
    MockResponse intercept(RecordedRequest request) {
        Matcher exec = EXEC_PATH.matcher(request.getPath());
        if (!exec.matches()) {
            return null;
        }
        String namespace = exec.group(1);
        String pod = exec.group(2);
        String container = null;
        List<String> command = new ArrayList<>();
        for (String pair : exec.group(3).split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (name.equals("command")) {
                command.add(value);
            } else if (name.equals("container")) {
                container = value;
            }
        }
        asked.add(new Asked(namespace, pod, container, List.copyOf(command)));
        if (forbidden) {
            return status(
                    403,
                    "Forbidden",
                    "pods \\\"" + pod + "\\\" is forbidden: User"
                            + " \\\"system:serviceaccount:railscope:railscope\\\" cannot create resource \\\"pods/exec\\\" in API"
                            + " group \\\"\\\" in the namespace \\\"" + namespace + "\\\"");
        }
        Function<List<String>, Reply> run = commands.get(namespace + "/" + pod + "/" + container);
        if (run == null) {
            return status(404, "NotFound", "pods \\\"" + pod + "\\\" not found");
        }
        Reply reply = run.apply(command);
        if (reply.unanswered()) {
            return status(504, "Timeout", "the kubelet did not answer").setBodyDelay(Duration.ofMinutes(10));
        }
        // as an API server does for a command that is done: the frames, then the close, at once after the upgrade (a
        // race in fabric8's Vert.x client can lose such a stream: RasThroughExec asks again)
        return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
            @Override
            public void onOpen(WebSocket socket, Response response) {
                if (reply.hang()) {
                    return;
                }
                send(socket, 1, reply.stdout());
                send(socket, 2, reply.stderr());
                if (reply.status() != null) {
                    send(socket, 3, reply.status());
                }
                socket.close(1000, "");
            }
        });
    }

    private static void send(WebSocket socket, int channel, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0) {
            return;
        }
        byte[] frame = new byte[bytes.length + 1];
        frame[0] = (byte) channel;
        System.arraycopy(bytes, 0, frame, 1, bytes.length);
        socket.send(frame);
    }

    private static MockResponse status(int code, String reason, String message) {
        return new MockResponse()
                .setResponseCode(code)
                .setBody(
                        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\""
                                + message + "\",\"reason\":\"" + reason + "\",\"code\":" + code + "}");
    }
}
