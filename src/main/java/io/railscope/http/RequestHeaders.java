package io.railscope.http;

import io.vertx.core.MultiMap;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The header fields of a request, checked as RFC 9110 writes them (section 5: a field name is a token; a field value
 * holds visible characters, spaces, tabs and obs-text, never another control character) and for their total size.
 * The HTTP decoder's own checks are off ({@code vertx.disableHttpHeadersValidation}, set at start) because it answers
 * them with a bare 400 before any route; this check answers them with what is wrong.
 */
final class RequestHeaders {

    /** The most header bytes a request may carry; the decoder's own limit is above it. */
    static final int MAX_BYTES = 20_480;

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    private RequestHeaders() {}

    /** Why a request with these headers cannot be read, or null when it can. */
    static RequestLineCheck.Refusal refusal(MultiMap headers) {
        int bytes = 0;
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey();
            String value = header.getValue();
            bytes += name.length() + value.length() + 4;
            if (!TOKEN.matcher(name).matches()) {
                return new RequestLineCheck.Refusal(
                        Response.Status.BAD_REQUEST,
                        "The header name '" + RequestLineCheck.shown(name)
                                + "' has a character a header name may not have (only"
                                + " letters, digits and !#$%&'*+.^_`|~-).",
                        "headers");
            }
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c < 0x20 && c != '\t' || c == 0x7f) {
                    return new RequestLineCheck.Refusal(
                            Response.Status.BAD_REQUEST,
                            "The header " + RequestLineCheck.shown(name) + " has a control character (0x"
                                    + String.format("%02x", (int) c) + " at " + i + ") in its value.",
                            RequestLineCheck.shown(name));
                }
            }
        }
        if (bytes > MAX_BYTES) {
            return new RequestLineCheck.Refusal(
                    Response.Status.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "The request's headers take " + bytes + " bytes, more than " + MAX_BYTES + ".",
                    "headers");
        }
        return null;
    }
}
