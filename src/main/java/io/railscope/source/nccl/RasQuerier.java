package io.railscope.source.nccl;

import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * How a job's RAS service is reached: over TCP at its address ({@link RasClient#status}); another way (through the
 * pod, say) is another querier.
 */
@FunctionalInterface
public interface RasQuerier {

    RasClient.Answer status(InetSocketAddress address, Duration timeout) throws RasClient.RasException;
}
