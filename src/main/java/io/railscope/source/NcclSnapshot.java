package io.railscope.source;

import java.util.List;

/** The training jobs of a cell whose NCCL transport was observed. */
public record NcclSnapshot(List<NcclJobObservation> jobs) {
}
