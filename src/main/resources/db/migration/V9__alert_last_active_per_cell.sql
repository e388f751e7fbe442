-- An open alert's last_active_at is NULL while its condition holds at every evaluation: its last active
-- time is then the cell's last evaluation, kept once per cell instead of written into every alert.
-- It is set when the condition stops holding (the last evaluation it held), and cleared if it returns.
ALTER TABLE cell ADD COLUMN alerts_evaluated_at timestamptz;
