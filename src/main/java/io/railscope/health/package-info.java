/** Judgements over stored state that need the configuration too, such as whether a cell is stale. */
package io.railscope.health;
