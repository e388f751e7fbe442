package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * A failed call to a cell's API server in a user's words: which server, through which kubeconfig and context (never a
 * credential), and why: connection refused, name not resolved, TLS failure, 401, 403 with the verb and resource the
 * credentials lack, no answer in time. fabric8's own message ("Operation: [list] for kind: [Node] … failed") says
 * none of these.
 */
final class KubernetesErrors {

    /** The API server's words for a refusal: {@code User "x" cannot list resource "nodes" in API group ""}. */
    private static final Pattern CANNOT =
            Pattern.compile("cannot (\\w+) resource \"([^\"]+)\"(?: in API group \"([^\"]*)\")?");

    private KubernetesErrors() {}

    /** {@code failure} said as the cell's user would want it, about the server at {@code where}. */
    static IllegalStateException inWords(Throwable failure, String where) {
        return new IllegalStateException("Kubernetes API " + where + ": " + cause(failure), failure);
    }

    static String cause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof NoRouteToHostException) {
                return "connection refused (is the server address and port right, and the API server up?)";
            }
            if (cause instanceof UnknownHostException) {
                return "name not resolved: " + cause.getMessage();
            }
            if (cause instanceof SSLException) {
                return "TLS failure: " + firstLine(cause.getMessage())
                        + " (check the server's certificate authority and the server address)";
            }
            if (cause instanceof SocketTimeoutException
                    || cause instanceof HttpTimeoutException
                    || cause instanceof TimeoutException) {
                return "no answer in time (" + firstLine(cause.getMessage()) + ")";
            }
            if (cause instanceof KubernetesClientException api && api.getCode() == 401) {
                return "401 Unauthorized: the API server did not accept the credentials (an expired token or"
                        + " certificate?)";
            }
            if (cause instanceof KubernetesClientException api && api.getCode() == 403) {
                return "403 Forbidden: " + forbidden(api);
            }
        }
        return firstLine(failure.getMessage());
    }

    private static String forbidden(KubernetesClientException refused) {
        String said = refused.getStatus() != null && refused.getStatus().getMessage() != null
                ? refused.getStatus().getMessage()
                : String.valueOf(refused.getMessage());
        Matcher cannot = CANNOT.matcher(said);
        if (cannot.find()) {
            String group =
                    cannot.group(3) == null || cannot.group(3).isEmpty() ? "" : " (API group " + cannot.group(3) + ")";
            return "the credentials may not " + cannot.group(1) + " " + cannot.group(2) + group
                    + "; grant it in Railscope's ClusterRole (k8s/clusterrole.yaml)";
        }
        return firstLine(said);
    }

    private static String firstLine(String message) {
        return message == null ? "no message" : message.lines().findFirst().orElse(message);
    }
}
