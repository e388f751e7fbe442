package io.railscope.alert;

import io.railscope.assess.PeerBlame;
import io.railscope.assess.RailPortRows;
import io.railscope.assess.StoredRailPorts;

/** Names each failed job's suspects ({@link PeerBlame}) from its warnings and pods and the cell's rail ports now. */
final class JobSuspects {

    private JobSuspects() {}

    static AlertInputs named(AlertInputs inputs, RailPortRows rows) {
        // an alert carries no history: the ports as they are now
        StoredRailPorts ports = StoredRailPorts.now(rows);
        return inputs.withJobs(inputs.jobs().stream()
                .map(job -> job.withSuspects(PeerBlame.suspects(job.warnings(), job.pods(), ports)))
                .toList());
    }
}
