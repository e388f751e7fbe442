package io.railscope.assess;

import io.railscope.source.nccl.NcclJobObservation;

/**
 * A job as observed, with its transport verdict.
 *
 * @param baselineGBps the busbw baseline it was compared with, null when none
 */
public record AssessedJob(NcclJobObservation observation, JobAssessment assessment, Double baselineGBps) {}
