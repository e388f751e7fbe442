package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.railscope.source.nccl.PodAddress;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A pod's addresses from its status and its network-status annotation (testdata/kube/network-status). */
@Execution(ExecutionMode.CONCURRENT)
class PodAddressesTest {

    @Test
    void multusQuickstartsAnnotationKeepsThePodNetworksInterfaceAndAddsTheAttachment() throws IOException {
        Pod pod = new PodBuilder()
                .withNewMetadata()
                .withName("samplepod")
                .addToAnnotations(NetworkStatus.ANNOTATION, fixture("multus-quickstart.json"))
                .endMetadata()
                .withNewStatus()
                .withPodIP("10.244.1.73")
                .endStatus()
                .build();
        assertThat(PodAddresses.of(pod))
                .containsExactly(
                        new PodAddress("10.244.1.73", "eth0", null), new PodAddress("192.168.1.205", "net1", null));
    }

    @Test
    void anRdmaAttachmentCarriesItsDeviceAndAMalformedAnnotationLeavesThePodNetwork() {
        String rail = "[{\"name\":\"team-a/rail-2\",\"interface\":\"net2\",\"ips\":[\"10.202.0.17\"],"
                + "\"device-info\":{\"type\":\"pci\",\"version\":\"1.1.0\",\"pci\":{\"pci-address\":\"0000:2a:00.0\","
                + "\"rdma-device\":\"mlx5_1\"}}}]";
        assertThat(NetworkStatus.addresses(rail)).containsExactly(new PodAddress("10.202.0.17", "net2", "mlx5_1"));
        Pod broken = new PodBuilder()
                .withNewMetadata()
                .withName("p")
                .addToAnnotations(NetworkStatus.ANNOTATION, "not json at all [")
                .endMetadata()
                .withNewStatus()
                .withPodIP("10.244.0.5")
                .endStatus()
                .build();
        assertThat(PodAddresses.of(broken)).containsExactly(new PodAddress("10.244.0.5", "eth0", null));
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = PodAddressesTest.class.getResourceAsStream("/testdata/kube/network-status/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
