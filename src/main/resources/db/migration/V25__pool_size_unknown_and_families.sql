-- A pool whose size Railscope cannot see (the reason says what it would need), and each family of a pool that has
-- two (family:capacity:allocated, as FamilyUsage encodes it).
ALTER TABLE ip_pool
    ADD COLUMN size_unknown text,
    ADD COLUMN families     text[] NOT NULL DEFAULT '{}';
