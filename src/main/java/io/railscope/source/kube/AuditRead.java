package io.railscope.source.kube;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** A read only the isolation audit needs: refused, the checks that need it are skipped (see {@link GrantedRead}). */
final class AuditRead {

    private AuditRead() {}

    /** What {@code read} returned, or empty when the API refused it or it returned null. */
    static <T> Optional<T> of(String what, String grant, List<String> problems, Supplier<T> read) {
        return GrantedRead.of(what, grant, "The isolation checks that need them are skipped", problems, read);
    }
}
