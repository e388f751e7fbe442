package io.railscope.store;

/** A write or read of Railscope's database failed. */
public class StoreException extends RuntimeException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
