package io.railscope.store;

import io.railscope.assess.JobAssessment;
import io.railscope.source.NcclJobObservation;

/**
 * A job as observed, with its transport verdict.
 *
 * @param baselineGBps the busbw baseline it was compared with, null when none
 */
public record AssessedJob(NcclJobObservation observation, JobAssessment assessment, Double baselineGBps) {
}
