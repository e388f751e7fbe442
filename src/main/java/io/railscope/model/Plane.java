package io.railscope.model;

/** The network an address pool serves: the pod network on eth0, an RDMA rail, or Service ClusterIPs. */
public enum Plane {
    PRIMARY,
    BACKEND,
    SERVICE
}
