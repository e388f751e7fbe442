/**
 * The simulated fleet: cells whose nodes, pools, neighbor tables, rail counters and NCCL jobs evolve
 * with the clock, with faults that can be injected at start-up or at run time. It is the fleet
 * Railscope shows when no cell is configured, and the load generator of the benchmarks.
 */
package io.railscope.source.sim;
