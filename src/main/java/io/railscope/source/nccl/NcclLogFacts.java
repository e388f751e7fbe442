package io.railscope.source.nccl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a log (one container's, or one pushed) says about NCCL, reduced to what a verdict needs.
 *
 * @param infoLines    NCCL INFO lines seen: none means the job ran without {@code NCCL_DEBUG=INFO}
 * @param warnings     the first NCCL WARN and error lines of each kind, fatal first, escaped nowhere: pages escape them
 * @param warningCount all of them
 * @param fatalCount   those that failed a collective or a communicator
 * @param busbwGBps    bus bandwidth from nccl-tests ({@code # Avg bus bandwidth}) or NCCL Inspector, NaN when none
 * @param busbwSource  what printed it, null when none
 * @param bytesRead    bytes of log read
 * @param truncated    the log was longer than the cap; the rest was not read
 * @param hostsDropped hosts past the limit of a pushed log, whose ranks were dropped
 * @param ranksDropped ranks dropped with them
 */
public record NcclLogFacts(
        List<RankFacts> ranks,
        long infoLines,
        List<NcclWarning> warnings,
        long warningCount,
        long fatalCount,
        double busbwGBps,
        BusbwSource busbwSource,
        long bytesRead,
        boolean truncated,
        int hostsDropped,
        int ranksDropped) {

    public static final int MAX_WARNINGS = 10;

    /** Facts of which nothing was dropped. */
    public NcclLogFacts(
            List<RankFacts> ranks,
            long infoLines,
            List<NcclWarning> warnings,
            long warningCount,
            long fatalCount,
            double busbwGBps,
            BusbwSource busbwSource,
            long bytesRead,
            boolean truncated) {
        this(ranks, infoLines, warnings, warningCount, fatalCount, busbwGBps, busbwSource, bytesRead, truncated, 0, 0);
    }

    /** These facts with the ranks of the first {@code maxHosts} hosts only (in the order the log named them), the rest counted. */
    public NcclLogFacts withHostsAtMost(int maxHosts) {
        Set<String> kept = new HashSet<>();
        List<RankFacts> keptRanks = new ArrayList<>();
        Set<String> dropped = new HashSet<>();
        for (RankFacts rank : ranks) {
            if (kept.contains(rank.host()) || kept.size() < maxHosts && kept.add(rank.host())) {
                keptRanks.add(rank);
            } else {
                dropped.add(rank.host());
            }
        }
        if (dropped.isEmpty()) {
            return this;
        }
        return new NcclLogFacts(
                keptRanks,
                infoLines,
                warnings,
                warningCount,
                fatalCount,
                busbwGBps,
                busbwSource,
                bytesRead,
                truncated,
                hostsDropped + dropped.size(),
                ranksDropped + ranks.size() - keptRanks.size());
    }

    /** Whether a warning failed the job; facts stored before warnings had kinds carry the kind in their warnings only. */
    public boolean failed() {
        return fatalCount > 0 || warnings.stream().anyMatch(warning -> warning.kind() == NcclWarning.Kind.FATAL);
    }

    public boolean hasInfo() {
        return infoLines > 0;
    }
}
