package io.railscope.ops;

import io.prometheus.client.Collector.MetricFamilySamples;
import io.prometheus.client.GaugeMetricFamily;
import io.prometheus.client.exporter.common.TextFormat;
import io.railscope.assess.JobVerdict;
import io.railscope.fabric.BlameKind;
import io.railscope.health.Freshness;
import io.railscope.model.Health;
import io.railscope.read.CellReads;
import io.railscope.read.CellSummary;
import io.railscope.read.FabricCounts;
import io.railscope.read.FabricTier;
import io.railscope.read.IpamReads;
import io.railscope.read.JobReads;
import io.railscope.read.PoolState;
import io.railscope.read.RailHealth;
import io.railscope.read.RailReads;
import io.railscope.read.SourceState;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Railscope's verdicts in the exposition format, for a fleet's Prometheus to scrape and its Grafana to show, in the
 * manner of kube-state-metrics: one gauge per verdict, labelled by cell and by pool, rail or source only. Cardinality
 * is bounded by the fleet's shape (cells × rails, cells × pools, cells × sources), never by nodes, pods or jobs.
 */
@Path("/metrics/fleet")
public class FleetMetricsResource {

    private static final double SECONDS_PER_DAY = 86_400;

    private final CellReads cells;
    private final RailReads rails;
    private final IpamReads ipam;
    private final JobReads jobs;
    private final Freshness freshness;
    private final Clock clock;

    public FleetMetricsResource(
            CellReads cells, RailReads rails, IpamReads ipam, JobReads jobs, Freshness freshness, Clock clock) {
        this.clock = clock;
        this.cells = cells;
        this.rails = rails;
        this.ipam = ipam;
        this.jobs = jobs;
        this.freshness = freshness;
    }

