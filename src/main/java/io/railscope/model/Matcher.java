package io.railscope.model;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One matcher of a silence, as Alertmanager's API v2 has it: {@code name}, {@code value},
 * {@code isRegex}, {@code isEqual} ({@code =}, {@code !=}, {@code =~}, {@code !~}). Regexes are anchored
 * at both ends; a missing label matches as the empty string.
 */
public record Matcher(String name, String value, boolean isRegex, boolean isEqual) {

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
                Pattern.compile(value);
            } catch (PatternSyntaxException e) {
                return "matchers[" + index + "].value is not a valid regular expression: " + e.getDescription();
            }
        }
        return null;
    }

    public boolean matches(Map<String, String> labels) {
        String actual = labels.getOrDefault(name, "");
        boolean hit = isRegex ? Pattern.compile("^(?:" + value + ")$").matcher(actual).matches() : actual.equals(value);
        return hit == isEqual;
    }
}
