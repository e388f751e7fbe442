package io.railscope.source;

import java.util.List;

/**
 * A cell's nodes and address pools as its Kubernetes API showed them at one moment, with what IPAM
 * derivation found wrong: leaks, allocation failures, stuck pods, nodes with asymmetric rail
 * offsets, nodes waiting for a block, what the isolation audit reads, and malformed objects it skipped ({@code problems}, each naming kind, namespace and name).
 */
public record KubernetesSnapshot(
        List<NodeInfo> nodes,
        List<PoolUsage> pools,
        List<NodeBlock> nodeBlocks,
        List<IpLeak> leaks,
        List<AllocationFailure> failures,
        List<StuckPod> stuckPods,
        List<RailAsymmetry> asymmetricNodes,
        List<WaitingNode> waitingNodes,
        IsolationObjects isolation,
        List<String> problems) {

    public KubernetesSnapshot {
        nodes = List.copyOf(nodes);
        pools = List.copyOf(pools);
        nodeBlocks = List.copyOf(nodeBlocks);
        leaks = List.copyOf(leaks);
        failures = List.copyOf(failures);
        stuckPods = List.copyOf(stuckPods);
        asymmetricNodes = List.copyOf(asymmetricNodes);
        waitingNodes = List.copyOf(waitingNodes);
        problems = List.copyOf(problems);
    }
}
