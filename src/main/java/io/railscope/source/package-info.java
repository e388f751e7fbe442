/**
 * The seams every collector implements: {@link io.railscope.source.KubernetesSource},
 * {@link io.railscope.source.NodeMetricsSource} and {@link io.railscope.source.nccl.NcclSource}, and the
 * snapshots they hand to the collection loop. One subpackage per kind of source.
 */
package io.railscope.source;
