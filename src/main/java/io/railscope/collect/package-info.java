/**
 * The collection loop: one scheduled job per cell, each source fetched in parallel under a timeout,
 * readings assessed, and the result committed in one transaction. A failing or slow source marks
 * its cell stale and never holds up another cell.
 */
package io.railscope.collect;
