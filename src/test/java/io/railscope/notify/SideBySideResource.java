package io.railscope.notify;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.railscope.source.exposition.NodeExporterFixture;
import io.railscope.source.exposition.PrometheusFixture;
import io.railscope.source.exposition.TestServers;
import io.railscope.source.kube.MockCell;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two alerting paths over the same real node_exporters, with the same intervals, into one capturing
 * webhook: Railscope scraping them as cell {@code sbs} ({@code metrics.targets}) with its own rules
 * and receiver ({@code /railscope}), and a real Prometheus scraping them with an equivalent rule and
 * sending to a real Alertmanager ({@code /alertmanager}). The exporters are named {@code 127.0.0.1}
 * and {@code localhost} so that Railscope, which names a static target's node after its host, sees
 * two nodes; both names are the loopback address.
 */
public class SideBySideResource implements QuarkusTestResourceLifecycleManager {

    static final String CELL = "sbs";
    /** Scrape, collect and evaluation interval of both paths: the shortest Railscope's scheduler runs. */
    static final Duration INTERVAL = Duration.ofSeconds(1);

    static final Duration GROUP_WAIT = Duration.ofSeconds(1);
    static final Duration GROUP_INTERVAL = Duration.ofSeconds(1);
    static final List<String> HOSTS = List.of("127.0.0.1", "localhost");
    /**
     * Prometheus sends a resolved alert again every resend delay (1 m by default) for 15 minutes; an
     * older port's resolution arriving while a newer port fires makes Alertmanager notify the group a
     * second time. Longer than a run by default, so each trial stands alone; {@code -Dbench.resend-delay=1m}
     * shows Prometheus' default.
     */
    static final Duration RESEND_DELAY =
            Duration.parse("PT" + System.getProperty("bench.resend-delay", "1h").toUpperCase(Locale.ROOT));

    /** Railscope's RailPortDown as a Prometheus rule: a port that is not ACTIVE. */
    static final String RULES = """
            groups:
              - name: rails
                rules:
                  - alert: RailPortDown
                    expr: node_infiniband_state_id != 4
                    for: 0s
                    labels: {severity: critical, cell: "%s"}
            """.formatted(CELL);

    static WebhookCapture capture;
    static final List<NodeExporterFixture> exporters = new ArrayList<>();
    static AlertmanagerFixture alertmanager;
    static PrometheusFixture prometheus;
    private MockCell kubernetes;

    @Override
    public Map<String, String> start() {
        try {
            capture = new WebhookCapture();
            List<String> railscopeTargets = new ArrayList<>();
            List<String> prometheusTargets = new ArrayList<>();
            for (String host : HOSTS) {
                NodeExporterFixture exporter = NodeExporterFixture.start(16);
                exporters.add(exporter);
                prometheusTargets.add(exporter.address());
                railscopeTargets.add(
                        host + exporter.address().substring(exporter.address().lastIndexOf(':')));
            }
            alertmanager = AlertmanagerFixture.routingTo(capture.url("/alertmanager"), GROUP_WAIT, GROUP_INTERVAL);
            prometheus =
                    PrometheusFixture.alerting(prometheusTargets, RULES, alertmanager.url(), INTERVAL, RESEND_DELAY);
            // an empty Kubernetes API, so that the cell's other sources answer at once instead of timing out
            kubernetes = MockCell.with();
            Map<String, String> config = new HashMap<>();
            config.put("railscope.cells." + CELL + ".metrics.targets", String.join(",", railscopeTargets));
            config.put(
                    "railscope.cells." + CELL + ".kubernetes.kubeconfig",
                    kubernetes.writeKubeconfig().toString());
            config.put("railscope.cells." + CELL + ".interval", seconds(INTERVAL));
            // the test profile's simulated cells collect once and then keep out of the measurement
            config.put("railscope.cells.alpha.interval", "24h");
            config.put("railscope.cells.bravo.interval", "24h");
            config.put("railscope.alerts.rules.RailPortDown.for-duration", "0s");
            config.put("railscope.alerts.keep-firing-for", "0s");
            config.put(
                    "railscope.alerts.receivers.sbs.url",
                    capture.url("/railscope").toString());
            config.put("railscope.alerts.receivers.sbs.group-wait", seconds(GROUP_WAIT));
            config.put("railscope.alerts.receivers.sbs.group-interval", seconds(GROUP_INTERVAL));
            return config;
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("the side-by-side servers did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        List<AutoCloseable> servers = new ArrayList<>();
        servers.add(prometheus);
        servers.add(alertmanager);
        servers.addAll(exporters);
        servers.add(kubernetes);
        servers.add(capture);
        TestServers.stop(servers.toArray(AutoCloseable[]::new));
        exporters.clear();
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() + "ms";
    }
}
