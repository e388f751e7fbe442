package io.railscope.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.railscope.config.LabelSelector;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Execution(ExecutionMode.CONCURRENT)
class LabelSelectorTest {

    private static final Map<String, String> LABELS =
            Map.of("app", "llm", "tier", "serving", "serving.kserve.io/inferenceservice", "llm");

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "app=llm | true",
                "app==llm | true",
                "app=other | false",
                "app!=other | true",
                "app!=llm | false",
                "serving.kserve.io/inferenceservice | true",
                "!serving.kserve.io/inferenceservice | false",
                "missing | false",
                "!missing | true",
                "tier in (serving, batch) | true",
                "tier in (batch) | false",
                "tier notin (batch) | true",
                "missing notin (a) | true",
                "'app=llm, tier in (serving,x), !missing' | true",
                "'app=llm,tier=batch' | false"
            })
    void matchesLikeTheApiServer(String selector, boolean matches) {
        assertThat(LabelSelector.parse(selector).matches(LABELS)).isEqualTo(matches);
    }

    @Test
    void keysAreWhatItLooksAt() {
        assertThat(LabelSelector.parse("app=llm, !canary, tier in (a,b), zone notin (x), team!=ops")
                        .keys())
                .containsExactlyInAnyOrder("app", "canary", "tier", "zone", "team");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"app=(x) | app=(x)", "' ' | empty", "a b c | a b c"})
    void unreadableSelectorsNameTheRequirement(String selector, String named) {
        assertThatThrownBy(() -> LabelSelector.parse(selector))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(named);
    }
}
