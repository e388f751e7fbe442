-- What the isolation audit found in a cell, replaced per source (kubernetes, node-metrics) by each
-- collection of that source (namespace '' for cell-wide objects); first_seen survives while the same check keeps finding the same object.
CREATE TABLE isolation_finding (
    cell_id     integer     NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    source      text        NOT NULL,
    check_name  text        NOT NULL,
    object      text        NOT NULL,
    namespace   text        NOT NULL DEFAULT '',
    node        text,
    affected    integer     NOT NULL,
    detail      text        NOT NULL,
    first_seen  timestamptz NOT NULL,
    seen_seq    bigint      NOT NULL,
    PRIMARY KEY (cell_id, check_name, namespace, object)
);
