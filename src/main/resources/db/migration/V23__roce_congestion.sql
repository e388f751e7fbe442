-- RoCE congestion per port: the share of time PFC paused it; the same in its samples with its CNP and ECN rates; and
-- per rail and sample the sums and maxima the rail page charts (one row per rail instead of one per port).
ALTER TABLE rail_port_state ADD COLUMN pfc_pause_ratio real;
ALTER TABLE rail_port_sample
    ADD COLUMN cnp_per_second        real,
    ADD COLUMN ecn_marked_per_second real,
    ADD COLUMN pfc_pause_ratio       real;

CREATE TABLE rail_sample (
    cell_id               integer     NOT NULL,
    rail                  smallint    NOT NULL,
    ts                    timestamptz NOT NULL,
    ports                 integer     NOT NULL,
    cnp_per_second        real,
    ecn_marked_per_second real,
    max_pfc_pause_ratio   real,
    max_congestion_ratio  real
) PARTITION BY RANGE (ts);
CREATE INDEX rail_sample_cell_rail_ts ON rail_sample (cell_id, rail, ts);
