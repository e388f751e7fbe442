/**
 * Readers of what states a GPU cluster's cabling and switch tree: {@code ibnetdiscover} (default and {@code --ports}),
 * {@code iblinkinfo}, {@code lldpcli} (json, json0, keyvalue) and the topology labels NVIDIA Topograph and EKS put on
 * nodes. Pure functions of their input: no Quarkus, no CDI. Each refuses malformed input with a
 * {@link io.railscope.source.topology.TopologyFormatException} that names the source and the line, JSON path or label.
 */
package io.railscope.source.topology;
