package io.railscope.source;

import io.railscope.config.CellSettings;
import java.util.Optional;

/** Builds the sources of one cell; each kind of source contributes one factory. */
public interface CellSourceFactory {

    /** The sources this factory can build for the cell, or empty when the cell is not of its kind. */
    Optional<CellSources> create(CellSettings cell);
}
