package io.railscope.assess;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * When a pool runs out at its recent growth.
 *
 * <p>The method: an ordinary least-squares line through the pool's samples of the last
 * {@link #WINDOW} (used blocks for pools with per-node blocks, used addresses otherwise, against time
 * in days); days to exhaustion = free / slope. There is no forecast when the slope is not positive,
 * with fewer than {@link #MIN_SAMPLES} samples in the window, or when they span less than
 * {@link #MIN_SPAN}.
 */
public final class PoolForecast {

    /** How far back the fit looks. */
    public static final Duration WINDOW = Duration.ofDays(7);

    static final int MIN_SAMPLES = 3;
    static final Duration MIN_SPAN = Duration.ofHours(1);
    private static final double SECONDS_PER_DAY = 86_400.0;

    private PoolForecast() {}

    /**
     * Days until {@code free} blocks (or addresses) are used up, from the samples newer than
     * {@code now} minus {@link #WINDOW}, oldest first; null when the pool is not growing or the
     * samples are too few or too close together.
     */
    public static Double daysToExhaustion(List<PoolSample> samples, long free, Instant now) {
        List<PoolSample> recent = samples.stream()
                .filter(sample -> sample.at().isAfter(now.minus(WINDOW)))
                .toList();
        if (recent.size() < MIN_SAMPLES) {
            return null;
        }
        Instant first = recent.get(0).at();
        if (Duration.between(first, recent.get(recent.size() - 1).at()).compareTo(MIN_SPAN) < 0) {
            return null;
        }
        double perDay = slopePerDay(recent, first);
        return perDay > 0 ? free / perDay : null;
    }

    /** Least-squares slope of used against days since {@code origin}; 0 when all samples share one time. */
    private static double slopePerDay(List<PoolSample> samples, Instant origin) {
        double meanX = 0;
        double meanY = 0;
        for (PoolSample sample : samples) {
            meanX += days(origin, sample.at());
            meanY += sample.used();
        }
        meanX /= samples.size();
        meanY /= samples.size();
        double covariance = 0;
        double variance = 0;
        for (PoolSample sample : samples) {
            double dx = days(origin, sample.at()) - meanX;
            covariance += dx * (sample.used() - meanY);
            variance += dx * dx;
        }
        return variance == 0 ? 0 : covariance / variance;
    }

    private static double days(Instant origin, Instant at) {
        return Duration.between(origin, at).toMillis() / 1000.0 / SECONDS_PER_DAY;
    }
}
