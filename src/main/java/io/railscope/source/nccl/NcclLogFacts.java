package io.railscope.source.nccl;

import java.util.List;

/**
 * What a log (one container's, or one pushed) says about NCCL, reduced to what a verdict needs.
 *
 * @param infoLines    NCCL INFO lines seen: none means the job ran without {@code NCCL_DEBUG=INFO}
 * @param warnings     the first NCCL WARN and error lines, escaped nowhere: pages escape them
 * @param warningCount all of them
 * @param busbwGBps    bus bandwidth from nccl-tests ({@code # Avg bus bandwidth}) or NCCL Inspector, NaN when none
 * @param busbwSource  {@code nccl-tests} or {@code inspector}, null when none
 * @param bytesRead    bytes of log read
 * @param truncated    the log was longer than the cap; the rest was not read
 */
public record NcclLogFacts(
        List<RankFacts> ranks,
        long infoLines,
        List<String> warnings,
        long warningCount,
        double busbwGBps,
        String busbwSource,
        long bytesRead,
        boolean truncated) {

    public static final int MAX_WARNINGS = 10;

    public boolean hasInfo() {
        return infoLines > 0;
    }
}
