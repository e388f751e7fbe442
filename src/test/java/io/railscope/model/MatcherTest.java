package io.railscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Silence matchers are RE2 anchored as Alertmanager anchors them, checked by the code that evaluates them. */
@Execution(ExecutionMode.CONCURRENT)
class MatcherTest {

    @ParameterizedTest
    @ValueSource(strings = {"\\Qnode", "(?=gpu)gpu.*", "(a)\\1", "a*+", "(?>a)", "[z-a]", "(unclosed"})
    void whatRe2RefusesIsRefusedAtCreation(String pattern) {
        assertThat(new Matcher("node", pattern, true, true).problem(1))
                .startsWith("matchers[1].value is not a valid RE2 regular expression");
    }

    @Test
    void re2PatternsMatchAnchored() {
        Matcher matcher = new Matcher("node", "gpu-(0|1)\\d+", true, true);
        assertThat(matcher.problem(0)).isNull();
        assertThat(matcher.matches(Map.of("node", "gpu-012"))).isTrue();
        assertThat(matcher.matches(Map.of("node", "xgpu-012"))).isFalse();
        assertThat(new Matcher("node", "gpu.*", true, false).matches(Map.of())).isTrue();
    }

    @Test
    void aStoredSilenceThatCannotBeEvaluatedMutesNothingAndSaysWhy() {
        Instant now = Instant.parse("2026-11-30T12:00:00Z");
        Silence poison = new Silence(
                UUID.randomUUID(),
                List.of(
                        new Matcher("alertname", "RailPortDown", false, true),
                        new Matcher("node", "\\Qgpu", true, true)),
                now.minusSeconds(60),
                now.plusSeconds(3600),
                "sre",
                "maintenance",
                now,
                null);
        Silence fine = new Silence(
                UUID.randomUUID(),
                List.of(new Matcher("node", "gpu-7", false, true)),
                now.minusSeconds(60),
                now.plusSeconds(3600),
                "sre",
                "maintenance",
                now,
                null);
        assertThat(poison.broken()).contains("matchers[1]");
        assertThat(poison.mutes(Map.of("alertname", "RailPortDown", "node", "gpu"), now))
                .isFalse();
        // the broken silence does not stop the others from being evaluated
        assertThat(Silence.muted(List.of(poison, fine), Map.of("node", "gpu-7"), now))
                .isTrue();
    }
}
