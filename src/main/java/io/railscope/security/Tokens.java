package io.railscope.security;

import io.railscope.config.RailscopeConfig;
import io.railscope.config.SecurityConfig;
import io.railscope.config.SecurityConfig.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The configured API tokens, known only by their SHA-256. A presented token is hashed and compared
 * with every configured hash in constant time, so neither the comparison nor the token's position in
 * the configuration can be timed.
 */
@ApplicationScoped
public class Tokens {

    private final SecurityConfig config;

    public Tokens(RailscopeConfig config) {
        this.config = config.security();
    }

    public boolean required() {
        return !config.tokens().isEmpty();
    }

    /** Whether any token may change things, so that the sign-in form can open a session. */
    public boolean adminConfigured() {
        return config.tokens().values().stream().anyMatch(token -> token.scope() == Scope.ADMIN);
    }

    /** The scope of a presented token, or empty when it is not one of ours. */
    public Optional<Scope> scopeOf(String token) {
        byte[] presented = sha256(token);
        Scope found = null;
        for (SecurityConfig.Token known : config.tokens().values()) {
            if (MessageDigest.isEqual(presented, HexFormat.of().parseHex(known.sha256())) && found == null) {
                found = known.scope();
            }
        }
        return Optional.ofNullable(found);
    }

    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
