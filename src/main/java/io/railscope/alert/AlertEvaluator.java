package io.railscope.alert;

import io.railscope.config.AlertsConfig;
import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.health.Freshness;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Evaluates a cell's rules after each of its collections and moves its alerts along their lifecycle.
 * A failing evaluation is logged and leaves the alerts as they were; the collection stands.
 */
@ApplicationScoped
public class AlertEvaluator {

    private static final Logger LOG = Logger.getLogger(AlertEvaluator.class);

    private final AlertInputsReader inputs;
    private final AlertEvaluation evaluation;
    private final RailscopeConfig config;
    private final AlertRules rules;
    private final AlertChanges changes;
    private final Freshness freshness;
    private final Clock clock;

    public AlertEvaluator(
            AlertInputsReader inputs,
            AlertEvaluation evaluation,
            RailscopeConfig config,
            AlertChanges changes,
            Freshness freshness,
            Clock clock) {
        this.clock = clock;
        this.freshness = freshness;
        this.inputs = inputs;
        this.changes = changes;
        this.evaluation = evaluation;
        this.config = config;
        this.rules = new AlertRules(config.thresholds(), config.alerts().externalUrl());
    }

    public void evaluate(CellSettings cell) {
        try {
            var now = clock.instant();
            AlertInputs state = inputs.read(
                    cell.name(), AlertRules.BLOCK_FULL_RATIO, AlertRules.DISAGREEMENTS_ALERTED, JobSuspects::named);
            Duration staleAfter = freshness.staleAfter(cell.name());
            List<AlertCondition> conditions =
                    rules.evaluate(state, cell.expectedGbps(), cell.nccl().busbwTolerance(), staleAfter, now).stream()
                            .filter(condition -> rule(condition.alertname())
                                    .map(AlertsConfig.Rule::enabled)
                                    .orElse(true))
                            .toList();
            AlertTransitions transitions = evaluation.run(
                    cell.name(),
                    open -> AlertLifecycle.step(
                            conditions, open, now, this::forOf, config.alerts().keepFiringFor()));
            if (transitions != null && transitions.changesNotifications()) {
                changes.record();
            }
        } catch (RuntimeException e) {
            LOG.errorf("cell %s: alert rules not evaluated, alerts kept as they were: %s", cell.name(), e.getMessage());
        }
    }

    /** The cell's rail ports that were not OK at its last commit, whoever committed it. */
    public List<AlertInputs.Port> unhealthyPorts(String cell) {
        return inputs.unhealthyPorts(cell);
    }

    /** Grows whenever an alert started or stopped firing: delivery waits on it to act at once. */
    public long changes() {
        return changes.count();
    }

    private Duration forOf(String alertname) {
        return rule(alertname)
                .flatMap(AlertsConfig.Rule::forDuration)
                .orElse(config.alerts().defaultFor());
    }

    private Optional<AlertsConfig.Rule> rule(String alertname) {
        return Optional.ofNullable(config.alerts().rules().get(alertname));
    }
}
