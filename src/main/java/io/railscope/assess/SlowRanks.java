package io.railscope.assess;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Ranks of one job whose own bus bandwidth (NCCL Inspector, in their largest collectives) is under {@code factor} times
 * the job's median. A rank's figure is the collective's time as that rank saw it: a rank on a slow rail shows it where
 * its own links bound the collective (point-to-point, all-to-all); in a ring every rank waits for the slowest link, so
 * the spread is narrow and the nodes' rails tell more.
 *
 * @param ranksReporting ranks with a figure of their own
 * @param medianGBps     the job's median, NaN when no rank reported one
 * @param minGBps        the lowest
 * @param maxGBps        the highest
 * @param factor         the fraction of the median under which a rank is slow
 * @param slow           the slow ranks, slowest first
 */
public record SlowRanks(
        int ranksReporting, double medianGBps, double minGBps, double maxGBps, double factor, List<Rank> slow) {

    /** Ranks listed at most. */
    static final int MAX_LISTED = 50;

    public SlowRanks {
        slow = List.copyOf(slow);
    }

    /**
     * One rank's own bus bandwidth.
     *
     * @param node      its node, or its host when no pod of the cell told the node (a pushed log)
     * @param nodeKnown whether {@code node} is a node of the cell
     */
    public record Rank(int rank, String node, boolean nodeKnown, double busbwGBps) {

        /** A rank on a known node. */
        public Rank(int rank, String node, double busbwGBps) {
            this(rank, node, true, busbwGBps);
        }

        /** Its fraction of the median. */
        public double ratioTo(double median) {
            return median > 0 ? busbwGBps / median : Double.NaN;
        }
    }

    public static SlowRanks of(List<Rank> ranks, double factor) {
        double[] values = ranks.stream()
                .mapToDouble(Rank::busbwGBps)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        if (values.length == 0) {
            return new SlowRanks(0, Double.NaN, Double.NaN, Double.NaN, factor, List.of());
        }
        double median = values.length % 2 == 1
                ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
        List<Rank> slow = new ArrayList<>();
        ranks.stream()
                .filter(rank -> Double.isFinite(rank.busbwGBps()) && rank.busbwGBps() < factor * median)
                .sorted(Comparator.comparingDouble(Rank::busbwGBps).thenComparingInt(Rank::rank))
                .limit(MAX_LISTED)
                .forEach(slow::add);
        return new SlowRanks(values.length, median, values[0], values[values.length - 1], factor, slow);
    }

    /** Whether any rank reported its own figure. */
    public boolean reported() {
        return ranksReporting > 0;
    }

    /** The figures spread over {@code buckets} equal bands from the lowest to the highest: how many ranks in each. */
    public static int[] histogram(List<Rank> ranks, int buckets) {
        double[] values = ranks.stream()
                .mapToDouble(Rank::busbwGBps)
                .filter(Double::isFinite)
                .toArray();
        int[] counts = new int[buckets];
        if (values.length == 0) {
            return counts;
        }
        double min = Arrays.stream(values).min().orElseThrow();
        double max = Arrays.stream(values).max().orElseThrow();
        for (double value : values) {
            int bucket = max > min ? (int) Math.min(buckets - 1, Math.floor((value - min) / (max - min) * buckets)) : 0;
            counts[bucket]++;
        }
        return counts;
    }
}
