package io.railscope.source.exposition;

/** Receives what {@link ExpositionParser} reads. */
public interface SampleSink {

    /** Whether samples of this metric are wanted; others are skipped before their labels are read. */
    boolean wants(String metricName);

    /**
     * One sample. {@code labels} is reused for the next sample: copy what must be kept.
     *
     * @param timestampMillis the sample's timestamp, or {@link Long#MIN_VALUE} when it has none
     */
    void sample(String metricName, Labels labels, double value, long timestampMillis);

    /** A line that could not be parsed; it is skipped and parsing goes on. */
    void malformed(int lineNumber, String message);
}
