package io.railscope.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code railscope.alerts.}: rules' timing, where alerts go, and how Railscope groups for webhook receivers. */
public interface AlertsConfig {

    /** How long a condition holds before its alert fires, unless a rule overrides it. */
    @WithDefault("1m")
    Duration defaultFor();

    /** How long a firing alert keeps firing after its condition cleared, to damp flapping sources. */
    @WithDefault("2m")
    Duration keepFiringFor();

    /** Per rule (by alertname): its own {@code for} and whether it runs. */
    Map<String, Rule> rules();

    interface Rule {
        Optional<Duration> forDuration();

        @WithDefault("true")
        boolean enabled();
    }

    /** Alertmanager API bases ({@code http://am:9093}): alerts are POSTed to {@code /api/v2/alerts}. */
    Optional<List<URI>> alertmanagerUrls();

    /** How often firing alerts are sent to Alertmanager again. */
    @WithDefault("1m")
    Duration resendDelay();

    /** The base of generatorURL and of a webhook payload's externalURL: where users reach Railscope. */
    @WithDefault("http://localhost:8080")
    String externalUrl();

    /** Webhook receivers Railscope groups for itself, by name. */
    Map<String, Receiver> receivers();

    interface Receiver {
        /** What kind of receiver it is, which says what its notifications look like. */
        @WithDefault("webhook")
        Kind kind();

        URI url();

        /** PagerDuty's routing key (an Events API v2 integration key); required by {@code kind=pagerduty}. */
        Optional<String> routingKey();

        /** The kinds of receiver Railscope writes notifications for. */
        enum Kind {
            /** Alertmanager's webhook payload, version 4. */
            WEBHOOK,
            /** PagerDuty's Events API v2: one event per group, resolved when the group is. */
            PAGERDUTY
        }

        /** Labels that form a group; {@code ...} groups by every label. */
        @WithDefault("alertname,cell")
        List<String> groupBy();

        @WithDefault("30s")
        Duration groupWait();

        @WithDefault("5m")
        Duration groupInterval();

        @WithDefault("4h")
        Duration repeatInterval();

        @WithDefault("true")
        boolean sendResolved();

        /** Alerts per notification at most; the rest are counted in truncatedAlerts. */
        @WithDefault("0")
        @Min(0)
        int maxAlerts();
    }

    /** Undelivered notifications kept at most; the oldest are dropped beyond it. */
    @WithDefault("10000")
    @Min(10)
    @Max(1000000)
    int outboxLimit();

    /** How long one delivery attempt may take. */
    @WithDefault("10s")
    Duration deliveryTimeout();
}
