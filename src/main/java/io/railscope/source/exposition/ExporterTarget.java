package io.railscope.source.exposition;

/** A node_exporter endpoint ({@code host:port}) and the node it reports on. */
public record ExporterTarget(String address, String node) {

    /** A static target: its node is its host name. */
    public static ExporterTarget of(String address) {
        int colon = address.lastIndexOf(':');
        return new ExporterTarget(address, colon > 0 ? address.substring(0, colon) : address);
    }
}
