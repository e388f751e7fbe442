package io.railscope.source.nccl;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a pod's NCCL facts stand and, when its log could not be read, why.
 *
 * @param error what reading the log failed with; null unless {@code status} is {@link PodLogStatus#UNREADABLE}
 */
public record PodLog(PodLogStatus status, String error) {

    public static final PodLog READ = new PodLog(PodLogStatus.READ, null);
    public static final PodLog PUSHED = new PodLog(PodLogStatus.PUSHED, null);
    public static final PodLog WAITING = new PodLog(PodLogStatus.WAITING, null);

    public static PodLog unreadable(String error) {
        return new PodLog(PodLogStatus.UNREADABLE, error);
    }

    /** The status, then the error after a colon: {@code read}, {@code unreadable: pods "x" not found}. */
    @JsonValue
    public String words() {
        return error == null ? status.label() : status.label() + ": " + error;
    }

    /** The status in {@link #words()}; words that name no status are an unreadable log's error. */
    @JsonCreator
    public static PodLog fromWords(String words) {
        if (words == null) {
            return null;
        }
        for (PodLogStatus status : PodLogStatus.values()) {
            if (words.equals(status.label())) {
                return new PodLog(status, null);
            }
        }
        String unreadable = PodLogStatus.UNREADABLE.label() + ": ";
        return unreadable(words.startsWith(unreadable) ? words.substring(unreadable.length()) : words);
    }

    @Override
    public String toString() {
        return words();
    }
}
