package io.railscope.http;

/** A request parameter that cannot be used: a 400 that names it. */
public class InvalidParameterException extends RuntimeException {

    private final String field;

    public InvalidParameterException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
