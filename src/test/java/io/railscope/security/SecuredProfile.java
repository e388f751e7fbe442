package io.railscope.security;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The test fleet with a read token, an admin token, and pages behind a proxy that names the user. */
public class SecuredProfile implements QuarkusTestProfile {

    static final String READ_TOKEN = "read-token-4f1c";
    static final String ADMIN_TOKEN = "admin-token-9a7e";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "railscope.security.tokens.dashboards.sha256",
                        "ac6c91e80eab41e1cbe08ad7a14c1c7fb5db54925916a113938ec2142362b906",
                "railscope.security.tokens.dashboards.scope", "read",
                "railscope.security.tokens.on-call.sha256",
                        "ac782516cc94a6142860e8af958e5090c6563efc4704173725f555e347486cc4",
                "railscope.security.tokens.on-call.scope", "admin",
                "railscope.security.trusted-user-header", "X-Forwarded-User",
                "railscope.security.admin-users", "sre-lead");
    }
}
