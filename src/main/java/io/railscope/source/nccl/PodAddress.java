package io.railscope.source.nccl;

/**
 * An address a pod holds: the IP, the interface it sits on ({@code eth0} for the pod network, {@code net1}… for
 * Multus attachments), and the RDMA device behind it, null for the pod network or an attachment without one.
 */
public record PodAddress(String ip, String iface, String device) {}
