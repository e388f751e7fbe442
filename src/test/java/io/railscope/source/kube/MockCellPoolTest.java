package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A pooled cell is the one server again, but holds nothing of the case before it: as a cell of its own would. */
@Execution(ExecutionMode.CONCURRENT)
class MockCellPoolTest {

    private static final String FIRST = """
            apiVersion: v1
            kind: Node
            metadata: {name: first-case-node}
            ---
            apiVersion: cilium.io/v2
            kind: CiliumPodIPPool
            metadata: {name: first-case-pool}
            spec: {ipv4: {cidrs: [10.1.0.0/16], maskSize: 24}}
            """;

    private static final String SECOND = """
            apiVersion: v1
            kind: Node
            metadata: {name: second-case-node}
            """;

    @Test
    void aCellGivenBackIsLeasedAgainEmptiedOfThePreviousCase(@TempDir Path dir) throws Exception {
        Path first = Files.writeString(dir.resolve("first.yaml"), FIRST);
        Path second = Files.writeString(dir.resolve("second.yaml"), SECOND);
        try (MockCell.Pool pool = new MockCell.Pool(1)) {
            String server;
            KubernetesClient firstClient;
            List<String> kinds;
            try (MockCell cell = pool.withFile(first)) {
                server = cell.client().getMasterUrl().toString();
                firstClient = cell.client();
                cell.refuse("/api/v1/pods");
                kinds = kinds(cell.client());
                assertThat(kinds).containsExactly("ippools", "cidrpools");
                cell.podLog("default", "p", "c", new byte[] {'x'});
                assertThat(names(cell.client().nodes().list().getItems())).containsExactly("first-case-node");
                assertThat(cell.client()
                                .genericKubernetesResources(Resources.CILIUM_POD_IP_POOL_V2)
                                .list()
                                .getItems())
                        .hasSize(1);
                assertThat(cell.watches().lists("/api/v1/nodes")).isEqualTo(1);
            }
            try (MockCell cell = pool.withFile(second)) {
                // the same server, through a client of the lease's own
                assertThat(cell.client().getMasterUrl().toString()).isEqualTo(server);
                assertThat(cell.client()).isNotSameAs(firstClient);
                // the previous lease's client is closed, and with it whatever it watched
                assertThatThrownBy(() -> firstClient.nodes().list()).isInstanceOf(RuntimeException.class);
                assertThat(names(cell.client().nodes().list().getItems())).containsExactly("second-case-node");
                assertThat(cell.watches().lists("/api/v1/nodes")).isEqualTo(1);
                // the custom kinds are known, as to a new server; a kind served only once a case's objects use it is
                // unserved again; the others are served, empty
                assertThatThrownBy(() -> cell.client()
                                .genericKubernetesResources(Resources.CILIUM_POD_IP_POOL_V2)
                                .list())
                        .isInstanceOfSatisfying(
                                KubernetesClientException.class,
                                e -> assertThat(e.getCode()).isEqualTo(404));
                assertThat(cell.client()
                                .genericKubernetesResources(Resources.CILIUM_POD_IP_POOL)
                                .list()
                                .getItems())
                        .isEmpty();
                assertThat(kinds(cell.client())).isEqualTo(kinds);
                assertThat(cell.client()
                                .genericKubernetesResources(Resources.NV_IPAM_IPPOOL)
                                .inAnyNamespace()
                                .list()
                                .getItems())
                        .isEmpty();
                // nothing refused, no pod log
                assertThat(cell.client().pods().inAnyNamespace().list().getItems())
                        .isEmpty();
                assertThat(cell.logRequests()).isZero();
                assertThatThrownBy(() -> cell.client()
                                .pods()
                                .inNamespace("default")
                                .withName("p")
                                .inContainer("c")
                                .getLog())
                        .isInstanceOf(KubernetesClientException.class);
            }
        }
    }

    /** The custom kinds the server says it serves in nv-ipam's group, as API discovery lists them. */
    private static List<String> kinds(KubernetesClient client) {
        return client.getApiResources("nv-ipam.nvidia.com/v1alpha1").getResources().stream()
                .map(APIResource::getName)
                .toList();
    }

    private static List<String> names(List<? extends HasMetadata> objects) {
        return objects.stream().map(object -> object.getMetadata().getName()).toList();
    }
}
