-- A job's bus bandwidth over time, sampled with the cell's history; gone with the job.
CREATE TABLE nccl_job_sample (
    job_id      integer     NOT NULL REFERENCES nccl_job (id) ON DELETE CASCADE,
    ts          timestamptz NOT NULL,
    busbw_gbps  real        NOT NULL,
    PRIMARY KEY (job_id, ts)
);
