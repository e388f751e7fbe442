-- Nodes whose rails disagree (rail_disagreement rows), counted with the cell's other verdicts for /metrics/fleet.
ALTER TABLE cell_summary ADD COLUMN rail_disagreements integer NOT NULL DEFAULT 0;
