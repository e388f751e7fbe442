-- IPAM detail: leaks and allocation failures per pool, and what derivation found wrong in a cell.
ALTER TABLE ip_pool
    ADD COLUMN leaked              bigint NOT NULL DEFAULT 0,
    ADD COLUMN allocation_failures bigint NOT NULL DEFAULT 0;

-- Allocations whose pod no longer exists (whereabouts).
CREATE TABLE ipam_leak (
    cell_id  integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    pool     text    NOT NULL,
    address  text    NOT NULL,
    podref   text,
    PRIMARY KEY (cell_id, pool, address)
);

-- Allocation failure events of the last collection, with their repeat counts.
CREATE TABLE allocation_failure (
    cell_id    integer     NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    reason     text        NOT NULL,
    object     text        NOT NULL,
    node       text,
    pool       text,
    message    text,
    count      integer     NOT NULL,
    last_seen  timestamptz
);
CREATE INDEX allocation_failure_cell ON allocation_failure (cell_id);

-- Pods waiting in ContainerCreating longer than the cell allows.
CREATE TABLE stuck_pod (
    cell_id    integer     NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    namespace  text        NOT NULL,
    name       text        NOT NULL,
    node       text,
    since      timestamptz,
    PRIMARY KEY (cell_id, namespace, name)
);

-- Nodes whose block offset differs between rails, with the offset per rail ("1:5 2:5 3:7").
CREATE TABLE rail_asymmetry (
    cell_id  integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    node     text    NOT NULL,
    offsets  text    NOT NULL,
    PRIMARY KEY (cell_id, node)
);

-- Objects a source found malformed and skipped, naming kind, namespace and name.
CREATE TABLE source_problem (
    cell_id  integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    source   text    NOT NULL,
    problem  text    NOT NULL
);
CREATE INDEX source_problem_cell ON source_problem (cell_id);

ALTER TABLE cell_summary
    ADD COLUMN ipam_leaks               integer NOT NULL DEFAULT 0,
    ADD COLUMN allocation_failures      integer NOT NULL DEFAULT 0,
    ADD COLUMN stuck_pods               integer NOT NULL DEFAULT 0;
