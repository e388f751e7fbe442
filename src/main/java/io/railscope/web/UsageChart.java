package io.railscope.web;

import io.railscope.store.PoolSample;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * A pool's usage history drawn as two polylines of an inline SVG (used, and capacity dashed), in
 * the page's coordinates, so the page needs no script to show it.
 */
public record UsageChart(String usedPoints, String totalPoints, String from, String to, long max, int samples) {

    static final int WIDTH = 800;
    static final int HEIGHT = 240;
    static final int LEFT = 60;
    static final int BOTTOM = 24;
    static final int TOP = 10;
    private static final DateTimeFormatter LABEL = DateTimeFormatter.ofPattern("MMM d HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    static UsageChart of(List<PoolSample> samples) {
        if (samples.isEmpty()) {
            return new UsageChart("", "", "", "", 0, 0);
        }
        Instant first = samples.get(0).at();
        Instant last = samples.get(samples.size() - 1).at();
        double span = Math.max(1, last.toEpochMilli() - first.toEpochMilli());
        long max = samples.stream().mapToLong(PoolSample::total).max().orElse(1);
        double top = Math.max(1, max) * 1.05;
        StringBuilder used = new StringBuilder();
        StringBuilder total = new StringBuilder();
        for (PoolSample sample : samples) {
            double x = LEFT + (sample.at().toEpochMilli() - first.toEpochMilli()) / span * (WIDTH - LEFT - 10);
            used.append(point(x, y(sample.used(), top))).append(' ');
            total.append(point(x, y(sample.total(), top))).append(' ');
        }
        return new UsageChart(used.toString().trim(), total.toString().trim(), LABEL.format(first), LABEL.format(last), max,
                samples.size());
    }

    public int width() {
        return WIDTH;
    }

    public int height() {
        return HEIGHT;
    }

    public int left() {
        return LEFT;
    }

    public int baseline() {
        return HEIGHT - BOTTOM;
    }

    private static double y(long value, double top) {
        return HEIGHT - BOTTOM - value / top * (HEIGHT - BOTTOM - TOP);
    }

    private static String point(double x, double y) {
        return String.format(Locale.ROOT, "%.1f,%.1f", x, y);
    }
}
