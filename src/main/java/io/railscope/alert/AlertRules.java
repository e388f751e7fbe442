package io.railscope.alert;

import io.railscope.assess.JobAssessment;
import io.railscope.audit.IsolationFinding;
import io.railscope.config.RailscopeConfig;
import io.railscope.health.Freshness;
import io.railscope.model.Health;
import io.railscope.model.IsolationCheck;
import io.railscope.model.Plane;
import io.railscope.model.PortHealth;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
                            "NcclJobDegraded",
                            "NcclJobUnobservable",
                            "NcclJobFailed",
                            "NcclBusBandwidthLow",
                            "RailscopeSourceStale"),
                    Arrays.stream(IsolationCheck.values()).map(IsolationCheck::alertName))
            .toList();

    /** A node block this full is near full. */
    public static final double BLOCK_FULL_RATIO = 0.9;

    private final RailscopeConfig.Thresholds thresholds;
    private final String externalUrl;

    public AlertRules(RailscopeConfig.Thresholds thresholds, String externalUrl) {
        this.thresholds = thresholds;
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
        String cellPage = "/cells/" + url(cell);
        List<AlertCondition> conditions = new ArrayList<>();
        for (AlertInputs.Pool pool : inputs.pools()) {
            String plane = pool.plane().name().toLowerCase(Locale.ROOT);
            String page = cellPage + "/pools/" + plane + "/" + url(pool.name());
            boolean unhealthy = pool.health() == Health.WARNING || pool.health() == Health.CRITICAL;
            if (unhealthy && pool.plane() == Plane.BACKEND) {
                conditions.add(condition(
                        "BackendRailPoolNearFull",
                        severity(pool.health()),
                        cell,
                        page,
                        "Backend pool " + pool.name() + " of rail " + pool.rail() + " is nearly full",
                        pool.reason(),
                        "pool",
                        pool.name(),
                        "rail",
                        pool.rail() == null ? "" : pool.rail().toString()));
            } else if (unhealthy) {
                conditions.add(condition(
                        "IpPoolLowHeadroom",
                        severity(pool.health()),
                        cell,
                        page,
                        plane + " pool " + pool.name() + " is running out of addresses",
                        pool.reason(),
                        "pool",
                        pool.name(),
                        "plane",
                        plane));
            }
            if (pool.leaked() > 0) {
                conditions.add(condition(
                        "IpamLeakedAddresses",
                        "warning",
                        cell,
                        page,
                        pool.leaked() + " addresses of " + pool.name() + " are leaked",
                        "Allocations name pods that no longer exist; they are lost to new pods until reclaimed.",
                        "pool",
                        pool.name()));
            }
            if (pool.allocationFailures() > 0) {
                conditions.add(condition(
                        "IpAllocationFailures",
                        "warning",
                        cell,
                        page,
                        "Pods fail to get an address from " + pool.name(),
                        pool.allocationFailures() + " allocation failure events: pods wait in ContainerCreating.",
                        "pool",
                        pool.name()));
            }
        }
        if (inputs.allocationFailureEvents() > 0
                && inputs.pools().stream().noneMatch(pool -> pool.allocationFailures() > 0)) {
            conditions.add(condition(
                    "IpAllocationFailures",
                    "warning",
                    cell,
                    cellPage,
                    "Pods fail to get an address",
                    inputs.allocationFailureEvents() + " allocation failure events: pods wait in ContainerCreating.",
                    "pool",
                    ""));
        }
        for (AlertInputs.Block block : inputs.fullBlocks()) {
            conditions.add(condition(
                    "NodeBlockNearFull",
                    block.used() >= block.capacity() ? "critical" : "warning",
                    cell,
                    node(cellPage, block.node()),
                    "Node " + block.node() + " has used " + block.used() + " of " + block.capacity() + " addresses of "
                            + block.cidr(),
                    "New pods on this node will fail to get an address once its block is full.",
                    "node",
                    block.node(),
                    "pool",
                    block.pool()));
        }
        for (AlertInputs.Neighbor neighbor : inputs.neighbors()) {
            boolean critical = neighbor.health() == Health.CRITICAL;
            conditions.add(condition(
                    critical ? "NeighborTableNearGcThresh3" : "NeighborTableOverGcThresh2",
                    critical ? "critical" : "warning",
                    cell,
                    node(cellPage, neighbor.node()),
                    "Neighbor table of " + neighbor.node() + " holds " + neighbor.entries() + " entries",
                    neighbor.reason() == null
                            ? "gc_thresh2 " + neighbor.gcThresh2() + ", gc_thresh3 " + neighbor.gcThresh3()
                            : neighbor.reason(),
                    "node",
                    neighbor.node()));
        }
        for (AlertInputs.Port port : inputs.ports()) {
            ports(conditions, cell, node(cellPage, port.node()), port, expectedGbps);
        }
        for (AlertInputs.Job job : inputs.jobs()) {
            String page = cellPage + "/jobs/" + url(job.namespace()) + "/" + url(job.name());
            String name = switch (job.verdict()) {
                case FAILED -> "NcclJobFailed";
                case UNOBSERVABLE -> "NcclJobUnobservable";
                case DEGRADED, RDMA_OK -> "NcclJobDegraded";
            };
            String severity = switch (job.verdict()) {
                case FAILED -> "critical";
                case UNOBSERVABLE -> "info";
                case DEGRADED, RDMA_OK -> "warning";
            };
            conditions.add(condition(
                    name,
                    severity,
                    cell,
                    page,
                    "Job " + job.namespace() + "/" + job.name() + " is " + job.verdict(),
                    job.reason(),
                    "namespace",
                    job.namespace(),
                    "job",
                    job.name()));
            if (job.busbwGBps() != null
                    && job.baselineGBps() != null
                    && JobAssessment.belowBaseline(job.busbwGBps(), job.baselineGBps(), busbwTolerance)) {
                conditions.add(condition(
                        "NcclBusBandwidthLow",
                        "warning",
                        cell,
                        page,
                        String.format(
                                Locale.ROOT,
                                "Job %s/%s reaches %.1f GB/s of the cell's %.1f GB/s",
                                job.namespace(),
                                job.name(),
                                job.busbwGBps(),
                                job.baselineGBps()),
                        String.format(
                                Locale.ROOT,
                                "Bus bandwidth under %.0f%% of the baseline for jobs of this size.",
                                busbwTolerance * 100),
                        "namespace",
                        job.namespace(),
                        "job",
                        job.name()));
            }
        }
        for (IsolationFinding finding : inputs.isolation()) {
            conditions.add(condition(
                            finding.check().alertName(),
                            "warning",
                            cell,
                            cellPage + "/isolation",
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
                conditions.add(condition(
                        "RailscopeSourceStale",
                        "critical",
                        cell,
                        cellPage,
                        "The " + source.source() + " data of " + cell + " is stale",
                        "Last success "
                                + (source.lastSuccessAt() == null
                                        ? "never"
                                        : source.lastSuccessAt().toString())
                                + (source.error() == null ? "" : "; last error: " + source.error()),
                        "source",
                        source.source()));
            }
        }
        return conditions;
    }

    private void ports(
            List<AlertCondition> conditions, String cell, String page, AlertInputs.Port port, int expectedGbps) {
        String[] where = {"node", port.node(), "rail", Integer.toString(port.rail()), "device", port.device()};
        String name = port.node() + " rail " + port.rail() + " (" + port.device() + ")";
        String reason = port.reason() == null ? "" : port.reason();
        if (port.health() == PortHealth.DOWN) {
            conditions.add(
                    condition("RailPortDown", "critical", cell, page, "Rail port " + name + " is down", reason, where));
            return;
        }
        if (expectedGbps > 0 && port.rateGbps() < expectedGbps) {
            conditions.add(condition(
                    "RailPortRateBelowExpected",
                    "warning",
                    cell,
                    page,
                    "Rail port " + name + " runs at " + (int) port.rateGbps() + " of " + expectedGbps + " Gb/s",
                    reason,
                    where));
        }
        if (port.linkDownedIncrease() > 0) {
            conditions.add(condition(
                    "RailPortFlapping",
                    "warning",
                    cell,
                    page,
                    "Rail port " + name + " flapped " + port.linkDownedIncrease() + " times",
                    reason,
                    where));
        }
        if (port.symbolErrorsPerHour() != null && port.symbolErrorsPerHour() > thresholds.symbolErrorsPerHour()
                || port.errorsPerSecond() != null && port.errorsPerSecond() > thresholds.errorsPerSecond()) {
            conditions.add(condition(
                    "RailPortErrors", "warning", cell, page, "Rail port " + name + " is erroring", reason, where));
        }
        if (port.congestionRatio() != null && port.congestionRatio() > thresholds.congestionRatio()) {
            conditions.add(condition(
                    "RailPortCongested", "warning", cell, page, "Rail port " + name + " is congested", reason, where));
        }
    }

    private AlertCondition condition(
            String alertname,
            String severity,
            String cell,
            String page,
            String summary,
            String description,
            String... labelPairs) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("alertname", alertname);
        labels.put("severity", severity);
        labels.put("cell", cell);
        for (int i = 0; i + 1 < labelPairs.length; i += 2) {
            if (labelPairs[i + 1] != null && !labelPairs[i + 1].isEmpty()) {
                labels.put(labelPairs[i], labelPairs[i + 1]);
            }
        }
        return new AlertCondition(
                labels,
                Map.of("summary", summary, "description", description == null ? "" : description),
                externalUrl + page);
    }

    private static String severity(Health health) {
        return health == Health.CRITICAL ? "critical" : "warning";
    }

    private static String node(String cellPage, String node) {
        return cellPage + "/nodes/" + url(node);
    }

    private static String url(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
