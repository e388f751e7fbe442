-- Spines: blames on the switch above a set of leaves.
ALTER TABLE fabric_blame DROP CONSTRAINT fabric_blame_kind_check;
ALTER TABLE fabric_blame ADD CONSTRAINT fabric_blame_kind_check
    CHECK (kind IN ('link', 'node', 'leaf', 'spine', 'rail'));

-- Where each cable was learned.
ALTER TABLE rail_port_cable ADD COLUMN source text NOT NULL DEFAULT 'lldp'
    CHECK (source IN ('lldp', 'infiniband', 'labels'));

-- The links between a cell's switches, each from the switch nearer the hosts (its tier, 0 for a leaf) to one a tier
-- above it: rewritten only when they change (uplinks_fingerprint).
CREATE TABLE switch_uplink (
    cell_id integer  NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    lower   text     NOT NULL,
    tier    smallint NOT NULL,
    upper   text     NOT NULL,
    PRIMARY KEY (cell_id, lower, upper)
);
CREATE INDEX switch_uplink_upper ON switch_uplink (cell_id, upper);

ALTER TABLE cell ADD COLUMN uplinks_fingerprint bigint;
