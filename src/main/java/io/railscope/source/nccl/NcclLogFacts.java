package io.railscope.source.nccl;

import java.util.List;

/**
 * What a log (one container's, or one pushed) says about NCCL, reduced to what a verdict needs.
 *
 * @param infoLines    NCCL INFO lines seen: none means the job ran without {@code NCCL_DEBUG=INFO}
 * @param warnings     the first NCCL WARN and error lines of each kind, fatal first, escaped nowhere: pages escape them
 * @param warningCount all of them
 * @param fatalCount   those that failed a collective or a communicator
 * @param busbwGBps    bus bandwidth from nccl-tests ({@code # Avg bus bandwidth}) or NCCL Inspector, NaN when none
 * @param busbwSource  {@code nccl-tests} or {@code inspector}, null when none
 * @param bytesRead    bytes of log read
 * @param truncated    the log was longer than the cap; the rest was not read
 */
public record NcclLogFacts(
        List<RankFacts> ranks,
        long infoLines,
        List<NcclWarning> warnings,
        long warningCount,
        long fatalCount,
        double busbwGBps,
        String busbwSource,
        long bytesRead,
        boolean truncated) {

    public static final int MAX_WARNINGS = 10;

    /** Whether a warning failed the job; facts stored before warnings had kinds carry the kind in their warnings only. */
    public boolean failed() {
        return fatalCount > 0 || warnings.stream().anyMatch(warning -> warning.kind() == NcclWarning.Kind.FATAL);
    }

    public boolean hasInfo() {
        return infoLines > 0;
    }
}
