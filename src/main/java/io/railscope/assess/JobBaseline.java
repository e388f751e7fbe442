package io.railscope.assess;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bus bandwidth a cell's healthy jobs reach, per job size, when no baseline is configured: the
 * median busbw of its jobs proven on RDMA with the same number of ranks (the mean of the two middle
 * values for an even count, as PostgreSQL's {@code percentile_cont(0.5)}).
 */
public final class JobBaseline {

    private JobBaseline() {}

    /** Median busbw in GB/s by nranks, from the measured busbw of RDMA OK jobs by nranks. */
    public static Map<Integer, Double> learned(Map<Integer, List<Double>> rdmaOkBusbwByNranks) {
        Map<Integer, Double> baselines = new HashMap<>();
        rdmaOkBusbwByNranks.forEach((nranks, busbw) -> {
            if (!busbw.isEmpty()) {
                baselines.put(nranks, median(busbw));
            }
        });
        return baselines;
    }

    static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
