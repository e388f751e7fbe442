package io.railscope.read;

/** Whether a cell name is one Railscope knows: configured here, or stored (by this or another replica). */
public interface KnownCells {

    boolean known(String cell);
}
