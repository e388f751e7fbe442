package io.railscope.api;

import io.railscope.read.CellIpam;
import io.railscope.read.IpamFindings;
import io.railscope.read.NodeBlockRow;
import io.railscope.read.RightSizing;
import io.railscope.source.AllocationFailure;
import java.util.List;

/** A cell's IPAM: its pools, every node's primary block, right-sizing, and what is wrong. */
public record CellIpamResponse(
        String cell,
        List<PoolResponse> pools,
        List<NodeBlockResponse> nodeBlocks,
        RightSizingResponse rightSizing,
        List<IpamFindings.Leak> leaks,
        List<AllocationFailure> allocationFailures,
        List<IpamFindings.Stuck> stuckPods,
        List<IpamFindings.Asymmetry> asymmetricNodes,
        List<IpamFindings.Waiting> waitingNodes,
        List<String> problems) {

    /** A node's primary pod block. */
    public record NodeBlockResponse(
            String node,
            String pool,
            String cidr,
            int capacityAddresses,
            int usedAddresses,
            Integer maxPods,
            double utilisation) {}

    /** Block size against what the nodes may run (maxPods) and do run, summed over the cell. */
    public record RightSizingResponse(
            long blocks,
            int blockPrefixLength,
            long blockAddresses,
            long maxPods,
            long runningPods,
            int largestMaxPods,
            double unusableShare,
            double idleShare) {}

    static CellIpamResponse of(CellIpam ipam) {
        RightSizing sizing = ipam.rightSizing();
        IpamFindings findings = ipam.findings();
        return new CellIpamResponse(
                ipam.cell(),
                ipam.pools().stream().map(PoolResponse::of).toList(),
                ipam.nodeBlocks().stream().map(CellIpamResponse::block).toList(),
                new RightSizingResponse(
                        sizing.blocks(),
                        sizing.blockPrefix(),
                        sizing.addresses(),
                        sizing.maxPods(),
                        sizing.running(),
                        sizing.largestMaxPods(),
                        sizing.unusableShare(),
                        sizing.idleShare()),
                findings.leaks(),
                findings.failures(),
                findings.stuckPods(),
                findings.asymmetricNodes(),
                findings.waitingNodes(),
                findings.problems());
    }

    private static NodeBlockResponse block(NodeBlockRow block) {
        return new NodeBlockResponse(
                block.node(),
                block.pool(),
                block.cidr(),
                block.capacity(),
                block.used(),
                block.maxPods(),
                block.utilisation());
    }
}
