/**
 * IPAM from cluster objects. The Kubernetes source and the simulated fleet both reduce what they see
 * to {@link io.railscope.source.ipam.ClusterObjects} (compact records of nodes, pods, CNI and IPAM
 * objects, events), and {@link io.railscope.source.ipam.IpamDerivation} derives pools, per-node
 * blocks, leaks, allocation failures and rail symmetry from them, the same way for both.
 */
package io.railscope.source.ipam;
