/**
 * The isolation audit of a cell: what NetworkPolicy cannot see on a GPU cluster (RDMA bypasses the
 * kernel) and what weakens the boundary between tenants on either plane. Pure functions of the
 * cell's objects ({@link io.railscope.audit.IsolationObjects}) and its audit settings; each
 * {@link io.railscope.audit.IsolationFinding} names the object, why it matters and how to fix it.
 */
package io.railscope.audit;
