package io.railscope.web;

import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A browser's way to the silences form: load the page for its CSRF cookie and hidden field, then post with both. */
public final class SilenceForm {

    private static final Pattern FIELD = Pattern.compile("name=\"(csrf-token)\" value=\"([^\"]+)\"");

    private SilenceForm() {}

    /** A request carrying the form's CSRF token as a browser would, with these headers on both requests. */
    public static RequestSpecification withToken(Map<String, String> headers) {
        return withTokenFrom("/silences", headers);
    }

    /** As {@link #withToken}, the token taken from the form of the page at {@code path}. */
    public static RequestSpecification withTokenFrom(String path, Map<String, String> headers) {
        return withTokenFrom(RestAssured::given, path, headers);
    }

    /** As {@link #withTokenFrom(String, Map)}, both requests begun by {@code server}. */
    public static RequestSpecification withTokenFrom(
            Supplier<RequestSpecification> server, String path, Map<String, String> headers) {
        Response page = server.get().headers(headers).get(path);
        Matcher field = FIELD.matcher(page.asString());
        if (!field.find()) {
            throw new IllegalStateException("the page " + path + " has no CSRF field");
        }
        return server.get()
                .headers(headers)
                .cookie("csrf-token", page.getCookie("csrf-token"))
                .formParam(field.group(1), field.group(2));
    }
}
