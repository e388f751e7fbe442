package io.railscope.notify;

import io.quarkus.scheduler.Scheduled;
import io.railscope.config.AlertsConfig;
import io.railscope.config.RailscopeConfig;
import io.railscope.model.Silence;
import io.railscope.store.AlertStore;
import io.railscope.store.NotificationStore;
import io.railscope.store.SilenceStore;
import io.railscope.store.StoredAlert;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Railscope's own notification pipeline for webhook receivers: every second, and at once when an
 * alert starts or stops firing, silence → group (wait,
 * interval, repeat) → outbox, then deliver what is due, retrying a failed receiver with backoff
 * (1 s doubling to 5 min). Receivers that are down, slow or closing the connection hold up nothing
 * else but their own notifications.
 */
@ApplicationScoped
public class WebhookNotifier {

    private static final Logger LOG = Logger.getLogger(WebhookNotifier.class);
    private static final Duration RESOLVED_WINDOW = Duration.ofMinutes(15);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    private final AlertsConfig config;
    private final AlertStore alerts;
    private final SilenceStore silences;
    private final NotificationStore notifications;
    private final HttpPost http;
    private final io.railscope.alert.AlertEvaluator evaluator;
    private final Clock clock = Clock.systemUTC();
    private long lastChanges = -1;
    private Instant nextCheck = Instant.EPOCH;
    private Instant nextDelivery = Instant.EPOCH;

    public WebhookNotifier(RailscopeConfig config, AlertStore alerts, SilenceStore silences, NotificationStore notifications,
            io.railscope.alert.AlertEvaluator evaluator) {
        this.evaluator = evaluator;
        this.config = config.alerts();
        this.alerts = alerts;
        this.silences = silences;
        this.notifications = notifications;
        this.http = new HttpPost(this.config.deliveryTimeout());
    }

    @Scheduled(every = "0.2s", delayed = "2s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        Instant now = clock.instant();
        long changes = evaluator.changes();
        if (config.receivers().isEmpty()) {
            return;
        }
        try {
            boolean grouped = false;
            if (changes != lastChanges || !now.isBefore(nextCheck)) {
                lastChanges = changes;
                nextCheck = group(now);
                grouped = true;
            }
            if (grouped || !now.isBefore(nextDelivery)) {
                nextDelivery = now.plusSeconds(1);
                deliver(clock.instant());
            }
        } catch (RuntimeException e) {
            LOG.errorf("webhook notifications: %s", e.getMessage());
        }
    }

    /** One grouping pass over every receiver; returns when it should run again at the latest. */
    public Instant group(Instant now) {
        List<StoredAlert> current = alerts.current(now.minus(RESOLVED_WINDOW));
        List<Silence> active = silences.recent(now);
        Instant next = now.plusSeconds(1);
        for (Map.Entry<String, AlertsConfig.Receiver> receiver : config.receivers().entrySet()) {
            Instant due = notifications.group(receiver.getKey(), receiver.getValue().url().toString(), config.outboxLimit(), now,
                    groups -> Grouping.decide(receiver.getKey(), GroupingRules.of(receiver.getValue()), config.externalUrl(), current, active, groups, now));
            if (due != null && due.isBefore(next)) {
                next = due;
            }
        }
        return next;
    }

    /** Sends what is due in the outbox. */
    public void deliver(Instant now) {
        notifications.deliverDue(now, 20, entry -> http.post(URI.create(entry.url()), entry.payload()), WebhookNotifier::backoff);
    }

    static Duration backoff(int attempts) {
        Duration delay = Duration.ofSeconds(1L << Math.min(attempts - 1, 20));
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }
}
