package io.railscope.web;

import io.railscope.assess.PoolSample;
import io.railscope.read.JobDetail.BusbwSample;
import io.railscope.read.NeighborSample;
import io.railscope.read.PortSample;
import io.railscope.read.RailSample;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Two series over time drawn as polylines of an inline SVG, in the page's coordinates, so a page
 * shows history without a script: a pool's use and capacity, or a port's receive and transmit rate.
 */
public record LineChart(
        String firstPoints, String secondPoints, String from, String to, double max, int samples, String limitPoints) {

    static final int WIDTH = 800;
    static final int HEIGHT = 240;
    static final int LEFT = 60;
    static final int BOTTOM = 24;
    static final int TOP = 10;
    private static final DateTimeFormatter LABEL =
            DateTimeFormatter.ofPattern("MMM d HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** A pool's use (first) against its capacity (second). */
    static LineChart usage(List<PoolSample> samples) {
        return of(
                samples.stream().map(PoolSample::at).toList(),
                samples,
                sample -> sample.used(),
                sample -> sample.total());
    }

    /** A port's receive (first) and transmit (second) rate in Gb/s; missing rates count as 0. */
    static LineChart rates(List<PortSample> samples) {
        return of(
                samples.stream().map(PortSample::at).toList(),
                samples,
                sample -> gbps(sample.rxBytesPerSecond()),
                sample -> gbps(sample.txBytesPerSecond()));
    }

    /**
     * A pool's use against its capacity, and where its growth leads: a forecast line from the last
     * sample to the moment it runs out, when that is within {@code horizon}.
     */
    static LineChart usage(List<PoolSample> samples, Double daysToExhaustion, Duration horizon) {
        if (samples.size() < 2
                || daysToExhaustion == null
                || !Double.isFinite(daysToExhaustion)
                || daysToExhaustion <= 0
                || daysToExhaustion * 86_400 > horizon.toSeconds()) {
            return usage(samples);
        }
        PoolSample last = samples.get(samples.size() - 1);
        PoolSample exhausted =
                new PoolSample(last.at().plusSeconds((long) (daysToExhaustion * 86_400)), last.total(), last.total());
        List<PoolSample> extended = new ArrayList<>(samples);
        extended.add(exhausted);
        return of(
                extended.stream().map(PoolSample::at).toList(),
                extended,
                sample -> sample == exhausted ? Double.NaN : sample.used(),
                sample -> sample.total(),
                sample -> sample == exhausted || sample == last ? sample.used() : Double.NaN);
    }

    /** A job's bus bandwidth (first) against the cell's baseline for jobs of its size (second; 0 when unknown). */
    static LineChart busbw(List<BusbwSample> samples, Double baseline) {
        return of(
                samples.stream().map(BusbwSample::at).toList(),
                samples,
                sample -> sample.busbwGBps(),
                sample -> baseline == null ? Double.NaN : baseline);
    }

    /** A port's error rates per second: receive errors and discards (first), symbol errors (second). */
    static LineChart errors(List<PortSample> samples) {
        return of(
                samples.stream().map(PortSample::at).toList(),
                samples,
                sample -> sample.errorsPerSecond() == null ? 0 : sample.errorsPerSecond(),
                sample -> sample.symbolErrorsPerHour() == null ? 0 : sample.symbolErrorsPerHour() / 3600);
    }

    /** A rail's CNPs (first) and ECN-marked packets (second) per second, summed over its ports. */
    static LineChart congestionNotifications(List<RailSample> samples) {
        return of(
                samples.stream().map(RailSample::at).toList(),
                samples,
                sample -> sample.cnpPerSecond() == null ? 0 : sample.cnpPerSecond(),
                sample -> sample.ecnMarkedPerSecond() == null ? 0 : sample.ecnMarkedPerSecond());
    }

    /**
     * The largest share of time, in %, one of a rail's ports was paused by PFC (first) or waited to transmit (second),
     * against the PFC limit (the limit line).
     */
    static LineChart pauses(List<RailSample> samples, double pfcPauseRatio) {
        return of(
                samples.stream().map(RailSample::at).toList(),
                samples,
                sample -> sample.maxPfcPauseRatio() == null ? 0 : sample.maxPfcPauseRatio() * 100,
                sample -> sample.maxCongestionRatio() == null ? 0 : sample.maxCongestionRatio() * 100,
                sample -> pfcPauseRatio * 100);
    }

    /** A node's neighbor entries (first) against gc_thresh3 (second) and gc_thresh2 (the limit line). */
    static LineChart neighbors(List<NeighborSample> samples, int gcThresh2, int gcThresh3) {
        return of(
                samples.stream().map(NeighborSample::at).toList(),
                samples,
                sample -> sample.entries(),
                sample -> gcThresh3,
                sample -> gcThresh2);
    }

    private static <T> LineChart of(
            List<Instant> times, List<T> samples, ToDoubleFunction<T> first, ToDoubleFunction<T> second) {
        return of(times, samples, first, second, null);
    }

    private static <T> LineChart of(
            List<Instant> times,
            List<T> samples,
            ToDoubleFunction<T> first,
            ToDoubleFunction<T> second,
            ToDoubleFunction<T> limit) {
        if (samples.isEmpty()) {
            return new LineChart("", "", "", "", 0, 0, "");
        }
        long start = times.get(0).toEpochMilli();
        double span = Math.max(1, times.get(times.size() - 1).toEpochMilli() - start);
        double max = 0;
        for (T sample : samples) {
            max = Math.max(max, Math.max(finite(first.applyAsDouble(sample)), finite(second.applyAsDouble(sample))));
        }
        double top = Math.max(1e-9, max) * 1.05;
        List<String> a = new ArrayList<>(samples.size());
        List<String> b = new ArrayList<>(samples.size());
        List<String> c = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            double x = LEFT + (times.get(i).toEpochMilli() - start) / span * (WIDTH - LEFT - 10);
            add(a, x, first.applyAsDouble(samples.get(i)), top);
            add(b, x, second.applyAsDouble(samples.get(i)), top);
            if (limit != null) {
                add(c, x, limit.applyAsDouble(samples.get(i)), top);
            }
        }
        return new LineChart(
                String.join(" ", a),
                String.join(" ", b),
                LABEL.format(times.get(0)),
                LABEL.format(times.get(times.size() - 1)),
                max,
                samples.size(),
                String.join(" ", c));
    }

    /** A series skips the samples where it has no value. */
    private static void add(List<String> points, double x, double value, double top) {
        if (Double.isFinite(value)) {
            points.add(point(x, y(value, top)));
        }
    }

    private static double finite(double value) {
        return Double.isFinite(value) ? value : 0;
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

    /** The largest value, as a label. */
    public String maxLabel() {
        return max >= 100 ? String.format("%,.0f", max) : String.format("%.1f", max);
    }

    private static double gbps(Double bytesPerSecond) {
        return bytesPerSecond == null ? 0 : bytesPerSecond * 8 / 1e9;
    }

    private static double y(double value, double top) {
        return HEIGHT - BOTTOM - value / top * (HEIGHT - BOTTOM - TOP);
    }

    private static String point(double x, double y) {
        return String.format(Locale.ROOT, "%.1f,%.1f", x, y);
    }
}
