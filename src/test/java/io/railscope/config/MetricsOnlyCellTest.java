package io.railscope.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Which configured cells have their Kubernetes API read: a metrics source and no kubernetes key make a metrics-only cell. */
@Execution(ExecutionMode.CONCURRENT)
class MetricsOnlyCellTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "targets only                     | metrics.targets=10.0.0.1:9100                                   | false",
                "prometheus only                  | metrics.prometheus-url=http://prometheus:9090                  | false",
                "targets and a kubeconfig         | metrics.targets=10.0.0.1:9100;kubernetes.kubeconfig=/etc/kc     | true",
                "targets and a context            | metrics.targets=10.0.0.1:9100;kubernetes.context=prod           | true",
                "targets and in-cluster           | metrics.targets=10.0.0.1:9100;kubernetes.in-cluster=true        | true",
                "a kubeconfig, turned off         | kubernetes.kubeconfig=/etc/kc;kubernetes.enabled=false;metrics.targets=10.0.0.1:9100 | false",
                "targets, turned on explicitly    | metrics.targets=10.0.0.1:9100;kubernetes.enabled=true           | true",
                "nothing but a kubeconfig         | kubernetes.kubeconfig=/etc/kc                                   | true",
                "nothing at all (default context) | interval=30s                                                    | true",
            })
    void theKubernetesApiIsReadUnlessTheCellIsMetricsOnly(String title, String keys, boolean readsKubernetes) {
        assertThat(ConfiguredCells.cell(keys).readsKubernetes()).isEqualTo(readsKubernetes);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "exporter pods need the API | kubernetes.enabled=false;metrics.exporter-selector=app=node-exporter | metrics.exporter-selector",
            })
    void aMetricsOnlyCellCannotFindExporterPods(String title, String keys, String named) {
        assertThatThrownBy(() -> ConfiguredCells.cell(keys))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("railscope.cells.edge." + named)
                .hasMessageContaining("kubernetes.enabled=false");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a token for exporters    | metrics.targets=10.0.0.1:9100;metrics.bearer-token-file=/var/run/token",
                "headers with no query API | metrics.headers.X-Scope-OrgID=gpu-west",
            })
    void queryCredentialsNeedAQueryApi(String title, String keys) {
        assertThatThrownBy(() -> ConfiguredCells.cell(keys))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("railscope.cells.edge.metrics.bearer-token-file and metrics.headers")
                .hasMessageContaining("set metrics.prometheus-url");
    }

    static Stream<Arguments> headersHttpCannotCarry() {
        return Stream.of(
                Arguments.of("a value of two lines", "X-Scope-OrgID", "gpu-west\r\nX-Injected: 1"),
                Arguments.of("a name with a space", "X Scope", "gpu-west"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("headersHttpCannotCarry")
    void aHeaderThatHttpCannotCarryIsRefused(String title, String name, String value) {
        Map<String, String> properties = new HashMap<>();
        properties.put("railscope.cells.edge.metrics.prometheus-url", "http://prometheus:9090");
        properties.put("railscope.cells.edge.metrics.headers." + name, value);
        assertThatThrownBy(() -> ConfiguredCells.cell(properties))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("railscope.cells.edge.metrics.headers." + name + ": not an HTTP header")
                .hasMessageNotContaining("X-Injected");
    }
}
