package io.railscope.read;

import io.railscope.config.Fleet;

/** Whether a cell name is one Railscope knows: configured here, or stored (by this or another replica). */
public interface KnownCells {

    boolean known(String cell);
}
