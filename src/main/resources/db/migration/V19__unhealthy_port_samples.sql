-- Samples of a port not OK are few: a job's timeline finds its nodes' ports that were not OK without reading the rest.
CREATE INDEX rail_port_sample_unhealthy ON rail_port_sample (rail_port_id, ts) WHERE health > 0;
