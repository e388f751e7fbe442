package io.railscope.alert;

import io.railscope.assess.RailsDisagreement;
import io.railscope.audit.IsolationFinding;
import io.railscope.config.RailscopeConfig;
import io.railscope.health.Freshness;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.IsolationCheck;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The built-in rules: what in a cell's committed state is worth telling on-call, each finding with
 * labels (alertname, severity, cell, and node, rail, pool, namespace/job or source where they apply),
 * a summary and description, and the Railscope page that shows it.
 */
public final class AlertRules {

    /** Every rule's alertname, for configuration and pages. */
    public static final List<String> NAMES = Stream.concat(
                    Stream.of(
                            "IpPoolLowHeadroom",
                            "BackendRailPoolNearFull",
                            "NodeBlockNearFull",
                            "IpamLeakedAddresses",
                            "IpAllocationFailures",
                            "NeighborTableOverGcThresh2",
                            "NeighborTableNearGcThresh3",
                            "RailPortDown",
                            "RailPortRateBelowExpected",
                            "RailPortFlapping",
                            "RailPortErrors",
                            "RailPortCongested",
                            "RailsDisagree",
                            "FabricSwitchDegraded",
                            "FabricUplinkCongested",
                            "FabricRailDegraded",
                            "RailMiswired",
                            "NcclJobDegraded",
                            "NcclJobUnobservable",
                            "NcclJobFailed",
                            "NcclBusBandwidthLow",
                            "NcclRanksMissing",
                            "RailscopeSourceStale"),
                    Arrays.stream(IsolationCheck.values()).map(IsolationCheck::alertName))
            .toList();

    /** A node block this full is near full. */
    public static final double BLOCK_FULL_RATIO = 0.9;

    /** How many nodes whose rails disagree are alerted on at most, one alert each. */
    public static final int DISAGREEMENTS_ALERTED = 1000;

    private final RailPortRules portRules;
    private final String externalUrl;

    public AlertRules(RailscopeConfig.Thresholds thresholds, String externalUrl) {
        this.portRules = new RailPortRules(thresholds);
        this.externalUrl = externalUrl.replaceAll("/+$", "");
    }

    /**
     * @param expectedGbps the rate the cell's rail ports should run at
     * @param busbwTolerance the fraction of a job size's baseline under which its bus bandwidth is low
     * @param staleAfter   a source without success for this long is stale
     */
    public List<AlertCondition> evaluate(
            AlertInputs inputs, int expectedGbps, double busbwTolerance, Duration staleAfter, Instant now) {
        String cell = inputs.cell();
        CellConditions conditions = new CellConditions(externalUrl, cell);
        String cellPage = conditions.cellPage();
        IpamRules.evaluate(inputs, conditions);
        for (AlertInputs.Neighbor neighbor : inputs.neighbors()) {
            boolean critical = neighbor.health() == Health.CRITICAL;
            boolean ipv6 = neighbor.family() == IpFamily.IPV6;
            // an IPv6 table's alert carries family="ipv6"; the IPv4 table's keeps the labels it always had
            conditions.add(conditions.condition(
                    critical ? "NeighborTableNearGcThresh3" : "NeighborTableOverGcThresh2",
                    Severity.criticalIf(critical),
                    conditions.nodePage(neighbor.node()),
                    (ipv6 ? "IPv6 neighbor" : "Neighbor") + " table of " + neighbor.node() + " holds "
                            + neighbor.entries() + " entries",
                    neighbor.reason() == null
                            ? "gc_thresh2 " + neighbor.gcThresh2() + ", gc_thresh3 " + neighbor.gcThresh3()
                            : neighbor.reason(),
                    "node",
                    neighbor.node(),
                    "family",
                    ipv6 ? "ipv6" : null));
        }
        Set<String> explained = FabricRules.evaluate(inputs, conditions);
        for (AlertInputs.Port port : inputs.ports()) {
            if (!explained.contains(FabricRules.port(port.node(), port.rail()))) {
                portRules.evaluate(port, expectedGbps, conditions);
            }
        }
        for (RailsDisagreement node : inputs.railDisagreements()) {
            conditions.add(conditions.condition(
                    "RailsDisagree",
                    Severity.WARNING,
                    conditions.nodePage(node.node()),
                    "Rails of " + node.node() + " disagree on " + String.join(", ", node.labels()),
                    node.describe(),
                    "node",
                    node.node()));
        }
        JobRules.evaluate(inputs.jobs(), busbwTolerance, conditions);
        for (IsolationFinding finding : inputs.isolation()) {
            conditions.add(conditions
                    .condition(
                            finding.check().alertName(),
                            Severity.WARNING,
                            conditions.isolationPage(),
                            finding.object() + ": " + finding.check().summary(),
                            finding.detail() + " " + finding.check().why(),
                            "namespace",
                            finding.namespace(),
                            "object",
                            finding.object(),
                            "node",
                            finding.node())
                    .withAnnotation("fix", finding.check().fix()));
        }
        for (AlertInputs.Source source : inputs.sources()) {
            if (Freshness.isStale(source.lastSuccessAt(), staleAfter, now)) {
                conditions.add(conditions.condition(
                        "RailscopeSourceStale",
                        Severity.CRITICAL,
                        cellPage,
                        "The " + source.source().label() + " data of " + cell + " is stale",
                        "Last success "
                                + (source.lastSuccessAt() == null
                                        ? "never"
                                        : source.lastSuccessAt().toString())
                                + (source.error() == null ? "" : "; last error: " + source.error()),
                        "source",
                        source.source().label()));
            }
        }
        return conditions.all();
    }
}
