-- What an allocation failure says ran out (AllocationFailureKind): a pool, a node's block, or the blocks a node may hold.
ALTER TABLE allocation_failure
    ADD COLUMN kind text NOT NULL DEFAULT 'POOL_EXHAUSTED'
        CHECK (kind IN ('POOL_EXHAUSTED', 'NODE_RANGE_FULL', 'NODE_BLOCK_LIMIT', 'UNEXPLAINED'));
