package io.railscope.config;

/**
 * What an HTTP header may carry: no line break and no other control character (RFC 9110, field-value). Checked
 * before sending, because Java's HTTP clients refuse such a value with a message that repeats it, credentials and all.
 */
public final class HeaderValues {

    private HeaderValues() {}

    public static boolean valid(String value) {
        return value.chars().noneMatch(c -> (c < 0x20 && c != '\t') || c == 0x7f);
    }

    /** A header name: an RFC 9110 token. */
    public static boolean validName(String name) {
        return !name.isEmpty()
                && name.chars().allMatch(c -> c > 0x20 && c < 0x7f && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0);
    }
}
