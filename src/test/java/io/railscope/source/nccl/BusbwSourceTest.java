package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BusbwSourceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void labelsAreTheWordsTheApiPagesAndDatabaseHaveAlwaysUsed() throws Exception {
        assertThat(Arrays.stream(BusbwSource.values()).map(BusbwSource::label))
                .containsExactly("nccl-tests", "inspector", "unknown");
        assertThat(JSON.writeValueAsString(BusbwSource.INSPECTOR)).isEqualTo("\"inspector\"");
        assertThat(BusbwSource.NCCL_TESTS).hasToString("nccl-tests");
    }

    @Test
    void aStoredSourceIsReadBackAndOneThisVersionDoesNotKnowIsUnknown() throws Exception {
        assertThat(JSON.readValue("\"nccl-tests\"", BusbwSource.class)).isEqualTo(BusbwSource.NCCL_TESTS);
        assertThat(JSON.readValue("\"nccl-perf\"", BusbwSource.class)).isEqualTo(BusbwSource.UNKNOWN);
        assertThat(BusbwSource.fromLabel(null)).isNull();
    }
}
