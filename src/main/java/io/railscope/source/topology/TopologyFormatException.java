package io.railscope.source.topology;

/**
 * Input a topology reader refuses. The message names the source (the file or object the caller read, as the caller
 * named it), where in it (a line, a JSON path, a label) and what was wrong.
 */
public final class TopologyFormatException extends RuntimeException {

    private final String source;
    private final String location;

    TopologyFormatException(String source, String location, String problem) {
        super(source + ", " + location + ": " + problem);
        this.source = source;
        this.location = location;
    }

    /** The name the caller gave the input. */
    public String source() {
        return source;
    }

    /** Where in the input: {@code line 12}, {@code $.lldp.interface[3].eth0.chassis}, {@code label …}. */
    public String location() {
        return location;
    }
}
