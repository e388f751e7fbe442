-- What went wrong at a source's last fetch without failing it: values out of range (each with its
-- series), exporters that did not answer.
ALTER TABLE source_status ADD COLUMN problems text;
