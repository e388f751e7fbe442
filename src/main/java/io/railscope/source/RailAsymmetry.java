package io.railscope.source;

import java.util.Map;

/** A node whose block offset is not the same on every rail, with the offset per rail. */
public record RailAsymmetry(String node, Map<Integer, Long> offsetByRail) {}
