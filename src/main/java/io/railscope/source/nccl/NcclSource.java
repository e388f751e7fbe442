package io.railscope.source.nccl;

/** Observes the NCCL transport of a cell's training jobs. */
@FunctionalInterface
public interface NcclSource {

    /** Fetches what is known of running and recent jobs; must respond to thread interruption. */
    NcclSnapshot fetchNccl() throws Exception;
}
