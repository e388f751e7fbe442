package io.railscope.notify;

import io.railscope.alert.AlertState;
import io.railscope.alert.AlertStore;
import io.railscope.alert.StoredAlert;
import io.railscope.model.Silence;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The silence stage: the alerts a notifier may tell, firing and resolved within the last 15 minutes,
 * less those a silence mutes (a silence that cannot be evaluated mutes nothing) and those still pending.
 */
@ApplicationScoped
public class NotifiableAlerts {

    /** How long a resolved alert is still told: Prometheus sends resolutions this long. */
    static final Duration RESOLVED_WINDOW = Duration.ofMinutes(15);

    private final AlertStore alerts;
    private final SilenceStore silences;

    public NotifiableAlerts(AlertStore alerts, SilenceStore silences) {
        this.alerts = alerts;
        this.silences = silences;
    }

    /** The alerts to tell at {@code now}, and the silences that applied. */
    public Loaded load(Instant now) {
        List<Silence> active = silences.recent(now);
        List<StoredAlert> notifiable = alerts.current(now.minus(RESOLVED_WINDOW)).stream()
                .filter(alert -> alert.state() != AlertState.PENDING && !Silence.muted(active, alert.labels(), now))
                .toList();
        return new Loaded(notifiable, active);
    }

    /** What the silence stage let through. */
    public record Loaded(List<StoredAlert> alerts, List<Silence> silences) {}
}
