package io.railscope.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.railscope.model.Plane;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Timeline events and search hits say what they are in the words the API and pages have always used. */
class KindWordsTest {

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    @Test
    void timelineEventKinds() throws Exception {
        assertThat(Arrays.stream(TimelineEvent.Kind.values()).map(TimelineEvent.Kind::label))
                .containsExactly("job", "pod", "nccl", "rail", "ras");
        assertThat(JSON.writeValueAsString(new TimelineEvent(Instant.EPOCH, TimelineEvent.Kind.NCCL, "read")))
                .contains("\"kind\":\"nccl\"");
        assertThat(TimelineEvent.Kind.RAS).hasToString("ras");
    }

    @Test
    void searchHitKinds() throws Exception {
        assertThat(Arrays.stream(SearchHit.Kind.values()).map(SearchHit.Kind::label))
                .containsExactly(
                        "node block",
                        "primary pool",
                        "backend pool",
                        "service pool",
                        "leaked address",
                        "node",
                        "pod",
                        "stuck pod",
                        "job",
                        "cell");
        assertThat(Arrays.stream(Plane.values()).map(SearchHit.Kind::poolOf).map(SearchHit.Kind::label))
                .containsExactly("primary pool", "backend pool", "service pool");
        assertThat(JSON.writeValueAsString(new SearchHit(SearchHit.Kind.STUCK_POD, "alpha", "p", "", "/")))
                .contains("\"kind\":\"stuck pod\"");
        assertThat(SearchHit.Kind.LEAKED_ADDRESS).hasToString("leaked address");
    }
}
