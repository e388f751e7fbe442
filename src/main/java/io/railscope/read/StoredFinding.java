package io.railscope.read;

import io.railscope.audit.IsolationFinding;
import java.time.Instant;

/** An isolation finding as stored, with when the audit first found it. */
public record StoredFinding(IsolationFinding finding, Instant firstSeen) {}
