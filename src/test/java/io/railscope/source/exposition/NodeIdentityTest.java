package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class NodeIdentityTest {

    @Test
    void exportersOnDifferentHostsKeepTheirHostAsNode() {
        List<ExporterTarget> targets = List.of(ExporterTarget.of("10.0.0.1:9100"), ExporterTarget.of("10.0.0.2:9100"));
        NodeIdentity.Resolved resolved = NodeIdentity.of(targets);
        assertThat(resolved.targets()).isEqualTo(targets);
        assertThat(resolved.notes()).isEmpty();
    }

    @Test
    void threeExportersOnOneHostAreThreeNodesNamedByAddressAndSaidSo() {
        NodeIdentity.Resolved resolved = NodeIdentity.of(List.of(
                ExporterTarget.of("10.0.0.1:9100"),
                ExporterTarget.of("10.0.0.1:9101"),
                ExporterTarget.of("10.0.0.2:9100"),
                ExporterTarget.of("10.0.0.1:9102")));
        assertThat(resolved.targets())
                .extracting(ExporterTarget::node)
                .containsExactly("10.0.0.1:9100", "10.0.0.1:9101", "10.0.0.1:9102", "10.0.0.2");
        assertThat(resolved.notes())
                .containsExactly("exporters 10.0.0.1:9100, 10.0.0.1:9101, 10.0.0.1:9102 would all be node 10.0.0.1:"
                        + " kept as 3 nodes named by their address, so that no host's ports are merged into another's");
    }

    @Test
    void twoExporterPodsOnOneNodeDuringARollOutAreKeptApart() {
        NodeIdentity.Resolved resolved = NodeIdentity.of(List.of(
                new ExporterTarget("10.64.0.5:9100", "gpu-a-000"), new ExporterTarget("10.64.0.9:9100", "gpu-a-000")));
        assertThat(resolved.targets())
                .extracting(ExporterTarget::node)
                .containsExactly("10.64.0.5:9100", "10.64.0.9:9100");
        assertThat(resolved.notes()).singleElement().asString().contains("would all be node gpu-a-000");
    }
}
