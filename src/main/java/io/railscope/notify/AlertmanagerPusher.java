package io.railscope.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.railscope.alert.AlertChanges;
import io.railscope.alert.AlertState;
import io.railscope.alert.StoredAlert;
import io.railscope.config.AlertsConfig;
import io.railscope.config.RailscopeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Sends alerts to Alertmanager as Prometheus does: {@code POST /api/v2/alerts} with every firing alert
 * (endsAt = now + 4 × max(collection interval, resend delay)) and every alert resolved in the last
 * 15 minutes (endsAt = when it resolved), every resend delay and at once when an alert starts or stops
 * firing. Silenced alerts are not sent. Alertmanager deduplicates, so several replicas may send.
 */
@ApplicationScoped
public class AlertmanagerPusher implements NotificationTask {

    private static final Logger LOG = Logger.getLogger(AlertmanagerPusher.class);

    private final RailscopeConfig config;
    private final AlertsConfig alertsConfig;
    private final NotifiableAlerts notifiable;
    private final NotificationStore notifications;
    private final AlertChanges changes;
    private final HttpPost http;
    private final ObjectMapper json;
    private Instant lastPush = Instant.EPOCH;
    private long lastChanges = -1;

    public AlertmanagerPusher(
            RailscopeConfig config,
            NotifiableAlerts notifiable,
            NotificationStore notifications,
            AlertChanges changes,
            ObjectMapper json) {
        this.config = config;
        this.json = json;
        this.alertsConfig = config.alerts();
        this.notifiable = notifiable;
        this.notifications = notifications;
        this.changes = changes;
        this.http = new HttpPost(alertsConfig.deliveryTimeout());
    }

    @Override
    public String name() {
        return "railscope-alertmanager";
    }

    @Override
    public boolean configured() {
        return alertsConfig.alertmanagerUrls().isPresent()
                && !alertsConfig.alertmanagerUrls().get().isEmpty();
    }

    /** Pushes when an alert started or stopped firing, or the resend delay passed; returns when to push again. */
    @Override
    public Instant pass(Instant now) {
        long seen = changes.count();
        if (seen != lastChanges || !lastPush.plus(alertsConfig.resendDelay()).isAfter(now)) {
            push(now);
            lastChanges = seen;
            lastPush = now;
        }
        return lastPush.plus(alertsConfig.resendDelay());
    }

    /** Sends the current alerts to every configured Alertmanager. */
    public void push(Instant now) {
        List<StoredAlert> current = notifiable.load(now);
        Duration validFor =
                max(config.collect().interval(), alertsConfig.resendDelay()).multipliedBy(4);
        List<Map<String, Object>> body = new ArrayList<>();
        Set<String> firing = new HashSet<>();
        current.stream()
                .filter(alert -> alert.state() == AlertState.FIRING)
                .forEach(alert -> firing.add(alert.fingerprint()));
        for (StoredAlert alert : current) {
            boolean firesAgain = alert.state() == AlertState.RESOLVED && firing.contains(alert.fingerprint());
            if (firesAgain) {
                continue;
            }
            Map<String, Object> sent = new LinkedHashMap<>();
            sent.put("labels", alert.labels());
            sent.put("annotations", alert.annotations());
            sent.put("startsAt", alert.startsAt().toString());
            sent.put(
                    "endsAt",
                    (alert.state() == AlertState.RESOLVED ? alert.resolvedAt() : now.plus(validFor)).toString());
            sent.put("generatorURL", alert.generatorUrl());
            body.add(sent);
        }
        String pushed;
        try {
            pushed = json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        for (URI base : alertsConfig.alertmanagerUrls().orElse(List.of())) {
            URI url = URI.create(base.toString().replaceAll("/+$", "") + "/api/v2/alerts");
            String error = http.post(url, pushed);
            notifications.pushed(base.toString(), now, body.size(), error);
            if (error != null) {
                LOG.warnf("alertmanager %s: %s", base, error);
            }
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
