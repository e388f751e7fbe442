package io.railscope.notify;

import io.quarkus.runtime.ShutdownEvent;
import io.railscope.alert.AlertChanges;
import io.railscope.alert.StoredAlert;
import io.railscope.config.AlertsConfig;
import io.railscope.config.RailscopeConfig;
import io.railscope.model.Silence;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jboss.logging.Logger;

/**
 * The webhook {@link Notifier}: the alerts the silence stage lets through are grouped (wait, interval,
 * repeat) into the outbox and delivered. Delivery claims a receiver's due notifications, sends them on that
 * receiver's own thread outside any transaction (with an {@code Idempotency-Key} header that stays the
 * same for every attempt of a notification) and records each answer; a failed receiver is retried with
 * backoff (1 s doubling to 5 min). A receiver that is down, slow or closing the connection holds up
 * only its own notifications.
 */
@ApplicationScoped
public class WebhookNotifier implements Notifier {

    private static final Logger LOG = Logger.getLogger(WebhookNotifier.class);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    private static final int BATCH = 20;

    private final AlertsConfig config;
    private final NotifiableAlerts notifiable;
    private final NotificationStore notifications;
    private final AlertChanges changes;
    private final HttpPost http;
    private final Clock clock = Clock.systemUTC();
    private final String replica = "railscope-" + UUID.randomUUID();
    private final Map<String, ExecutorService> senders = new ConcurrentHashMap<>();
    private final Map<String, Future<?>> inFlight = new ConcurrentHashMap<>();
    private long lastChanges = -1;
    private Instant nextCheck = Instant.EPOCH;

    public WebhookNotifier(
            RailscopeConfig config,
            NotifiableAlerts notifiable,
            NotificationStore notifications,
            AlertChanges changes) {
        this.config = config.alerts();
        this.notifiable = notifiable;
        this.notifications = notifications;
        this.changes = changes;
        this.http = new HttpPost(this.config.deliveryTimeout());
    }

    @Override
    public String name() {
        return "railscope-webhooks";
    }

    @Override
    public boolean configured() {
        return !config.receivers().isEmpty();
    }

    void stop(@Observes ShutdownEvent event) {
        senders.values().forEach(ExecutorService::shutdownNow);
    }

    @Override
    public Instant pass(Instant now) {
        return pass(now, changes.count());
    }

    /** Groups when alerts changed or a group fell due, hands each receiver its due notifications; returns when to run again. */
    private Instant pass(Instant now, long changes) {
        if (changes != lastChanges || !now.isBefore(nextCheck)) {
            lastChanges = changes;
            nextCheck = group(now);
        }
        for (String receiver : config.receivers().keySet()) {
            Future<?> running = inFlight.get(receiver);
            if (running == null || running.isDone()) {
                inFlight.put(
                        receiver,
                        senders.computeIfAbsent(
                                        receiver,
                                        key -> Executors.newSingleThreadExecutor(runnable -> {
                                            Thread thread = new Thread(runnable, "railscope-webhook-" + key);
                                            thread.setDaemon(true);
                                            return thread;
                                        }))
                                .submit(() -> sendDue(receiver)));
            }
        }
        Instant due = notifications.nextDue();
        Instant next = due != null && due.isBefore(nextCheck) ? due : nextCheck;
        // what is due now but held by a receiver still sending goes when that receiver is done: look again shortly
        boolean sending = inFlight.values().stream().anyMatch(future -> !future.isDone());
        return sending && next.isBefore(now.plusMillis(250)) ? now.plusMillis(250) : next;
    }

    /** One grouping pass over every receiver; returns when it should run again at the latest. */
    public Instant group(Instant now) {
        NotifiableAlerts.Loaded loaded = notifiable.load(now);
        List<StoredAlert> current = loaded.alerts();
        List<Silence> active = loaded.silences();
        Instant next = now.plus(WakeLoop.MAX_SLEEP);
        for (Map.Entry<String, AlertsConfig.Receiver> receiver :
                config.receivers().entrySet()) {
            Instant due = notifications.group(
                    receiver.getKey(),
                    receiver.getValue().url().toString(),
                    config.outboxLimit(),
                    now,
                    groups -> Grouping.decide(
                            receiver.getKey(),
                            GroupingRules.of(receiver.getValue()),
                            config.externalUrl(),
                            current,
                            active,
                            groups,
                            now));
            if (due != null && due.isBefore(next)) {
                next = due;
            }
        }
        return next;
    }

    /** Sends what is due in the outbox now, in the calling thread. */
    public void deliver(Instant now) {
        for (String receiver : config.receivers().keySet()) {
            sendDue(receiver);
        }
    }

    /**
     * Sends a receiver's due notifications one at a time, each claimed just before it goes: a replica that
     * dies holds at most the one in flight, for no longer than a send can take.
     */
    private void sendDue(String receiver) {
        for (int sent = 0; sent < BATCH; sent++) {
            Instant now = clock.instant();
            List<OutboxEntry> claimed = notifications.claim(replica, receiver, now, claimUntil(now), 1);
            if (claimed.isEmpty()) {
                return;
            }
            OutboxEntry entry = claimed.get(0);
            String error = http.post(URI.create(entry.url()), entry.payload(), entry.idempotencyKey());
            Instant at = clock.instant();
            try {
                notifications.record(entry, replica, error, at, at.plus(backoff(entry.attempts() + 1)));
            } catch (RuntimeException e) {
                // the claim expires and the notification goes again, with the same key
                LOG.errorf(
                        "webhook %s: the answer to notification %d was not recorded: %s",
                        entry.receiver(), entry.id(), e.getMessage());
            }
        }
    }

    /** A claim outlives the longest one send can take (connect and response timeouts), so only a dead replica's expires. */
    private Instant claimUntil(Instant now) {
        return now.plus(config.deliveryTimeout().multipliedBy(2)).plusSeconds(5);
    }

    static Duration backoff(int attempts) {
        Duration delay = Duration.ofSeconds(1L << Math.min(attempts - 1, 20));
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }
}
