package io.railscope.notify;

import io.railscope.config.AlertsConfig;
import java.time.Duration;
import java.util.List;

/** How one webhook receiver's alerts are grouped and how often they are sent, as in an Alertmanager route. */
record GroupingRules(
        List<String> groupBy,
        Duration groupWait,
        Duration groupInterval,
        Duration repeatInterval,
        boolean sendResolved,
        int maxAlerts) {

    static GroupingRules of(AlertsConfig.Receiver receiver) {
        return new GroupingRules(
                receiver.groupBy(),
                receiver.groupWait(),
                receiver.groupInterval(),
                receiver.repeatInterval(),
                receiver.sendResolved(),
                receiver.maxAlerts());
    }
}
