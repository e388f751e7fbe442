package io.railscope.read;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;

/**
 * One event of a job's timeline.
 *
 * @param text what happened, in words; from the cluster, escaped by pages
 */
public record TimelineEvent(Instant at, Kind kind, String text) {

    /** What an event is about. */
    public enum Kind {
        /** The job was first or last seen. */
        JOB("job"),
        /** A container of one of its pods started. */
        POD("pod"),
        /** An NCCL log was read, and what it said. */
        NCCL("nccl"),
        /** A rail port of one of its nodes was not OK. */
        RAIL("rail"),
        /** What NCCL's RAS service said. */
        RAS("ras");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The word the API and the job page show. */
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
