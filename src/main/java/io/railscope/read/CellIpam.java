package io.railscope.read;

import java.util.List;

/** A cell's IPAM, read in one snapshot: pools with forecasts, the fullest node blocks, right-sizing, findings. */
public record CellIpam(
        String cell,
        List<PoolState> pools,
        List<NodeBlockRow> nodeBlocks,
        RightSizing rightSizing,
        IpamFindings findings) {}
