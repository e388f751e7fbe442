package io.railscope.read;

import com.fasterxml.jackson.annotation.JsonValue;
import io.railscope.model.Plane;

/** One search result: what kind of thing, in which cell, its name, why it matched, and its page. */
public record SearchHit(Kind kind, String cell, String name, String detail, String url) {

    /** What a search found. */
    public enum Kind {
        NODE_BLOCK("node block"),
        PRIMARY_POOL("primary pool"),
        BACKEND_POOL("backend pool"),
        SERVICE_POOL("service pool"),
        LEAKED_ADDRESS("leaked address"),
        NODE("node"),
        POD("pod"),
        STUCK_POD("stuck pod"),
        JOB("job"),
        CELL("cell");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** A pool of the plane. */
        public static Kind poolOf(Plane plane) {
            return switch (plane) {
                case PRIMARY -> PRIMARY_POOL;
                case BACKEND -> BACKEND_POOL;
                case SERVICE -> SERVICE_POOL;
            };
        }

        /** The words the API and the search page show. */
        @JsonValue
        public String label() {
            return label;
        }

        @Override
        public String toString() {
            return label;
        }
    }
}
