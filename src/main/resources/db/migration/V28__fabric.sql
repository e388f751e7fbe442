-- The cable of each rail port whose switch is known (LLDP): rewritten only when the cell's cables change
-- (cables_fingerprint), as the attributes are.
CREATE TABLE rail_port_cable (
    rail_port_id integer PRIMARY KEY REFERENCES rail_port (id) ON DELETE CASCADE,
    cell_id      integer NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    switch_name  text    NOT NULL,
    switch_port  text,
    chassis_id   text
);
CREATE INDEX rail_port_cable_switch ON rail_port_cable (cell_id, switch_name);

ALTER TABLE cell ADD COLUMN cables_fingerprint bigint;

-- What the cell's unhealthy rail ports are blamed on at its last collection, and since when each blame has held; the
-- ports it explains by node and rail (nodes[i], rails[i]), ports their number.
CREATE TABLE fabric_blame (
    cell_id    integer     NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    kind       text        NOT NULL CHECK (kind IN ('link', 'node', 'leaf', 'rail')),
    component  text        NOT NULL,
    symptom    text        NOT NULL,
    rail       smallint    NOT NULL,
    ports      integer     NOT NULL,
    nodes      text[]      NOT NULL,
    rails      smallint[]  NOT NULL,
    evidence   text        NOT NULL,
    since      timestamptz NOT NULL,
    PRIMARY KEY (cell_id, kind, component, symptom)
);
