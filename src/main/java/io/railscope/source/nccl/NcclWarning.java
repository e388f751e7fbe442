package io.railscope.source.nccl;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * A warning or error line of a job's logs and what it means for the job.
 *
 * @param text the line from NCCL's {@code WARN} on, or the error line as logged; untrusted, escaped by pages
 * @param kind whether it failed the job, tells about the transport, or is routine
 */
public record NcclWarning(String text, Kind kind) {

    /** What a warning means for a job. */
    public enum Kind {
        /** A collective or communicator failed: the job is FAILED. */
        FATAL,
        /** Evidence about the network NCCL could use (no HCA, no verbs library, no GPUDirect): feeds the transport verdict. */
        TRANSPORT,
        /** Printed on healthy hosts, after which NCCL carried on: shown, not a failure. */
        BENIGN
    }

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public NcclWarning {}

    /** A warning stored as bare text, before warnings had a kind, is classified by its text alone. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static NcclWarning fromText(String text) {
        return new NcclWarning(text, WarningRules.kindOf(text).orElse(Kind.FATAL));
    }

    /** The kind in an SRE's words: fatal, transport or routine. */
    public String label() {
        return switch (kind) {
            case FATAL -> "fatal";
            case TRANSPORT -> "transport";
            case BENIGN -> "routine";
        };
    }

    public NcclWarning withText(String newText) {
        return new NcclWarning(newText, kind);
    }
}