    @GET
    @Produces(TextFormat.CONTENT_TYPE_004)
    public String metrics() throws IOException {
        Instant now = clock.instant();
        List<CellSummary> fleet = cells.fleet();
        GaugeMetricFamily health = gauge(
                "railscope_cell_health",
                "1 for the cell's health as Railscope judged it at its last collection, 0 for the others.",
                "cell",
                "health");
        GaugeMetricFamily stale = gauge("railscope_cell_stale", "1 when the cell's data is stale.", "cell");
        GaugeMetricFamily nodes = gauge("railscope_cell_nodes", "Nodes of the cell.", "cell");
        GaugeMetricFamily neighbors = gauge(
                "railscope_cell_neighbor_tables",
                "Nodes whose neighbor table (IPv4 ARP or IPv6 NDISC) is over gc_thresh2 (warning) or near gc_thresh3 (critical).",
                "cell",
                "verdict");
        GaugeMetricFamily isolation =
                gauge("railscope_cell_isolation_findings", "Findings of the cell's isolation audit.", "cell");
        GaugeMetricFamily disagreements = gauge(
                "railscope_cell_rail_disagreements",
                "Nodes whose rails disagree on rate, link layer, MTU, firmware, board id or PCIe link.",
                "cell");
        GaugeMetricFamily blames = gauge(
                "railscope_cell_fabric_blames",
                "Components the cell's unhealthy rail ports are blamed on, by kind: link, node, leaf, spine or rail.",
                "cell",
                "kind");
        GaugeMetricFamily explained = gauge(
                "railscope_cell_fabric_blamed_ports",
                "Unhealthy rail ports of the cell, by the kind of component they are blamed on.",
                "cell",
                "kind");
        GaugeMetricFamily miswired =
                gauge("railscope_cell_rail_ports_miswired", "Rail ports cabled to another rail's leaf.", "cell");
        GaugeMetricFamily switches = gauge(
                "railscope_cell_switches",
                "Switches of the cell by tier (leaves, spines, cores), all of them or those with unhealthy host ports"
                        + " below them.",
                "cell",
                "tier",
                "state");
        GaugeMetricFamily railPorts =
                gauge("railscope_rail_ports", "RDMA ports of the rail, by their health.", "cell", "rail", "health");
        GaugeMetricFamily jobsByVerdict =
                gauge("railscope_cell_jobs", "Running NCCL jobs of the cell, by transport verdict.", "cell", "verdict");
        GaugeMetricFamily sourceStale =
                gauge("railscope_source_stale", "1 when the source's last success is too old.", "cell", "source");
        GaugeMetricFamily sourceSuccess = gauge(
                "railscope_source_last_success_timestamp_seconds",
                "Unix time of the source's last successful fetch.",
                "cell",
                "source");
        Map<String, Map<JobVerdict, Long>> running = jobs.runningByVerdict();
        for (CellSummary cell : fleet) {
            String name = cell.cell();
            for (Health value : Health.values()) {
                health.addMetric(List.of(name, value.name()), value == cell.health() ? 1 : 0);
            }
            stale.addMetric(List.of(name), cell.isStale(freshness, now) ? 1 : 0);
            nodes.addMetric(List.of(name), cell.counts().nodes());
            neighbors.addMetric(List.of(name, "warning"), cell.counts().neighborWarning());
            neighbors.addMetric(List.of(name, "critical"), cell.counts().neighborCritical());
            isolation.addMetric(List.of(name), cell.counts().isolationFindings());
            disagreements.addMetric(List.of(name), cell.counts().railDisagreements());
            FabricCounts fabric = cells.fabricCounts(name);
            for (BlameKind kind : BlameKind.values()) {
                blames.addMetric(List.of(name, kind.label()), fabric.components(kind));
                explained.addMetric(List.of(name, kind.label()), fabric.ports(kind));
            }
            miswired.addMetric(List.of(name), fabric.miswired());
            // the tiers come with the cell's page data, read once per collection
            for (FabricTier tier :
                    cells.cell(name).map(details -> details.fabric().tiers()).orElse(List.of())) {
                switches.addMetric(List.of(name, tier.name(), "all"), tier.switches());
                switches.addMetric(List.of(name, tier.name(), "with-unhealthy-ports"), tier.withUnhealthy());
            }
            for (RailHealth rail : rails.rails(name)) {
                String index = Integer.toString(rail.rail());
                railPorts.addMetric(List.of(name, index, "down"), rail.down());
                railPorts.addMetric(List.of(name, index, "degraded"), rail.degraded());
                railPorts.addMetric(List.of(name, index, "ok"), rail.ports() - rail.down() - rail.degraded());
            }
            Map<JobVerdict, Long> verdicts = running.getOrDefault(name, Map.of());
            for (JobVerdict verdict : JobVerdict.values()) {
                jobsByVerdict.addMetric(List.of(name, verdict.name()), verdicts.getOrDefault(verdict, 0L));
            }
            for (SourceState source : cell.sources()) {
                sourceStale.addMetric(
                        List.of(name, source.source().label()), cell.isStale(source, freshness, now) ? 1 : 0);
                if (source.lastSuccessAt() != null) {
                    sourceSuccess.addMetric(
                            List.of(name, source.source().label()),
                            source.lastSuccessAt().toEpochMilli() / 1000.0);
                }
            }
        }
        List<MetricFamilySamples> families = new ArrayList<>(List.of(
                health,
                stale,
                nodes,
                neighbors,
                isolation,
                disagreements,
                blames,
                explained,
                miswired,
                switches,
                railPorts,
                jobsByVerdict,
                sourceStale,
                sourceSuccess));
        families.addAll(pools(ipam.headroom()));
        StringWriter out = new StringWriter(64 * 1024);
        TextFormat.write004(out, Collections.enumeration(families));
        return out.toString();
    }

    private static List<MetricFamilySamples> pools(List<PoolState> pools) {
        GaugeMetricFamily freeAddresses = gauge(
                "railscope_pool_free_addresses",
                "Addresses of the pool not allocated; absent while the pool's size is unknown.",
                "cell",
                "plane",
                "pool");
        GaugeMetricFamily freeBlocks = gauge(
                "railscope_pool_free_blocks",
                "Per-node blocks of the pool not handed out: how many more nodes can join; absent while the pool's size is unknown.",
                "cell",
                "plane",
                "pool");
        GaugeMetricFamily exhaustion = gauge(
                "railscope_pool_exhaustion_seconds",
                "Time until the pool runs out at the growth of the last week; absent when it does not grow.",
                "cell",
                "plane",
                "pool");
        for (PoolState pool : pools) {
            List<String> labels = List.of(
                    pool.cell(), pool.usage().plane().name(), pool.usage().name());
            // what is free of a pool of unknown size is unknown: absent, never 0 (0 free blocks pages someone)
            if (!pool.usage().sizeKnown()) {
                continue;
            }
            freeAddresses.addMetric(labels, pool.usage().freeAddresses());
            freeBlocks.addMetric(
                    labels,
                    Math.max(0, pool.usage().blocksTotal() - pool.usage().blocksUsed()));
            if (pool.daysToExhaustion() != null) {
                exhaustion.addMetric(labels, pool.daysToExhaustion() * SECONDS_PER_DAY);
            }
        }
        return List.of(freeAddresses, freeBlocks, exhaustion);
    }

    private static GaugeMetricFamily gauge(String name, String help, String... labels) {
        return new GaugeMetricFamily(name, help, List.of(labels));
    }
}
