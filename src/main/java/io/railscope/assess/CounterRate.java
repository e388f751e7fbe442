package io.railscope.assess;

/** Per-second rate of a monotonic counter between two readings. */
public final class CounterRate {

    private CounterRate() {}

    /**
     * The increase per second from {@code previous} to {@code current} over {@code seconds}. A drop
     * means the counter was reset (reboot, driver reload), so the increase is the current value.
     * NaN when either reading is missing (negative) or no time passed.
     */
    public static double perSecond(long previous, long current, double seconds) {
        if (previous < 0 || current < 0 || seconds <= 0) {
            return Double.NaN;
        }
        return increase(previous, current) / seconds;
    }

    /** The increase from {@code previous} to {@code current}, reset-aware; 0 when either is missing. */
    public static long increase(long previous, long current) {
        if (previous < 0 || current < 0) {
            return 0;
        }
        return current >= previous ? current - previous : current;
    }
}
