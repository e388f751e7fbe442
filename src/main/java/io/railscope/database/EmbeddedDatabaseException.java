package io.railscope.database;

/** Railscope's own PostgreSQL could not be started; the message says why and what to do, in one line. */
public class EmbeddedDatabaseException extends RuntimeException {

    EmbeddedDatabaseException(String message) {
        super(message);
    }

    EmbeddedDatabaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
