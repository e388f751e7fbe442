package io.railscope.config;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;

/** The one clock every bean reads the time from: the system's, in UTC; a test installs its own in its place. */
@ApplicationScoped
public class SystemClock {

    @Produces
    @ApplicationScoped
    Clock clock() {
        return Clock.systemUTC();
    }
}
