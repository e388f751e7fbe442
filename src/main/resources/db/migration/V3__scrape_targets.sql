-- The node_exporters a cell was scraped from at its last collection, and how each answered.
CREATE TABLE scrape_target (
    cell_id      integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    target       text    NOT NULL,
    node         text,
    up           boolean NOT NULL,
    error        text,
    duration_ms  integer NOT NULL,
    samples      integer NOT NULL,
    PRIMARY KEY (cell_id, target)
);

ALTER TABLE cell_summary
    ADD COLUMN exporters       integer NOT NULL DEFAULT 0,
    ADD COLUMN exporters_down  integer NOT NULL DEFAULT 0;

-- A fingerprint of the rail ports the last node-metrics commit saw (node, rail, device, port): while
-- it holds, the inventory of ports is unchanged and the commit only updates their state.
ALTER TABLE cell ADD COLUMN ports_fingerprint bigint;
