package io.railscope.source;

import java.util.List;
import java.util.Map;

/** A node of the cell: its pool label, per-node pod CIDRs, kubelet maxPods and labels. */
public record NodeInfo(String name, String pool, List<String> podCidrs, int maxPods, Map<String, String> labels) {}
