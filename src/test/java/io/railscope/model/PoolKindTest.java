package io.railscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PoolKindTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void labelsAreTheWordsTheApiPagesAndDatabaseHaveAlwaysUsed() {
        assertThat(Arrays.stream(PoolKind.values()).map(PoolKind::label))
                .containsExactly(
                        "configured",
                        "cilium-cluster-pool",
                        "cilium-multi-pool",
                        "calico-ippool",
                        "kubeadm-pod-subnet",
                        "node-pod-cidrs",
                        "nv-ipam-ippool",
                        "nv-ipam-cidrpool",
                        "whereabouts",
                        "service-cidr",
                        "unknown");
    }

    @Test
    void jsonAndPagesWriteTheLabel() throws Exception {
        assertThat(JSON.writeValueAsString(PoolKind.NV_IPAM_CIDRPOOL)).isEqualTo("\"nv-ipam-cidrpool\"");
        assertThat(PoolKind.CILIUM_CLUSTER_POOL).hasToString("cilium-cluster-pool");
        assertThat(JSON.readValue("\"whereabouts\"", PoolKind.class)).isEqualTo(PoolKind.WHEREABOUTS);
    }

    @Test
    void aKindThisVersionDoesNotKnowIsUnknown() throws Exception {
        assertThat(PoolKind.fromLabel("host-local")).isEqualTo(PoolKind.UNKNOWN);
        assertThat(PoolKind.fromLabel(null)).isEqualTo(PoolKind.UNKNOWN);
        assertThat(JSON.readValue("\"spiderpool\"", PoolKind.class)).isEqualTo(PoolKind.UNKNOWN);
    }
}
