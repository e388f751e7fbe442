package io.railscope.collect;

/** A collection asked of a replica while another replica holds the cell's lease. */
public class CollectedElsewhereException extends IllegalStateException {

    public CollectedElsewhereException(String cell) {
        super("cell " + cell + " is collected by another replica now: its lease is not free");
    }
}
