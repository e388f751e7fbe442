/**
 * The only package that touches PostgreSQL: entities, the bulk writer that commits one cell
 * collection in one transaction, read queries that return rows as records (one snapshot's through
 * {@link io.railscope.store.SqlSnapshots}), and history retention. The domain's rules run over its
 * rows in read, alert and collect.
 */
package io.railscope.store;
