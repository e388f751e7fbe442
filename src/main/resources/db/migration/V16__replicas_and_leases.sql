-- Replicas announce themselves here; a replica whose heartbeat is older than the lease duration is gone.
CREATE TABLE replica (
    id           text        PRIMARY KEY,
    started_at   timestamptz NOT NULL,
    heartbeat_at timestamptz NOT NULL
);

-- One lease per cell ('cell/<name>') and per job that one replica runs at a time ('job/<name>').
-- The epoch grows whenever the lease passes to another holder; a commit made under an older epoch is refused.
CREATE TABLE lease (
    name        text        PRIMARY KEY,
    owner       text        NOT NULL,
    epoch       bigint      NOT NULL,
    acquired_at timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
