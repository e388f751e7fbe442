package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A read only the isolation audit needs. A refusal (403: a ClusterRole from before the audit) is
 * reported among the cell's problems and the read skipped, instead of failing the cell's whole
 * Kubernetes source; any other error fails it as every read does.
 */
final class AuditRead {

    private AuditRead() {
    }

    /** What {@code read} returned, or empty when the API refused it or it returned null. */
    static <T> Optional<T> of(String what, String grant, List<String> problems, Supplier<T> read) {
        try {
            return Optional.ofNullable(read.get());
        } catch (KubernetesClientException e) {
            if (e.getCode() != 403) {
                throw e;
            }
            problems.add(what + ": the API refused to show them (403); grant " + grant + " (k8s/clusterrole.yaml). The isolation checks"
                    + " that need them are skipped");
            return Optional.empty();
        }
    }
}
