-- Nodes that have no block of a pool yet, and why (the CNI's allocator said so, or nothing was handed out).
CREATE TABLE waiting_node (
    cell_id  integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    node     text    NOT NULL,
    pool     text    NOT NULL,
    reason   text    NOT NULL,
    PRIMARY KEY (cell_id, node, pool)
);
