package io.railscope.source;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Why a connection to a source's endpoint failed, in a user's words: connection refused, name not resolved, TLS
 * failure, no answer in time. Shared by every source that speaks HTTP (API servers, query APIs, exporters).
 */
public final class TransportErrors {

    private TransportErrors() {}

    /**
     * The words for the transport failure among {@code failure}'s causes, if there is one. The most telling cause
     * wins: Java's HTTP client reports an unresolved name as a {@link ConnectException} caused by an
     * {@link UnresolvedAddressException}.
     */
    public static Optional<String> cause(Throwable failure) {
        Throwable refused = null;
        Throwable timeout = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof UnknownHostException) {
                return Optional.of("name not resolved: " + cause.getMessage());
            }
            if (cause instanceof UnresolvedAddressException) {
                return Optional.of("name not resolved");
            }
            if (cause instanceof SSLException) {
                return Optional.of("TLS failure: " + firstLine(cause.getMessage())
                        + " (check the server's certificate authority, the address, and that it speaks TLS)");
            }
            if (cause instanceof HttpConnectTimeoutException
                    || cause instanceof SocketTimeoutException
                    || cause instanceof HttpTimeoutException
                    || cause instanceof TimeoutException) {
                timeout = timeout == null ? cause : timeout;
            } else if (cause instanceof ConnectException || cause instanceof NoRouteToHostException) {
                // the innermost says most: Java's HTTP client wraps the socket's own exception in one without message
                refused = cause;
            }
        }
        if (timeout != null) {
            return Optional.of("no answer in time (" + firstLine(timeout.getMessage()) + ")");
        }
        if (refused != null) {
            return Optional.of(connectFailure(refused));
        }
        return Optional.empty();
    }

    /** Refused, or not reached at all (no route, network unreachable): the socket's own words tell which. */
    private static String connectFailure(Throwable failure) {
        String message = failure.getMessage();
        if (failure instanceof ConnectException
                && (message == null || message.toLowerCase().contains("refused"))) {
            return "connection refused (is the address and port right, and the server up?)";
        }
        return "cannot connect: " + (message == null ? failure.getClass().getSimpleName() : firstLine(message));
    }

    /** {@code uri} as it may be shown: without the user information a URL can carry ({@code user:password@}). */
    public static String shown(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri.toString();
        }
        return uri.toString().replace(uri.getRawUserInfo() + "@", "");
    }

    public static String firstLine(String message) {
        return message == null ? "no message" : message.lines().findFirst().orElse(message);
    }
}
