package io.railscope.alert;

import io.railscope.model.Health;
import io.railscope.model.Plane;
import java.util.Locale;

/** The IPAM rules: pools short of addresses, leaked addresses, allocation failures, node blocks near full. */
final class IpamRules {

    private IpamRules() {}

    static void evaluate(AlertInputs inputs, CellConditions conditions) {
        String cellPage = conditions.cellPage();
        for (AlertInputs.Pool pool : inputs.pools()) {
            String plane = pool.plane().name().toLowerCase(Locale.ROOT);
            String page = conditions.poolPage(pool.plane(), pool.name());
            boolean unhealthy = pool.health() == Health.WARNING || pool.health() == Health.CRITICAL;
            if (unhealthy && pool.plane() == Plane.BACKEND) {
                conditions.add(conditions.condition(
                        "BackendRailPoolNearFull",
                        severity(pool.health()),
                        page,
                        "Backend pool " + pool.name() + " of rail " + pool.rail() + " is nearly full",
                        pool.reason(),
                        "pool",
                        pool.name(),
                        "rail",
                        pool.rail() == null ? "" : pool.rail().toString()));
            } else if (unhealthy) {
                conditions.add(conditions.condition(
                        "IpPoolLowHeadroom",
                        severity(pool.health()),
                        page,
                        plane + " pool " + pool.name() + " is running out of addresses",
                        pool.reason(),
                        "pool",
                        pool.name(),
                        "plane",
                        plane));
            }
            if (pool.leaked() > 0) {
                conditions.add(conditions.condition(
                        "IpamLeakedAddresses",
                        Severity.WARNING,
                        page,
                        pool.leaked() + " addresses of " + pool.name() + " are leaked",
                        "Allocations name pods that no longer exist; they are lost to new pods until reclaimed.",
                        "pool",
                        pool.name()));
            }
            if (pool.allocationFailures() > 0) {
                conditions.add(conditions.condition(
                        "IpAllocationFailures",
                        Severity.WARNING,
                        page,
                        "Pods fail to get an address from " + pool.name(),
                        pool.allocationFailures() + " allocation failure events: pods wait in ContainerCreating.",
                        "pool",
                        pool.name()));
            }
        }
        if (inputs.allocationFailureEvents() > 0
                && inputs.pools().stream().noneMatch(pool -> pool.allocationFailures() > 0)) {
            conditions.add(conditions.condition(
                    "IpAllocationFailures",
                    Severity.WARNING,
                    cellPage,
                    "Pods fail to get an address",
                    inputs.allocationFailureEvents() + " allocation failure events: pods wait in ContainerCreating.",
                    "pool",
                    ""));
        }
        for (AlertInputs.Block block : inputs.fullBlocks()) {
            conditions.add(conditions.condition(
                    "NodeBlockNearFull",
                    Severity.criticalIf(block.used() >= block.capacity()),
                    conditions.nodePage(block.node()),
                    "Node " + block.node() + " has used " + block.used() + " of " + block.capacity() + " addresses of "
                            + block.cidr(),
                    "New pods on this node will fail to get an address once its block is full.",
                    "node",
                    block.node(),
                    "pool",
                    block.pool()));
        }
    }

    private static Severity severity(Health health) {
        return Severity.criticalIf(health == Health.CRITICAL);
    }
}
