package io.railscope.source;

import java.util.List;

/**
 * What was seen of one job's NCCL communicators.
 *
 * @param transport       the network NCCL chose: {@code IB}, {@code Socket}, a plugin name, or null when not logged
 * @param requestedRails  rails each pod asked for (resources, networks annotation or NCCL_IB_HCA)
 * @param busbwGBps       measured bus bandwidth, NaN when unknown
 */
public record NcclJobObservation(
        String namespace,
        String name,
        String transport,
        int nranks,
        int requestedRails,
        double busbwGBps,
        List<NcclRankObservation> ranks,
        List<String> warnings) {
}
