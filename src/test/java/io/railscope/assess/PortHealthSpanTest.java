package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.model.PortHealth;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A rail port's samples while a job ran, as the spans it was not OK. */
@Execution(ExecutionMode.CONCURRENT)
class PortHealthSpanTest {

    private static PortHealthSample at(String time, PortHealth health) {
        return new PortHealthSample(Instant.parse("2026-12-01T" + time + "Z"), health);
    }

    @Test
    void consecutiveSamplesOfOneHealthAreOneSpanEndingAtTheNextHealth() {
        assertThat(PortHealthSpan.words(List.of(
                        at("02:50:00", PortHealth.OK),
                        at("02:51:00", PortHealth.DOWN),
                        at("02:52:00", PortHealth.DOWN),
                        at("02:53:00", PortHealth.DEGRADED),
                        at("02:58:00", PortHealth.OK),
                        at("03:10:00", PortHealth.DOWN))))
                .containsExactly(
                        "DOWN from 2026-12-01T02:51:00Z to 2026-12-01T02:53:00Z",
                        "DEGRADED from 2026-12-01T02:53:00Z to 2026-12-01T02:58:00Z",
                        "DOWN from 2026-12-01T03:10:00Z on");
    }

    @Test
    void aPortOkThroughoutHasNoSpan() {
        assertThat(PortHealthSpan.words(List.of(at("02:50:00", PortHealth.OK), at("02:51:00", PortHealth.OK))))
                .isEmpty();
        assertThat(PortHealthSpan.words(List.of())).isEmpty();
    }
}
