package io.railscope.http;

/**
 * The body of every API error: what was wrong and, when one thing in the request was, its name (a query
 * parameter, a path segment, a JSON field such as {@code matchers[0].name}), else null.
 */
public record ErrorBody(String error, String field) {

    public static ErrorBody of(String error) {
        return new ErrorBody(error, null);
    }
}
