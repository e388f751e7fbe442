package io.railscope.store;

/**
 * A history table partitioned by day on {@code column}, with the retention that applies to it.
 * Partitions are named {@code <table>_pYYYYMMDD}.
 */
enum PartitionedTable {
    RAIL_PORT_SAMPLE("rail_port_sample", "ts", Retention.RAW),
    NEIGHBOR_SAMPLE("neighbor_sample", "ts", Retention.RAW),
    RAIL_SAMPLE("rail_sample", "ts", Retention.RAW),
    RAIL_PORT_ROLLUP("rail_port_rollup", "hour", Retention.ROLLUP),
    NEIGHBOR_ROLLUP("neighbor_rollup", "hour", Retention.ROLLUP),
    POOL_USAGE_SAMPLE("pool_usage_sample", "ts", Retention.ROLLUP);

    enum Retention {
        RAW,
        ROLLUP
    }

    final String table;
    final String column;
    final Retention retention;

    PartitionedTable(String table, String column, Retention retention) {
        this.table = table;
        this.column = column;
        this.retention = retention;
    }
}
