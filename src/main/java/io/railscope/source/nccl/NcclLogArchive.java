package io.railscope.source.nccl;

import java.util.List;

/** Where a cell's NCCL log facts are kept between collections and restarts, and where pushed logs arrive. */
public interface NcclLogArchive {

    /** The facts of container runs already read in this cell. */
    List<ContainerLog> containerLogs(String cell);

    /** Logs pushed for this cell after {@code afterSeq}, and the sequence number to ask after next time. */
    Pushed pushedSince(String cell, long afterSeq);

    /** Keeps a pushed log, replacing the previous one pushed for the same pod; false when the cell is not known yet. */
    boolean push(String cell, ContainerLog log);

    record Pushed(List<ContainerLog> logs, long lastSeq) {}

    /** An archive that keeps nothing: every restart reads the logs again. */
    NcclLogArchive NONE = new NcclLogArchive() {
        @Override
        public List<ContainerLog> containerLogs(String cell) {
            return List.of();
        }

        @Override
        public Pushed pushedSince(String cell, long afterSeq) {
            return new Pushed(List.of(), afterSeq);
        }

        @Override
        public boolean push(String cell, ContainerLog log) {
            return false;
        }
    };
}
