package io.railscope.read;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Grows whenever this replica commits a collection or alert changes, so that what was rendered from
 * older data is not served again. Other replicas' commits are seen when the cached rendering expires.
 */
@ApplicationScoped
public class DataVersion {

    private final AtomicLong version = new AtomicLong();

    public long current() {
        return version.get();
    }

    public void changed() {
        version.incrementAndGet();
    }
}
