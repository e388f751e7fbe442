package io.railscope.alert;

import io.railscope.config.RailscopeConfig;
import io.railscope.model.PortHealth;

/** The rail port rules: down, below the expected rate, flapping, erroring, congested. */
final class RailPortRules {

    private final RailscopeConfig.Thresholds thresholds;

    RailPortRules(RailscopeConfig.Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    void evaluate(AlertInputs.Port port, int expectedGbps, CellConditions conditions) {
        String page = conditions.nodePage(port.node());
        String[] where = {"node", port.node(), "rail", Integer.toString(port.rail()), "device", port.device()};
        String name = port.node() + " rail " + port.rail() + " (" + port.device() + ")";
        String reason = port.reason() == null ? "" : port.reason();
        if (port.health() == PortHealth.DOWN) {
            conditions.add(conditions.condition(
                    "RailPortDown", Severity.CRITICAL, page, "Rail port " + name + " is down", reason, where));
            return;
        }
        if (expectedGbps > 0 && port.rateGbps() < expectedGbps) {
            conditions.add(conditions.condition(
                    "RailPortRateBelowExpected",
                    Severity.WARNING,
                    page,
                    "Rail port " + name + " runs at " + (int) port.rateGbps() + " of " + expectedGbps + " Gb/s",
                    reason,
                    where));
        }
        if (port.linkDownedIncrease() > 0) {
            conditions.add(conditions.condition(
                    "RailPortFlapping",
                    Severity.WARNING,
                    page,
                    "Rail port " + name + " flapped " + port.linkDownedIncrease() + " times",
                    reason,
                    where));
        }
        if (port.symbolErrorsPerHour() != null && port.symbolErrorsPerHour() > thresholds.symbolErrorsPerHour()
                || port.errorsPerSecond() != null && port.errorsPerSecond() > thresholds.errorsPerSecond()) {
            conditions.add(conditions.condition(
                    "RailPortErrors", Severity.WARNING, page, "Rail port " + name + " is erroring", reason, where));
        }
        // congested: it waited to transmit (credits, InfiniBand) or PFC paused it (RoCE); the reason says which
        if (port.congestionRatio() != null && port.congestionRatio() > thresholds.congestionRatio()
                || port.pfcPauseRatio() != null && port.pfcPauseRatio() > thresholds.pfcPauseRatio()) {
            conditions.add(conditions.condition(
                    "RailPortCongested", Severity.WARNING, page, "Rail port " + name + " is congested", reason, where));
        }
    }
}
