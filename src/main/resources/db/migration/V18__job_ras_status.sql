-- What NCCL's RAS service last said about a running job (communicators, missing and dead ranks), or why it was not asked.
ALTER TABLE nccl_job ADD COLUMN ras jsonb;
