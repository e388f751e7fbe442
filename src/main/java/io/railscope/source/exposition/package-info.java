/**
 * Node metrics in the Prometheus exposition format: a streaming parser, the mapping of
 * node_exporter's InfiniBand, ARP and sysctl metrics to readings, scraping exporters directly, and
 * instant queries against a Prometheus-compatible API.
 */
package io.railscope.source.exposition;
