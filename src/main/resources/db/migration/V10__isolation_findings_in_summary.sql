-- How many isolation findings a cell has, for the fleet page.
ALTER TABLE cell_summary ADD COLUMN isolation_findings integer NOT NULL DEFAULT 0;
