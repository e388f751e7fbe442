package io.railscope.config;

import jakarta.validation.constraints.Pattern;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code railscope.security.}: who may read and change what. */
public interface SecurityConfig {

    /**
     * API bearer tokens by name, each kept as the SHA-256 of the token (never the token): create one
     * with {@code openssl rand -hex 32}, store {@code printf %s TOKEN | sha256sum}. With none, the API is open.
     */
    Map<String, Token> tokens();

    interface Token {
        /** Lower-case hex SHA-256 of the token. */
        @Pattern(regexp = "[0-9a-f]{64}", message = "must be the 64 hex digits of the token's SHA-256")
        String sha256();

        /** {@code read} (GET) or {@code admin} (also silences and pushed logs). */
        Scope scope();
    }

    /** What a token may do. */
    enum Scope {
        /** Read pages and the API. */
        READ,
        /** Also create and expire silences and push logs. */
        ADMIN
    }

    /**
     * The header an authenticating proxy in front of Railscope (oauth2-proxy, an ingress with OIDC)
     * sets to the signed-in user, e.g. {@code X-Forwarded-User}. When set, pages without it are refused.
     */
    Optional<String> trustedUserHeader();

    /** Users (as the proxy names them) who may create and expire silences on the pages. */
    Optional<List<String>> adminUsers();
}
