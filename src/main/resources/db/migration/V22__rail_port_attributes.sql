-- What each rail port and its HCA are set to, compared across a node's rails and a rail's nodes; NULL where the node
-- does not report it. Rewritten only when the cell's attributes change (port_attributes_fingerprint).
CREATE TABLE rail_port_attributes (
    rail_port_id integer  PRIMARY KEY REFERENCES rail_port (id) ON DELETE CASCADE,
    cell_id      integer  NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    firmware     text,
    board_id     text,
    link_layer   text,
    mtu          integer,
    pcie_width   smallint,
    pcie_speed   real
);
CREATE INDEX rail_port_attributes_cell ON rail_port_attributes (cell_id);

ALTER TABLE cell ADD COLUMN port_attributes_fingerprint bigint;

-- The nodes whose rails disagree, as the collection found them: the cell page and the alert rules read these few rows.
CREATE TABLE rail_disagreement (
    node_id    integer PRIMARY KEY REFERENCES node (id) ON DELETE CASCADE,
    cell_id    integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    attributes jsonb   NOT NULL
);
CREATE INDEX rail_disagreement_cell ON rail_disagreement (cell_id);
