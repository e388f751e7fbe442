package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A read a cell's ClusterRole may not grant (one from before Railscope needed it). A refusal (403) is
 * reported among the cell's problems with the grant to add and what is missing meanwhile, and the
 * read skipped, instead of failing the cell's whole Kubernetes source; any other error fails it as
 * every read does.
 */
final class GrantedRead {

    private GrantedRead() {}

    /** What {@code read} returned, or empty when the API refused it or it returned null. */
    static <T> Optional<T> of(String what, String grant, String meanwhile, List<String> problems, Supplier<T> read) {
        try {
            return Optional.ofNullable(read.get());
        } catch (KubernetesClientException e) {
            if (e.getCode() != 403) {
                throw e;
            }
            problems.add(what + ": the API refused (403); grant " + grant + " (k8s/clusterrole.yaml). " + meanwhile);
            return Optional.empty();
        }
    }
}
