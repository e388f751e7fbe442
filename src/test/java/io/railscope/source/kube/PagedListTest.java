package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ListMetaBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeList;
import io.fabric8.kubernetes.api.model.NodeListBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class PagedListTest {

    @Test
    void followsContinueTokensUntilTheLastPage() {
        List<String> continues = new ArrayList<>();
        List<String> names = new ArrayList<>();
        boolean served = Pages.forEach(
                options -> {
                    continues.add(options.getContinue());
                    assertThat(options.getLimit()).isEqualTo(Pages.SIZE);
                    int page = options.getContinue() == null ? 0 : Integer.parseInt(options.getContinue());
                    return page(page, page < 2 ? Integer.toString(page + 1) : null);
                },
                (Node node) -> names.add(node.getMetadata().getName()));
        assertThat(served).isTrue();
        assertThat(continues).containsExactly(null, "1", "2");
        assertThat(names).containsExactly("node-0", "node-1", "node-2");
    }

    @Test
    void aResourceTheApiDoesNotServeIsAbsentNotAnError() {
        boolean served = Pages.forEach(
                options -> {
                    throw new KubernetesClientException("the server could not find the requested resource", 404, null);
                },
                (Node node) -> {
                    throw new AssertionError("no item expected");
                });
        assertThat(served).isFalse();
    }

    @Test
    void otherApiErrorsFailTheFetch() {
        List<String> asked = new ArrayList<>();
        assertThatThrownBy(() -> Pages.forEach(
                        options -> {
                            asked.add(options.getContinue());
                            throw new KubernetesClientException("forbidden", 403, null);
                        },
                        (Node node) -> {}))
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("forbidden");
        // an answer with a status is the server's: asked once
        assertThat(asked).hasSize(1);
    }

    @Test
    void aPageWhoseConnectionClosedBelowHttpIsAskedOnceMore() {
        // as fabric8 reports a pooled connection the server closed as it was reused: no status, the transport's cause
        List<String> asked = new ArrayList<>();
        List<String> names = new ArrayList<>();
        boolean served = Pages.forEach(
                options -> {
                    asked.add(options.getContinue());
                    if ("1".equals(options.getContinue()) && asked.size() == 2) {
                        throw new KubernetesClientException(
                                "Connection was closed", new IOException("Connection was closed"));
                    }
                    int page = options.getContinue() == null ? 0 : Integer.parseInt(options.getContinue());
                    return page(page, page < 1 ? Integer.toString(page + 1) : null);
                },
                (Node node) -> names.add(node.getMetadata().getName()));
        assertThat(served).isTrue();
        assertThat(asked).containsExactly(null, "1", "1");
        assertThat(names).containsExactly("node-0", "node-1");
    }

    @Test
    void aPageThatFailsBelowHttpTwiceFailsTheFetch() {
        List<String> asked = new ArrayList<>();
        assertThatThrownBy(() -> Pages.forEach(
                        options -> {
                            asked.add(options.getContinue());
                            throw new KubernetesClientException("Connection refused", new IOException("refused"));
                        },
                        (Node node) -> {}))
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("Connection refused");
        assertThat(asked).hasSize(2);
    }

    private static NodeList page(int page, String next) {
        return new NodeListBuilder()
                .withMetadata(new ListMetaBuilder().withContinue(next).build())
                .withItems(new NodeBuilder()
                        .withNewMetadata()
                        .withName("node-" + page)
                        .endMetadata()
                        .build())
                .build();
    }
}
