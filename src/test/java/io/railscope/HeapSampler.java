package io.railscope;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.atomic.AtomicLong;

/** Samples the used heap every few milliseconds in the background and keeps the largest value: a benchmark's peak heap. */
public final class HeapSampler implements AutoCloseable {

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final AtomicLong peak = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    public HeapSampler() {
        System.gc();
        thread = new Thread(
                () -> {
                    while (running) {
                        peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                        try {
                            Thread.sleep(2);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "heap-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** The largest used heap seen so far, in MiB. */
    public long peakMiB() {
        return peak.get() >> 20;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join();
    }
}
