-- NCCL facts per container run (read from the Kubernetes API once) and per pushed log.
CREATE SEQUENCE nccl_log_seq;
CREATE TABLE nccl_log (
    cell_id       integer     NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    namespace     text        NOT NULL,
    job           text        NOT NULL,
    pod           text        NOT NULL,
    container     text        NOT NULL,
    container_key text        NOT NULL,
    node          text,
    read_at       timestamptz NOT NULL,
    seq           bigint      NOT NULL DEFAULT nextval('nccl_log_seq'),
    facts         jsonb       NOT NULL,
    PRIMARY KEY (cell_id, namespace, pod, container, container_key)
);
CREATE INDEX nccl_log_seq_idx ON nccl_log (cell_id, seq);
CREATE INDEX nccl_log_read_at ON nccl_log (read_at);

ALTER TABLE nccl_job
    ADD COLUMN busbw_source    text,
    ADD COLUMN baseline_gbps   real,
    ADD COLUMN warnings        text[] NOT NULL DEFAULT '{}',
    ADD COLUMN pods            jsonb  NOT NULL DEFAULT '[]';
CREATE INDEX nccl_job_cell_running ON nccl_job (cell_id, running, verdict);

ALTER TABLE nccl_rank
    DROP CONSTRAINT nccl_rank_pkey,
    ADD COLUMN ordinal           integer NOT NULL DEFAULT 0,
    ADD COLUMN host              text,
    ADD COLUMN link_layer        text,
    ADD COLUMN channels          jsonb   NOT NULL DEFAULT '{}',
    ADD COLUMN no_device         boolean NOT NULL DEFAULT false,
    ADD COLUMN socket_interfaces text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN plugin            text,
    ADD COLUMN verdict           text    NOT NULL DEFAULT 'UNOBSERVABLE'
        CHECK (verdict IN ('RDMA_OK', 'DEGRADED', 'UNOBSERVABLE', 'FAILED')),
    ADD COLUMN reason            text    NOT NULL DEFAULT '',
    ALTER COLUMN gdr DROP NOT NULL,
    ADD PRIMARY KEY (job_id, ordinal);
CREATE INDEX nccl_rank_node ON nccl_rank (node);

ALTER TABLE nccl_job ADD COLUMN ranks_fingerprint integer;
