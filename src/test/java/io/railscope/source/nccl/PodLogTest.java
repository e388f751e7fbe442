package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import java.util.List;
import org.junit.jupiter.api.Test;

class PodLogTest {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Test
    void aStatusIsOneWordAndAnUnreadableLogSaysWhyAfterIt() {
        assertThat(PodLog.READ.words()).isEqualTo("read");
        assertThat(PodLog.PUSHED.words()).isEqualTo("pushed");
        assertThat(PodLog.WAITING.words()).isEqualTo("waiting");
        assertThat(PodLog.unreadable("pods \"trainer-0\" not found").words())
                .isEqualTo("unreadable: pods \"trainer-0\" not found");
        assertThat(PodLog.unreadable("Forbidden")).hasToString("unreadable: Forbidden");
    }

    @Test
    void aPodsLogIsWrittenAsItsWordsAndReadBackWithItsError() throws Exception {
        JobPod pod = new JobPod(
                "trainer-0",
                "gpu-1",
                "Running",
                8,
                List.of(),
                null,
                null,
                null,
                PodLog.unreadable("timeout"),
                List.of(),
                List.of());
        String json = JSON.writeValueAsString(pod);
        assertThat(json).contains("\"log\":\"unreadable: timeout\"");
        PodLog read = JSON.readValue(json, JobPod.class).log();
        assertThat(read.status()).isEqualTo(PodLogStatus.UNREADABLE);
        assertThat(read.error()).isEqualTo("timeout");
        assertThat(JSON.readValue("{\"name\":\"p\",\"backendInterfaces\":[],\"log\":\"waiting\"}", JobPod.class)
                        .log())
                .isEqualTo(PodLog.WAITING);
    }

    @Test
    void wordsThatNameNoStatusAreAnUnreadableLogsError() {
        PodLog log = PodLog.fromWords("connection refused");
        assertThat(log.status()).isEqualTo(PodLogStatus.UNREADABLE);
        assertThat(log.error()).isEqualTo("connection refused");
        assertThat(PodLog.fromWords("readable")).isEqualTo(PodLog.unreadable("readable"));
    }
}
