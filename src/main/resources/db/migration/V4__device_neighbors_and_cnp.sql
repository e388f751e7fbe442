-- Neighbor entries per device, and RoCE congestion notifications handled per port.
ALTER TABLE node_neighbor ADD COLUMN entries_by_device jsonb NOT NULL DEFAULT '{}';
ALTER TABLE rail_port_state
    ADD COLUMN cnp_per_second        real,
    ADD COLUMN ecn_marked_per_second real;
