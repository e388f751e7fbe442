package io.railscope.source.topology;

/**
 * One end of an InfiniBand cable as a tool stated it.
 *
 * @param type {@code "CA"} or {@code "SW"}; null when the input does not say (iblinkinfo never says what the far end is)
 * @param guid the node GUID, {@code 0x} and 16 lowercase hex digits; for a switch the GUID the tool prints for it (its
 *     port 0's); null when not stated
 * @param port the port number on that node
 * @param description the node's NodeDescription (or the name a node-name-map gave it); null when not stated
 * @param lid the port's LID (a switch's: its port 0's), as written; null when not stated
 * @param portGuid the port's own GUID, written like {@code guid}; null when not stated
 */
public record CabledEnd(String type, String guid, int port, String description, String lid, String portGuid) {

    public static final String CHANNEL_ADAPTER = "CA";
    public static final String SWITCH = "SW";

    /** Whether this end is a host's (or any channel adapter's) port. */
    public boolean isChannelAdapter() {
        return CHANNEL_ADAPTER.equals(type);
    }

    /** The GUID that names the end: the node's when stated, else the port's. */
    public String identity() {
        return guid != null ? guid : portGuid;
    }
}
