package io.railscope.audit;

import io.railscope.model.IsolationCheck;

/**
 * One thing the isolation audit found.
 *
 * @param namespace the tenant namespace it concerns, or null for cell-wide objects
 * @param object    what to fix, as kind and name: {@code Namespace team-a}, {@code DaemonSet team-b/agent}
 * @param node      the node it concerns when there is one
 * @param affected  how many pods (or nodes) it concerns
 * @param detail    what exactly was seen
 */
public record IsolationFinding(
        IsolationCheck check, String namespace, String object, String node, int affected, String detail) {}
