package io.railscope.store;

import io.railscope.assess.JobAssessment;
import io.railscope.source.NcclJobObservation;

/** A job as observed, with its transport verdict. */
public record AssessedJob(NcclJobObservation observation, JobAssessment assessment) {
}
