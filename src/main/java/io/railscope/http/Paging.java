package io.railscope.http;

/**
 * A page of a long list asked for by {@code ?offset=&limit=}: where it starts and how many it holds at most.
 */
public record Paging(int offset, int limit) {

    /** The limit of a page when none is asked for. */
    public static final int DEFAULT_LIMIT = 1_000;
    /** The largest page that may be asked for. */
    public static final int MAX_LIMIT = 10_000;

    /** The page these query parameters ask for; absent ones take the defaults, anything else that is not a count is refused. */
    public static Paging of(String offset, String limit) {
        return new Paging(
                count("offset", offset, 0, 0, Integer.MAX_VALUE), count("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT));
    }

    /** A whole number between {@code min} and {@code max}, {@code absent} when the parameter is not given. */
    public static int count(String name, String value, int absent, int min, int max) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        try {
            long parsed = Long.parseLong(value.strip());
            if (parsed >= min && parsed <= max) {
                return (int) parsed;
            }
        } catch (NumberFormatException e) {
            // refused below, with the range
        }
        throw new InvalidParameterException(
                name, "a whole number from " + min + " to " + max + " is wanted, not '" + shown(value) + "'");
    }

    /** The first item after this page, or -1 when this page reaches {@code total}. */
    public int next(int total) {
        return (long) offset + limit < total ? offset + limit : -1;
    }

    private static String shown(String value) {
        String printable = value.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() > 40 ? printable.substring(0, 40) + "…" : printable;
    }
}
