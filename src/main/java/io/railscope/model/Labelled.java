package io.railscope.model;

import java.util.Optional;

/** A state with one word for it: the word the database, the JSON and the pages use. */
public interface Labelled {

    String label();

    /** The member of {@code type} whose word is {@code label}; empty for a word this version does not know. */
    static <E extends Enum<E> & Labelled> Optional<E> find(Class<E> type, String label) {
        for (E member : type.getEnumConstants()) {
            if (member.label().equals(label)) {
                return Optional.of(member);
            }
        }
        return Optional.empty();
    }
}
