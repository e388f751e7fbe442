package io.railscope.assess;

/** Whether a job is proven to run its collectives over the RDMA rails. */
public enum JobVerdict {
    RDMA_OK,
    DEGRADED,
    UNOBSERVABLE,
    FAILED
}
