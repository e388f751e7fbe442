package io.railscope.store;

import io.railscope.fabric.FabricBlame;
import io.railscope.health.CellHealth;
import java.util.List;

/**
 * What is stored for a cell, as its summary is judged from it: the counts, and the pools at risk and the failing
 * sources with their own reasons.
 */
public record CellSummaryRows(
        CellHealth.Counts counts,
        List<CellHealth.PoolAtRisk> poolsAtRisk,
        List<CellHealth.FailingSource> failingSources,
        List<FabricBlame> switchBlames,
        int miswiredPorts) {}
