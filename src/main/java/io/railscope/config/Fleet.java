package io.railscope.config;

import static io.railscope.model.Fault.FLAKY_CABLE;
import static io.railscope.model.Fault.IP_ALLOCATION_FAILURES;
import static io.railscope.model.Fault.ISOLATION_GAPS;
import static io.railscope.model.Fault.LEAF_DOWN;
import static io.railscope.model.Fault.LEAF_PFC_STORM;
import static io.railscope.model.Fault.NCCL_PEER_RAIL_DOWN;
import static io.railscope.model.Fault.NCCL_RANKS_MISSING;
import static io.railscope.model.Fault.NCCL_SLOW_RANK;
import static io.railscope.model.Fault.NCCL_SOCKET_FALLBACK;
import static io.railscope.model.Fault.NEIGHBOR_IPV6_OVER_GC_THRESH2;
import static io.railscope.model.Fault.NEIGHBOR_OVER_GC_THRESH2;
import static io.railscope.model.Fault.POOL_NEAR_EXHAUSTION;
import static io.railscope.model.Fault.RAIL_DOWN;
import static io.railscope.model.Fault.RAIL_FIRMWARE_MISMATCH;
import static io.railscope.model.Fault.RAIL_FLAPPING;
import static io.railscope.model.Fault.RAIL_HALF_RATE;
import static io.railscope.model.Fault.RAIL_MISWIRED;
import static io.railscope.model.Fault.ROCE_CONGESTION;
import static io.railscope.model.Fault.SPINE_UPLINK_CONGESTED;
import static io.railscope.model.Fault.SYMBOL_ERRORS_RISING;
import static io.railscope.model.Fault.WHEREABOUTS_LEAK;

import io.railscope.model.Fault;
import io.railscope.model.Ipv4Cidr;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The cells this Railscope runs: those configured, or the built-in simulated fleet when none is. */
@Singleton
public class Fleet {

    private static final List<String> DEFAULT_DEVICES = List.of(CellConfig.Rails.DEFAULT_DEVICES.split(","));

    private final List<CellSettings> cells;
    private final boolean simulatedByDefault;

    public Fleet(RailscopeConfig config) {
        this.simulatedByDefault = config.cells().isEmpty();
        this.cells = simulatedByDefault ? builtInFleet(config) : configuredCells(config);
    }

    public List<CellSettings> cells() {
        return cells;
    }

    public Optional<CellSettings> cell(String name) {
        return cells.stream().filter(cell -> cell.name().equals(name)).findFirst();
    }

    /** True when no cell was configured and the built-in simulated fleet runs. */
    public boolean isBuiltInSimulation() {
        return simulatedByDefault;
    }

    private static List<CellSettings> builtInFleet(RailscopeConfig config) {
        var interval = config.collect().interval();
        return List.of(
                simulated(
                        "sim-alpha", 64, List.of(RAIL_DOWN, NCCL_SOCKET_FALLBACK, RAIL_MISWIRED, FLAKY_CABLE), config),
                simulated(
                        "sim-bravo",
                        512,
                        List.of(
                                NEIGHBOR_OVER_GC_THRESH2,
                                NEIGHBOR_IPV6_OVER_GC_THRESH2,
                                RAIL_FLAPPING,
                                RAIL_HALF_RATE,
                                RAIL_FIRMWARE_MISMATCH,
                                NCCL_SLOW_RANK,
                                NCCL_RANKS_MISSING,
                                WHEREABOUTS_LEAK,
                                ISOLATION_GAPS,
                                LEAF_DOWN),
                        config),
                simulated(
                        "sim-charlie",
                        2048,
                        List.of(
                                POOL_NEAR_EXHAUSTION,
                                SYMBOL_ERRORS_RISING,
                                IP_ALLOCATION_FAILURES,
                                RAIL_DOWN,
                                NCCL_PEER_RAIL_DOWN,
                                ROCE_CONGESTION,
                                LEAF_PFC_STORM,
                                SPINE_UPLINK_CONGESTED),
                        config));
    }

    private static CellSettings simulated(String name, int nodes, List<Fault> faults, RailscopeConfig config) {
        return new CellSettings(
                name,
                config.collect().interval(),
                DEFAULT_DEVICES,
                400,
                IpamSettings.defaults(),
                // the built-in fleet's jobs are asked for their RAS status, as a cell that turned it on
                NcclSettings.defaults(NcclLimits.of(config.nccl()))
                        .withRas(new RasSettings(
                                true,
                                Duration.ofMinutes(1),
                                Duration.ofSeconds(5),
                                RasSettings.Mode.EXEC,
                                RasSettings.DEFAULT_COMMAND)),
                AuditSettings.defaults(),
                Optional.of(new SimulatedCellSettings(nodes, faults, 1)),
                Optional.empty());
    }

