package io.railscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class TestPeersTest {

    @Test
    void aMachineWithoutThePeersIsToldWhichPackagesToInstallInOneLine() {
        List<String> missing = TestPeers.missing(binary -> false);
        assertThat(missing)
                .containsExactly(
                        "prometheus-node-exporter",
                        "prometheus",
                        "prometheus-alertmanager",
                        "chromium",
                        "chromium-driver");
        assertThat(TestPeers.sentence(missing))
                .isEqualTo("the tests start real peers that are not installed: run `apt-get install"
                        + " prometheus-node-exporter prometheus prometheus-alertmanager chromium chromium-driver` (as"
                        + " root, the test command installs them itself)")
                .doesNotContain("\n");
    }

    @Test
    void onlyWhatIsMissingIsNamed() {
        Set<String> installed = Set.of("/usr/bin/prometheus", "/usr/bin/chromium", "/usr/bin/chromedriver");
        assertThat(TestPeers.missing(installed::contains))
                .containsExactly("prometheus-node-exporter", "prometheus", "prometheus-alertmanager");
        assertThat(TestPeers.missing(binary -> true)).isEmpty();
    }
}
