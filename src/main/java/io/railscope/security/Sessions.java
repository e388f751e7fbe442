package io.railscope.security;

import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sessions opened by signing in with an admin token on the pages, known only to this process (a restart signs
 * everyone out). A session id is 32 random bytes; the token itself never leaves the sign-in request.
 */
@ApplicationScoped
public class Sessions {

    static final Duration LIFETIME = Duration.ofHours(12);
    private static final int MAX_SESSIONS = 10_000;

    private final SecureRandom random = new SecureRandom();
    private final Map<String, Instant> admins = new ConcurrentHashMap<>();
    private final Clock clock;

    public Sessions(Clock clock) {
        this.clock = clock;
    }

    /** A new admin session's id. */
    String open() {
        Instant now = clock.instant();
        admins.values().removeIf(expires -> expires.isBefore(now));
        if (admins.size() >= MAX_SESSIONS) {
            admins.clear();
        }
        byte[] id = new byte[32];
        random.nextBytes(id);
        String session = HexFormat.of().formatHex(id);
        admins.put(session, now.plus(LIFETIME));
        return session;
    }

    boolean admin(String session) {
        Instant expires = session == null ? null : admins.get(session);
        return expires != null && expires.isAfter(clock.instant());
    }

    void close(String session) {
        if (session != null) {
            admins.remove(session);
        }
    }
}
