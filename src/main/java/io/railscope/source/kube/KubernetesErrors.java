package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.railscope.source.TransportErrors;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
        Optional<String> transport = TransportErrors.cause(failure);
        if (transport.isPresent()) {
            return transport.get();
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof KubernetesClientException api && api.getCode() == 401) {
                return "401 Unauthorized: the API server did not accept the credentials (an expired token or"
                        + " certificate?)";
            }
            if (cause instanceof KubernetesClientException api && api.getCode() == 403) {
                return "403 Forbidden: " + forbidden(api);
            }
        }
        return TransportErrors.firstLine(failure.getMessage());
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
                    + "; grant it in Railscope's ClusterRole ("
                    + (cannot.group(2).equals("pods/exec") ? "k8s/clusterrole-ras-exec.yaml" : "k8s/clusterrole.yaml")
                    + ")";
        }
        return TransportErrors.firstLine(said);
    }
}
