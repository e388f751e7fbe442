package io.railscope.assess;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * When a pool runs out at its recent growth.
 *
 * <p>The method: an ordinary least-squares line through the pool's samples of the last
 * {@link #WINDOW} (used blocks for pools with per-node blocks, used addresses otherwise, against time
 * in days), computed from the sums of {@link Sums}; days to exhaustion = free / slope. There is no forecast when the slope is not positive,
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
     * The sums a least-squares fit needs, over samples as (days since the window's start, used):
     * a pool's whole week of samples travels as these seven numbers, summed where they are stored.
     */
    public record Sums(long count, double firstDay, double lastDay, double x, double y, double xx, double xy) {

        static Sums of(List<PoolSample> samples, Instant origin) {
            double first = Double.MAX_VALUE;
            double last = -Double.MAX_VALUE;
            double x = 0;
            double y = 0;
            double xx = 0;
            double xy = 0;
            for (PoolSample sample : samples) {
                double day = days(origin, sample.at());
                first = Math.min(first, day);
                last = Math.max(last, day);
                x += day;
                y += sample.used();
                xx += day * day;
                xy += day * sample.used();
            }
            return new Sums(samples.size(), first, last, x, y, xx, xy);
        }
    }

    /**
     * Days until {@code free} blocks (or addresses) are used up, from the samples newer than
     * {@code now} minus {@link #WINDOW}; null when the pool is not growing or the samples are too
     * few or too close together.
     */
    public static Double daysToExhaustion(List<PoolSample> samples, long free, Instant now) {
        Instant origin = now.minus(WINDOW);
        List<PoolSample> recent =
                samples.stream().filter(sample -> sample.at().isAfter(origin)).toList();
        return daysToExhaustion(Sums.of(recent, origin), free);
    }

    /** The same from the sums of the window's samples. */
    public static Double daysToExhaustion(Sums sums, long free) {
        if (sums.count() < MIN_SAMPLES || (sums.lastDay() - sums.firstDay()) * SECONDS_PER_DAY < MIN_SPAN.toSeconds()) {
            return null;
        }
        double n = sums.count();
        double variance = n * sums.xx() - sums.x() * sums.x();
        double perDay = variance <= 0 ? 0 : (n * sums.xy() - sums.x() * sums.y()) / variance;
        return perDay > 0 ? free / perDay : null;
    }

    private static double days(Instant origin, Instant at) {
        return Duration.between(origin, at).toMillis() / 1000.0 / SECONDS_PER_DAY;
    }
}
