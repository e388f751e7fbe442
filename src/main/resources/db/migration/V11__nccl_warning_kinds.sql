-- The kind of each job warning (FATAL, TRANSPORT, BENIGN), parallel to nccl_job.warnings.
ALTER TABLE nccl_job ADD COLUMN warning_kinds text[] NOT NULL DEFAULT '{}';
