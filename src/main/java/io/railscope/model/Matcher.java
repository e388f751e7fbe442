package io.railscope.model;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One matcher of a silence, as Alertmanager's API v2 has it: {@code name}, {@code value},
 * {@code isRegex}, {@code isEqual} ({@code =}, {@code !=}, {@code =~}, {@code !~}). Regexes are RE2,
 * anchored at both ends as Alertmanager anchors them ({@code ^(?:value)$}); a missing label matches as
 * the empty string. The anchored pattern is compiled by {@link #pattern()}, the one place that both
 * checks a matcher at creation and evaluates it everywhere.
 */
public record Matcher(String name, String value, boolean isRegex, boolean isEqual) {

    private static final int CACHE_LIMIT = 4096;
    private static final Map<String, Pattern> COMPILED = new ConcurrentHashMap<>();

    /** Checks the matcher; the message names the field at fault. */
    public String problem(int index) {
        if (name == null || !name.matches("[a-zA-Z_][a-zA-Z0-9_]*")) {
            return "matchers[" + index + "].name must be a label name";
        }
        if (value == null) {
            return "matchers[" + index + "].value is required";
        }
        if (isRegex) {
            try {
                pattern();
            } catch (IllegalArgumentException e) {
                return "matchers[" + index + "].value is not a valid RE2 regular expression: " + e.getMessage();
            }
        }
        return null;
    }

    /** The anchored RE2 pattern; throws {@link IllegalArgumentException} saying why when RE2 refuses it. */
    public Pattern pattern() {
        Pattern pattern = COMPILED.get(value);
        if (pattern != null) {
            return pattern;
        }
        try {
            pattern = Pattern.compile("^(?:" + value + ")$");
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    e.getDescription() + (e.getPattern() == null ? "" : " in " + e.getPattern()), e);
        }
        if (COMPILED.size() >= CACHE_LIMIT) {
            COMPILED.clear();
        }
        COMPILED.put(value, pattern);
        return pattern;
    }

    /** Whether the labels match; a regex RE2 refuses throws {@link IllegalArgumentException}. */
    public boolean matches(Map<String, String> labels) {
        String actual = labels.getOrDefault(name, "");
        boolean hit = isRegex ? pattern().matcher(actual).matches() : actual.equals(value);
        return hit == isEqual;
    }
}
