/**
 * The only package that touches PostgreSQL: entities, the bulk writer that commits one cell
 * collection in one transaction, read queries that return records, and history retention.
 */
package io.railscope.store;
