package io.railscope.collect;

import io.railscope.source.topology.CabledLink;
import io.railscope.source.topology.TopologyFile;
import io.railscope.source.topology.TopologyFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * The links of a cell's topology file, where it has one. A file that cannot be read, or does not read as
 * {@code ibnetdiscover} or {@code iblinkinfo} output, leaves the links last read in place; the error is logged with the
 * file's name each time it changes.
 */
final class TopologyFileLinks {

    private static final Logger LOG = Logger.getLogger(TopologyFileLinks.class);

    private final String cell;
    private final TopologyFile file;
    private List<CabledLink> lastGood = List.of();
    private String lastError;

    TopologyFileLinks(String cell, Path path) {
        this.cell = cell;
        this.file = path == null ? null : new TopologyFile(path);
    }

    List<CabledLink> links() {
        if (file == null) {
            return List.of();
        }
        try {
            lastGood = file.links();
            lastError = null;
        } catch (IOException | TopologyFormatException e) {
            String error =
                    e instanceof TopologyFormatException ? e.getMessage() : "topology file " + file.path() + ": " + e;
            if (!error.equals(lastError)) {
                LOG.errorf("cell %s: %s; the fabric keeps the %d links last read", cell, error, lastGood.size());
            }
            lastError = error;
        }
        return lastGood;
    }
}
