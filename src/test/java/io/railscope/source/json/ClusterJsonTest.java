package io.railscope.source.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class ClusterJsonTest {

    @Test
    void readsWhatClustersSendWithinTheLimits() throws Exception {
        String nested = "[".repeat(ClusterJson.MAX_DEPTH) + "]".repeat(ClusterJson.MAX_DEPTH);
        assertThat(ClusterJson.read(nested).isArray()).isTrue();
        String text = "x".repeat(ClusterJson.MAX_STRING);
        assertThat(ClusterJson.read("{\"log\":\"" + text + "\"}").path("log").asText())
                .hasSize(ClusterJson.MAX_STRING);
    }

    @Test
    void refusesDocumentsDeeperOrLongerThanAnyRealFormat() {
        String nested = "[".repeat(ClusterJson.MAX_DEPTH + 1) + "]".repeat(ClusterJson.MAX_DEPTH + 1);
        assertThatThrownBy(() -> ClusterJson.read(nested))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("nesting depth");
        String text = "x".repeat(ClusterJson.MAX_STRING + 1);
        assertThatThrownBy(() -> ClusterJson.read("{\"log\":\"" + text + "\"}"))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("String value length");
    }
}