    private static List<CellSettings> configuredCells(RailscopeConfig config) {
        List<CellSettings> cells = new ArrayList<>();
        for (Map.Entry<String, CellConfig> entry : new TreeMap<>(config.cells()).entrySet()) {
            String name = entry.getKey();
            CellConfig cell = entry.getValue();
            checkCell(name, cell);
            var interval = cell.interval().orElse(config.collect().interval());
            var simulated = cell.simulated()
                    .map(sim ->
                            new SimulatedCellSettings(sim.nodes(), sim.faults().orElse(List.of()), sim.seed()));
            var ipam = new IpamSettings(
                    cell.ipam().clusterPoolCidrs().orElse(List.of()),
                    cell.ipam().clusterPoolMask(),
                    cell.ipam().serviceCidrs().orElse(List.of()),
                    cell.ipam().stuckAfter(),
                    cell.rails().pools().orElse(List.of()),
                    cell.rails().firstIndex());
            cells.add(new CellSettings(
                    name,
                    interval,
                    cell.rails().devices(),
                    cell.rails().expectedGbps(),
                    ipam,
                    NcclSettings.of(cell.nccl(), NcclLimits.of(config.nccl())),
                    AuditSettings.of(cell.audit(), cell.rails().expectedMtu()),
                    simulated,
                    Optional.of(cell)));
        }
        return List.copyOf(cells);
    }

    private static List<String> concat(Optional<List<String>> first, Optional<List<String>> second) {
        List<String> all = new ArrayList<>(first.orElse(List.of()));
        all.addAll(second.orElse(List.of()));
        return all;
    }

    private static void checkCell(String name, CellConfig cell) {
        String prefix = "railscope.cells." + name + ".";
        if (!name.matches("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")) {
            throw new InvalidConfigurationException(prefix + "*: cell name '" + name
                    + "' must be a DNS label (lower-case letters, digits and '-', at most 63)");
        }
        if (cell.interval()
                .filter(interval -> interval.isNegative() || interval.isZero())
                .isPresent()) {
            throw new InvalidConfigurationException(prefix + "interval must be positive");
        }
        var metrics = cell.metrics();
        if (metrics.sources() > 1) {
            throw new InvalidConfigurationException(
                    prefix + "metrics: set only one of prometheus-url, targets, exporter-selector");
        }
        metrics.prometheusUrl().ifPresent(url -> {
            if (url.getScheme() == null || !url.getScheme().startsWith("http")) {
                throw new InvalidConfigurationException(
                        prefix + "metrics.prometheus-url must be an http(s) URL, got '" + url + "'");
            }
        });
        if (metrics.prometheusUrl().isEmpty()
                && (metrics.bearerTokenFile().isPresent() || !metrics.headers().isEmpty())) {
            throw new InvalidConfigurationException(
                    prefix
                            + "metrics.bearer-token-file and metrics.headers are sent to a query API: set metrics.prometheus-url");
        }
        metrics.headers().forEach((header, value) -> {
            if (!HeaderValues.validName(header) || !HeaderValues.valid(value)) {
                throw new InvalidConfigurationException(prefix + "metrics.headers." + header
                        + ": not an HTTP header (a name of letters, digits and -, a value without line breaks)");
            }
        });
        metrics.targets()
                .ifPresent(targets -> targets.forEach(target -> {
                    if (!target.matches("[^\\s:/]+:\\d{1,5}")) {
                        throw new InvalidConfigurationException(
                                prefix + "metrics.targets: '" + target + "' is not host:port");
                    }
                }));
        var kubernetes = cell.kubernetes();
        if (kubernetes.enabled().equals(Optional.of(false))
                && metrics.exporterSelector().isPresent()) {
            throw new InvalidConfigurationException(prefix
                    + "metrics.exporter-selector finds exporter pods through the Kubernetes API, which "
                    + prefix + "kubernetes.enabled=false turns off: list the exporters under metrics.targets instead");
        }
        if (kubernetes.inCluster()
                && (kubernetes.context().isPresent() || kubernetes.kubeconfig().isPresent())) {
            throw new InvalidConfigurationException(
                    prefix + "kubernetes.in-cluster excludes kubernetes.context and kubernetes.kubeconfig");
        }
        if (cell.simulated().isPresent() && (kubernetes.reached() || metrics.sources() > 0)) {
            throw new InvalidConfigurationException(prefix + "simulated excludes kubernetes.* and metrics.*");
        }
        var ipam = cell.ipam();
        if (ipam.clusterPoolCidrs().isPresent() != ipam.clusterPoolMask().isPresent()) {
            throw new InvalidConfigurationException(
                    prefix + "ipam.cluster-pool-cidrs and ipam.cluster-pool-mask go together");
        }
        for (String cidr : concat(ipam.clusterPoolCidrs(), ipam.serviceCidrs())) {
            try {
                Ipv4Cidr.parse(cidr);
            } catch (IllegalArgumentException e) {
                throw new InvalidConfigurationException(prefix + "ipam: '" + cidr + "' is not an IPv4 CIDR");
            }
        }
        if (cell.rails()
                .pools()
                .filter(pools -> pools.size() > cell.rails().devices().size())
                .isPresent()) {
            throw new InvalidConfigurationException(prefix + "rails.pools names more pools than there are rails");
        }
        try {
            LabelSelector.parse(cell.audit().inferenceSelector());
        } catch (IllegalArgumentException e) {
            throw new InvalidConfigurationException(prefix + "audit.inference-selector: " + e.getMessage());
        }
        cell.audit().multusConfigMaps().forEach(configMap -> {
            if (!configMap.matches("[a-z0-9-]+/[a-z0-9.-]+")) {
                throw new InvalidConfigurationException(
                        prefix + "audit.multus-config-maps: '" + configMap + "' is not namespace/name");
            }
        });
        if (cell.rails().devices().stream().distinct().count()
                != cell.rails().devices().size()) {
            throw new InvalidConfigurationException(prefix + "rails.devices lists a device twice");
        }
    }
}
