package io.railscope.collect;

import io.railscope.assess.TestThresholds;
import io.railscope.audit.IsolationAudit;
import io.railscope.config.AuditSettings;
import io.railscope.config.CellConfig;
import io.railscope.config.CellSettings;
import io.railscope.config.IpamSettings;
import io.railscope.config.NcclSettings;
import io.railscope.fabric.FabricLocalisation;
import io.railscope.source.ipam.RailMapping;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A metrics assessor for a cell of the default eight rails, the default thresholds and nothing committed before. */
final class EightRailAssessors {

    static final List<String> DEVICES = List.of(CellConfig.Rails.DEFAULT_DEVICES.split(","));

    private EightRailAssessors() {}

    static MetricsAssessor of(String cell, Duration interval) {
        return new MetricsAssessor(
                new CellSettings(
                        cell,
                        interval,
                        DEVICES,
                        400,
                        IpamSettings.defaults(),
                        NcclSettings.defaults(),
                        AuditSettings.defaults(),
                        Optional.empty(),
                        Optional.empty()),
                TestThresholds.defaults(),
                FabricLocalisation.Settings.DEFAULTS,
                new IsolationAudit(AuditSettings.defaults(), new RailMapping(DEVICES.size(), List.of())),
                List::of);
    }
}
