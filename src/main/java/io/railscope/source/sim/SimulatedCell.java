package io.railscope.source.sim;

import io.railscope.config.IpamSettings;
import io.railscope.config.NcclSettings;
import io.railscope.model.Fault;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.KubernetesSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.IpamDerivation;
import io.railscope.source.ipam.RailMapping;
import io.railscope.source.nccl.NcclJobSource;
import io.railscope.source.nccl.NcclLogArchive;
import io.railscope.source.nccl.NcclSnapshot;
import io.railscope.source.nccl.NcclSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A simulated cell: every source a real cell has, fed from one topology whose usage and counters
 * move with the clock. Faults can be injected and cleared while it runs.
 */
public final class SimulatedCell implements KubernetesSource, NodeMetricsSource, NcclSource {

    /** How long the {@link Fault#METRICS_SOURCE_HANG} fault blocks a fetch unless interrupted. */
    static final Duration HANG = Duration.ofMinutes(10);

    private final SimulatedTopology topology;
    private final Clock clock;
    private final Instant start;
    private final Set<Fault> faults = ConcurrentHashMap.newKeySet();
    private final SimulatedInventory inventory;
    private final SimulatedPorts ports;
    private final SimulatedJobs jobs;
    private final NcclJobSource nccl;
    private final IpamDerivation ipam;

    public SimulatedCell(
            String cell,
            int nodes,
            List<String> devices,
            double expectedGbps,
            long seed,
            Collection<Fault> initialFaults,
            Clock clock) {
        this(
                cell,
                nodes,
                devices,
                expectedGbps,
                seed,
                initialFaults,
                clock,
                IpamSettings.defaults(),
                NcclSettings.defaults(),
                NcclLogArchive.NONE);
    }

    /** @param archive where the cell's NCCL log facts are kept and pushed logs arrive */
    public SimulatedCell(
            String cell,
            int nodes,
            List<String> devices,
            double expectedGbps,
            long seed,
            Collection<Fault> initialFaults,
            Clock clock,
            IpamSettings ipam,
            NcclSettings ncclSettings,
            NcclLogArchive archive) {
        this.topology = new SimulatedTopology(cell, nodes, devices, seed);
        this.clock = clock;
        this.start = clock.instant();
        this.faults.addAll(initialFaults);
        this.inventory = new SimulatedInventory(topology);
        this.ports = new SimulatedPorts(topology, expectedGbps * 1e9 / 8, start);
        this.jobs = new SimulatedJobs(topology, seed, start);
        SimulatedRas ras = new SimulatedRas(jobs, topology.rails());
        SimulatedNcclLogs logs = new SimulatedNcclLogs(jobs, topology, seed);
        this.nccl = new NcclJobSource(
                cell,
                ncclSettings,
                () -> jobs.pods(faults()),
                (namespace, pod, container) -> logs.log(pod, faults()),
                archive,
                clock,
                (where, timeout) -> ras.status(where, faults()));
        this.ipam = new IpamDerivation(RailMapping.of(devices.size(), ipam), ipam.stuckAfter());
    }

    public String cell() {
        return topology.cell;
    }

    public int nodes() {
        return topology.nodes;
    }

    public void inject(Fault fault) {
        faults.add(fault);
    }

    public void clear(Fault fault) {
        faults.remove(fault);
    }

    public Set<Fault> faults() {
        return faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults);
    }

    @Override
    public KubernetesSnapshot fetchKubernetes() {
        return ipam.derive(clusterObjects());
    }

    /** The cluster objects the simulated Kubernetes API would list now. */
    public ClusterObjects clusterObjects() {
        return inventory.objects(clock.instant(), hoursRunning(), faults());
    }

    @Override
    public NodeMetricsSnapshot fetchNodeMetrics() throws InterruptedException {
        Set<Fault> active = faults();
        if (active.contains(Fault.METRICS_SOURCE_ERROR)) {
            throw new IllegalStateException("simulated node_exporter of " + topology.cell + " answered HTTP 503");
        }
        if (active.contains(Fault.METRICS_SOURCE_HANG)) {
            Thread.sleep(HANG.toMillis());
        }
        return ports.snapshot(clock.instant(), active);
    }

    @Override
    public NcclSnapshot fetchNccl() throws Exception {
        return nccl.fetchNccl();
    }

    private double hoursRunning() {
        return Duration.between(start, clock.instant()).toMillis() / 3_600_000.0;
    }
}
