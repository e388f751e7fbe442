package io.railscope.notify;

import io.railscope.alert.AlertState;
import io.railscope.alert.StoredAlert;
import io.railscope.model.Silence;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * The silence stage, the only place alerts are held back before grouping: those still pending, and those a silence
 * active at the time mutes (a silence that cannot be evaluated mutes nothing).
 */
@ApplicationScoped
public class SilenceStage implements Stage<List<StoredAlert>, List<StoredAlert>> {

    private final SilenceStore silences;

    public SilenceStage(SilenceStore silences) {
        this.silences = silences;
    }

    @Override
    public List<StoredAlert> run(List<StoredAlert> alerts, Instant now) {
        return pass(alerts, silences.recent(now), now);
    }

    /** What {@code active} silences let through at {@code now}. */
    static List<StoredAlert> pass(List<StoredAlert> alerts, List<Silence> active, Instant now) {
        return alerts.stream()
                .filter(alert -> alert.state() != AlertState.PENDING && !Silence.muted(active, alert.labels(), now))
                .toList();
    }
}
