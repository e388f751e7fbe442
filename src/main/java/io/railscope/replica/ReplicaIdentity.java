package io.railscope.replica;

import io.railscope.config.RailscopeConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * This replica's name: the configured or host name and a suffix of its own per process. Its database sessions carry
 * it as their {@code application_name} ({@link #applicationName()}), so that a session left behind by a replica that
 * stopped answering can be told from the others and ended.
 */
@Singleton
public class ReplicaIdentity {

    /** What every application_name of Railscope's sessions starts with. */
    public static final String APPLICATION_PREFIX = "railscope/";

    /** PostgreSQL keeps at most NAMEDATALEN - 1 bytes of an application_name. */
    private static final int APPLICATION_NAME_BYTES = 63;

    private final String id;

    @Inject
    public ReplicaIdentity(RailscopeConfig config) {
        this(config.replicas().name().orElseGet(ReplicaIdentity::hostName) + "-" + processSuffix());
    }

    public ReplicaIdentity(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The application_name of this replica's sessions, as PostgreSQL stores it. */
    public String applicationName() {
        return applicationNameOf(id);
    }

    /** The application_name of replica {@code id}'s sessions, cut as PostgreSQL cuts it. */
    public static String applicationNameOf(String id) {
        String name = APPLICATION_PREFIX + id;
        // ASCII-safe cut: a replica name is a host name, and anything else is replaced before it reaches the server
        String ascii = name.replaceAll("[^\\x20-\\x7e]", "?");
        return ascii.length() <= APPLICATION_NAME_BYTES ? ascii : ascii.substring(0, APPLICATION_NAME_BYTES);
    }

    private static String hostName() {
        String fromEnvironment = System.getenv("HOSTNAME");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "railscope";
        }
    }

    private static String processSuffix() {
        byte[] random = new byte[3];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
