-- Rail ports cabled to another rail's leaf at the cell's last collection, and since when each has been.
CREATE TABLE rail_miswiring (
    cell_id            integer     NOT NULL REFERENCES cell (id) ON DELETE CASCADE,
    node               text        NOT NULL,
    rail               smallint    NOT NULL,
    device             text        NOT NULL,
    actual_switch      text        NOT NULL,
    actual_switch_rail smallint    NOT NULL,
    expected_switch    text,
    since              timestamptz NOT NULL,
    PRIMARY KEY (cell_id, node, rail)
);
