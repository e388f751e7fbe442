package io.railscope.notify;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/** What a webhook receiver's group last notified: the fingerprints it told as firing and as resolved. */
public record NotificationGroup(
        String groupKey,
        Map<String, String> groupLabels,
        Instant firstSeen,
        Instant lastNotifiedAt,
        Set<String> notifiedFiring,
        Set<String> notifiedResolved) {}
