/**
 * Turns raw readings into verdicts: counter rates that survive resets, the health rule of a rail
 * port, neighbor-table pressure, pool headroom and a job's transport verdict. Pure functions of
 * readings and thresholds; nothing here does I/O. Rows a rule looks up as it goes (a job's rail
 * ports, {@link io.railscope.assess.RailPortRows}) come through interfaces the store implements.
 */
package io.railscope.assess;
