package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.railscope.source.IsolationObjects.Attachment;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Multus network-status as pods carry it, and as it arrives broken. */
@Execution(ExecutionMode.CONCURRENT)
class NetworkStatusTest {

    @Test
    void theDefaultNetworkIsLeftOutAndTheRestKept() throws IOException {
        String status = """
                [{"name":"cilium","interface":"eth0","ips":["10.64.0.9"],"default":true,"dns":{}},
                 {"name":"team-a/rail-1","interface":"net1","ips":["10.201.0.9"],"mac":"02:00:00:00:00:01","mtu":9000,
                  "device-info":{"type":"pci","version":"1.1.0","pci":{"pci-address":"0000:1a:00.2","rdma-device":"mlx5_0"}}},
                 {"name":"team-a/storage","ips":["10.250.0.4"]}]""";
        assertThat(NetworkStatus.attachments(status))
                .containsExactly(
                        new Attachment("team-a/rail-1", "net1", 9000, "mlx5_0"),
                        new Attachment("team-a/storage", "team-a/storage", null, null));
        assertThat(NetworkStatus.attachments("[]")).isEmpty();
        assertThat(NetworkStatus.attachments(" ")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"name\":\"x\"} | not a JSON list",
                "[1] | an entry is not an object",
                "[{\"name\": | ",
                "[{\"name\":\"a\"} | end-of-input"
            })
    void brokenAnnotationsAreErrors(String annotation, String message) {
        var thrown =
                assertThatThrownBy(() -> NetworkStatus.attachments(annotation)).isInstanceOf(IOException.class);
        if (message != null) {
            thrown.hasMessageContaining(message);
        }
    }
}
