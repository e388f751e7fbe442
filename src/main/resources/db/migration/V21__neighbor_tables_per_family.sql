-- A node has a neighbor table per address family (the kernel's arp_tbl and nd_tbl, each with its own
-- net.ipv4|6.neigh.default.gc_thresh1..3): IPv4 rows are family 4, IPv6 rows family 6.
ALTER TABLE node_neighbor ADD COLUMN family smallint NOT NULL DEFAULT 4 CHECK (family IN (4, 6));
ALTER TABLE node_neighbor DROP CONSTRAINT node_neighbor_pkey;
ALTER TABLE node_neighbor ADD PRIMARY KEY (node_id, family);

ALTER TABLE neighbor_sample ADD COLUMN family smallint NOT NULL DEFAULT 4;

ALTER TABLE neighbor_rollup ADD COLUMN family smallint NOT NULL DEFAULT 4;
ALTER TABLE neighbor_rollup DROP CONSTRAINT neighbor_rollup_pkey;
ALTER TABLE neighbor_rollup ADD PRIMARY KEY (node_id, family, hour);
