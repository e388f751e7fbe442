package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.Map;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a NetworkAttachmentDefinition's CNI config says about routing, MTU and IPAM, in the shapes CNI allows. */
@Execution(ExecutionMode.CONCURRENT)
class AttachmentConfigTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // single plugin, no routing
                "{\"type\":\"sriov\",\"mtu\":9000,\"ipam\":{\"type\":\"nv-ipam\",\"poolName\":\"rail-1\"}} | sriov | 9000 | rail-1 | ''",
                // static IPAM with a gateway per address
                "{\"type\":\"macvlan\",\"ipam\":{\"type\":\"static\",\"addresses\":[{\"address\":\"10.9.0.5/24\",\"gateway\":\"10.9.0.1\"}]}} | macvlan | | | ipam.addresses gateway 10.9.0.1",
                // host-local ranges with a gateway, and routes
                "{\"type\":\"ib-sriov\",\"ipam\":{\"type\":\"host-local\",\"ranges\":[[{\"subnet\":\"10.8.0.0/16\",\"gateway\":\"10.8.0.1\"}]],\"routes\":[{\"dst\":\"10.0.0.0/8\"}]}} | ib-sriov | | | ipam.routes 10.0.0.0/8; ipam.ranges gateway 10.8.0.1",
                // a conflist: the first plugin's type, the IPAM of the plugin that has one, the MTU of the tuning
                // plugin
                "{\"cniVersion\":\"0.4.0\",\"plugins\":[{\"type\":\"sriov\",\"ipam\":{\"type\":\"nv-ipam\",\"poolName\":\"p\",\"gateway\":\"10.7.0.1\"}},{\"type\":\"tuning\",\"mtu\":4200}]} | sriov | 4200 | p | ipam.gateway 10.7.0.1"
            })
    void readsTypeMtuPoolAndRouting(String config, String type, Integer mtu, String pool, String routing) {
        AttachmentConfig read = AttachmentConfig.of(nad(config));
        assertThat(read.definition().cniType()).isEqualTo(type);
        assertThat(read.definition().mtu()).isEqualTo(mtu);
        assertThat(read.definition().poolName()).isEqualTo(pool);
        assertThat(String.join("; ", read.definition().routing())).isEqualTo(routing);
        assertThat(read.attachment().poolName()).isEqualTo(pool);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"{\"type\": sriov | spec.config is not JSON", "[1, 2] | spec.config is not a JSON object"})
    void aConfigThatIsNoJsonObjectNamesTheField(String config, String message) {
        assertThatThrownBy(() -> AttachmentConfig.of(nad(config)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @org.junit.jupiter.api.Test
    void aConfigNestedBeyondAnyCniFormatIsRefusedNamingTheField() {
        String deep = "{\"a\":".repeat(1_000) + "1" + "}".repeat(1_000);
        assertThatThrownBy(() -> AttachmentConfig.of(nad(deep)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("spec.config is not JSON")
                .hasMessageContaining("nesting depth");
    }

    private static GenericKubernetesResource nad(String config) {
        GenericKubernetesResource resource = new GenericKubernetesResource();
        resource.setMetadata(
                new ObjectMetaBuilder().withNamespace("team-a").withName("net").build());
        resource.setAdditionalProperty("spec", Map.of("config", config));
        return resource;
    }
}
