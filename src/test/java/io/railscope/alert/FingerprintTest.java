package io.railscope.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class FingerprintTest {

    @Test
    void isTheFingerprintAlertmanagerGivesTheSameLabels() {
        // as Alertmanager 0.25 reported this alert at /api/v2/alerts
        assertThat(Fingerprint.of(Map.of(
                        "alertname",
                        "RailPortDown",
                        "cell",
                        "alpha",
                        "device",
                        "mlx5_5",
                        "node",
                        "alpha-gpu-00015",
                        "rail",
                        "6",
                        "severity",
                        "critical")))
                .isEqualTo("7e85be680b2a09d1");
        assertThat(Fingerprint.of(Map.of())).isEqualTo("cbf29ce484222325");
        assertThat(Fingerprint.of(Map.of("a", "b"))).isNotEqualTo(Fingerprint.of(Map.of("a", "c")));
    }
}
