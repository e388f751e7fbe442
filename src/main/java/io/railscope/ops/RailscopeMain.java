package io.railscope.ops;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;

/** Starts Railscope; a failed start ends in one line saying what failed and what to do, and a non-zero exit. */
@QuarkusMain
public class RailscopeMain implements QuarkusApplication {

    public static void main(String... args) {
        // Quarkus answers a URI java.net.URI cannot parse with a bare 400 before any route runs; with its check off,
        // io.railscope.http.RequestLineCheck makes the same one first and says what is wrong. Read once, at start.
        System.setProperty("vertx.disableURIValidation", "true");
        // the same for header names and values: io.railscope.http.RequestHeaders checks them and says what is wrong.
        // Vert.x then checks no response header either; Railscope's are its own, never taken from a request.
        System.setProperty("vertx.disableHttpHeadersValidation", "true");
        Quarkus.run(
                RailscopeMain.class,
                (exitCode, failure) -> {
                    if (failure != null) {
                        System.err.println(StartupFailure.explain(failure));
                    }
                    System.exit(exitCode);
                },
                args);
    }

    @Override
    public int run(String... args) {
        Quarkus.waitForExit();
        return 0;
    }
}
