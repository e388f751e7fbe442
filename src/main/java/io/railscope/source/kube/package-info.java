/**
 * The Kubernetes API of a real cell, read with the fabric8 client: paged lists of Nodes, Pods,
 * Services and Events, the cilium-config ConfigMap, and the CNI and IPAM custom resources (a CRD a
 * cell does not have is simply absent). Everything is reduced to
 * {@link io.railscope.source.ipam.ClusterObjects} page by page.
 */
package io.railscope.source.kube;
