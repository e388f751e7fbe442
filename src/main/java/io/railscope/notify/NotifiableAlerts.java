package io.railscope.notify;

import io.railscope.alert.AlertStore;
import io.railscope.alert.StoredAlert;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The alerts a notifier may tell: firing, and resolved within the last 15 minutes, as the silence stage lets them
 * through.
 */
@ApplicationScoped
public class NotifiableAlerts {

    /** How long a resolved alert is still told: Prometheus sends resolutions this long. */
    static final Duration RESOLVED_WINDOW = Duration.ofMinutes(15);

    private final AlertStore alerts;
    private final SilenceStage silences;

    public NotifiableAlerts(AlertStore alerts, SilenceStage silences) {
        this.alerts = alerts;
        this.silences = silences;
    }

    /** The alerts to tell at {@code now}. */
    public List<StoredAlert> load(Instant now) {
        return silences.run(alerts.current(now.minus(RESOLVED_WINDOW)), now);
    }
}
