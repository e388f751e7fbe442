-- A rank's own bus bandwidth (NCCL Inspector, per communicator rank): where ranks of one job differ, the slow ones.
ALTER TABLE nccl_rank ADD COLUMN busbw_gbps real;
