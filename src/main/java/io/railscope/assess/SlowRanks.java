package io.railscope.assess;

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
 * @param spread         how many ranks in each tenth of the range from the lowest figure to the highest
 */
public record SlowRanks(
        int ranksReporting,
        double medianGBps,
        double minGBps,
        double maxGBps,
        double factor,
        List<Rank> slow,
        List<Integer> spread) {

    /** Ranks listed at most. */
    static final int MAX_LISTED = 50;

    /** Bands of the spread. */
    static final int BANDS = 10;

    public SlowRanks {
        slow = List.copyOf(slow);
        spread = List.copyOf(spread);
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
        List<Double> values =
                ranks.stream().map(Rank::busbwGBps).filter(Double::isFinite).toList();
        if (values.isEmpty()) {
            return new SlowRanks(0, Double.NaN, Double.NaN, Double.NaN, factor, List.of(), List.of());
        }
        double median = JobBaseline.median(values);
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        List<Rank> slow = ranks.stream()
                .filter(rank -> Double.isFinite(rank.busbwGBps()) && rank.busbwGBps() < factor * median)
                .sorted(Comparator.comparingDouble(Rank::busbwGBps).thenComparingInt(Rank::rank))
                .limit(MAX_LISTED)
                .toList();
        return new SlowRanks(values.size(), median, min, max, factor, slow, spread(values, min, max));
    }

    /** How many of {@code values} fall in each of {@link #BANDS} equal bands from {@code min} to {@code max}. */
    private static List<Integer> spread(List<Double> values, double min, double max) {
        int[] counts = new int[BANDS];
        for (double value : values) {
            counts[max > min ? (int) Math.min(BANDS - 1, Math.floor((value - min) / (max - min) * BANDS)) : 0]++;
        }
        return Arrays.stream(counts).boxed().toList();
    }

    /** Each band's count as a share of the fullest band's: bar heights. */
    public List<Double> spreadShares() {
        int fullest = spread.stream().mapToInt(Integer::intValue).max().orElse(0);
        return spread.stream()
                .map(count -> fullest == 0 ? 0.0 : (double) count / fullest)
                .toList();
    }

    /** Whether any rank reported its own figure. */
    public boolean reported() {
        return ranksReporting > 0;
    }
}
