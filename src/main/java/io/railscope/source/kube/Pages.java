package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.function.Consumer;
import java.util.function.Function;

/** Lists in pages of {@link #SIZE} with {@code limit}/{@code continue}, so a 400,000-pod cell never arrives in one response. */
final class Pages {

    static final long SIZE = 500;

    private Pages() {}

    /** Hands every item of every page to {@code each}; returns false when the API does not serve the resource (404). */
    static <T extends HasMetadata> boolean forEach(
            Function<ListOptions, ? extends KubernetesResourceList<T>> list, Consumer<T> each) {
        return list(list, each) != null;
    }

    /**
     * As {@link #forEach}, returning the list's resourceVersion (every page of one list shares the first page's), or
     * null when the API does not serve the resource.
     */
    static <T extends HasMetadata> String list(
            Function<ListOptions, ? extends KubernetesResourceList<T>> list, Consumer<T> each) {
        String version = null;
        String next = null;
        do {
            ListOptions options =
                    new ListOptionsBuilder().withLimit(SIZE).withContinue(next).build();
            KubernetesResourceList<T> page;
            try {
                page = OnceMore.belowHttp(() -> list.apply(options));
            } catch (KubernetesClientException e) {
                if (e.getCode() == 404) {
                    return null;
                }
                throw e;
            }
            page.getItems().forEach(each);
            if (version == null && page.getMetadata() != null) {
                version = page.getMetadata().getResourceVersion();
            }
            next = page.getMetadata() == null ? null : page.getMetadata().getContinue();
        } while (next != null && !next.isEmpty());
        return version == null ? "" : version;
    }
}
