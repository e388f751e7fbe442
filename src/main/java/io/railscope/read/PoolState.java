package io.railscope.read;

import io.railscope.assess.PoolForecast;
import io.railscope.model.Health;
import io.railscope.source.PoolUsage;

/**
 * A pool of a cell as its last collection found and judged it, with its forecast.
 *
 * @param daysToExhaustion days until no block (or address) is left, as {@link PoolForecast} fits the
 *                         stored samples; null when not growing
 */
public record PoolState(String cell, PoolUsage usage, Health health, String reason, Double daysToExhaustion) {}
