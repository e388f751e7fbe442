-- What a job's logs held past railscope.nccl.* limits and was not kept: counted so that the job says so.
ALTER TABLE nccl_job
    ADD COLUMN ranks_dropped    integer NOT NULL DEFAULT 0,
    ADD COLUMN warnings_dropped integer NOT NULL DEFAULT 0,
    ADD COLUMN hosts_dropped    integer NOT NULL DEFAULT 0;
