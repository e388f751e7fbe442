package io.railscope.notify;

import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Creating and ending silences, with every field checked. */
@ApplicationScoped
public class Silences {

    private final SilenceStore store;

    public Silences(SilenceStore store) {
        this.store = store;
    }

    /** A silence that cannot be kept, with the field at fault named. */
    public static final class InvalidSilenceException extends RuntimeException {
        public InvalidSilenceException(String message) {
            super(message);
        }
    }

    public Silence create(
            List<Matcher> matchers, Instant startsAt, Instant endsAt, String createdBy, String comment, Instant now) {
        if (matchers == null || matchers.isEmpty()) {
            throw new InvalidSilenceException("matchers: at least one matcher is required");
        }
        for (int i = 0; i < matchers.size(); i++) {
            String problem = matchers.get(i) == null
                    ? "matchers[" + i + "] is empty"
                    : matchers.get(i).problem(i);
            if (problem != null) {
                throw new InvalidSilenceException(problem);
            }
        }
        if (matchers.stream().allMatch(matcher -> matcher.matches(Map.of()))) {
            throw new InvalidSilenceException(
                    "matchers: they would silence every alert; at least one must not match empty labels");
        }
        if (endsAt == null) {
            throw new InvalidSilenceException("endsAt is required");
        }
        Instant start = startsAt == null || startsAt.isBefore(now) ? now : startsAt;
        if (!endsAt.isAfter(start)) {
            throw new InvalidSilenceException("endsAt must be after startsAt");
        }
        if (createdBy == null || createdBy.isBlank()) {
            throw new InvalidSilenceException("createdBy is required");
        }
        if (comment == null || comment.isBlank()) {
            throw new InvalidSilenceException("comment is required");
        }
        Silence silence = new Silence(
                UUID.randomUUID(), List.copyOf(matchers), start, endsAt, createdBy.strip(), comment.strip(), now, null);
        store.create(silence);
        return silence;
    }

    public boolean expire(UUID id, Instant now) {
        return store.expire(id, now);
    }

    public List<Silence> recent(Instant now) {
        return store.recent(now);
    }
}
