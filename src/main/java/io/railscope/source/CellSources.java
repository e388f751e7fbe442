package io.railscope.source;

import io.railscope.model.SourceKind;
import io.railscope.source.nccl.NcclSource;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** The sources configured for one cell; a cell may lack any of them. */
public record CellSources(
        Optional<KubernetesSource> kubernetes, Optional<NodeMetricsSource> nodeMetrics, Optional<NcclSource> nccl) {

    /** The configured sources by kind, each as a task that fetches its snapshot. */
    public Map<SourceKind, SnapshotFetch> byKind() {
        Map<SourceKind, SnapshotFetch> fetches = new EnumMap<>(SourceKind.class);
        kubernetes.ifPresent(source -> fetches.put(SourceKind.KUBERNETES, source::fetchKubernetes));
        nodeMetrics.ifPresent(source -> fetches.put(SourceKind.NODE_METRICS, source::fetchNodeMetrics));
        nccl.ifPresent(source -> fetches.put(SourceKind.NCCL, source::fetchNccl));
        return fetches;
    }

    /** The cell is collected elsewhere now: its sources let go of what keeps it current. */
    public void idle() {
        kubernetes.ifPresent(KubernetesSource::idle);
    }

    /** These sources, with each kind this lacks taken from {@code other}. */
    public CellSources or(CellSources other) {
        return new CellSources(
                kubernetes.or(other::kubernetes), nodeMetrics.or(other::nodeMetrics), nccl.or(other::nccl));
    }

    /** One fetch of one source, whatever its kind. */
    @FunctionalInterface
    public interface SnapshotFetch {
        Object fetch() throws Exception;
    }
}
