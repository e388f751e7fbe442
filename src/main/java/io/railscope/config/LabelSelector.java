package io.railscope.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes label selector in its string form ({@code a=b,c!=d,e,!f,g in (x,y),h notin (z)}),
 * matched against labels Railscope already holds.
 */
public final class LabelSelector {

    private static final String KEY = "([A-Za-z0-9][-A-Za-z0-9_./]*)";
    private static final Pattern SET = Pattern.compile(KEY + "\\s+(in|notin)\\s+\\(([^)]*)\\)");
    private static final Pattern EQUALITY = Pattern.compile(KEY + "\\s*(==|=|!=)\\s*([-A-Za-z0-9_.]*)");
    private static final Pattern EXISTS = Pattern.compile("(!?)" + KEY);

    private static final Pattern KEY_AT_START = Pattern.compile("!?\\s*" + KEY);

    private final String text;
    private final List<Predicate<Map<String, String>>> requirements;
    private final Set<String> keys;

    private LabelSelector(String text, List<Predicate<Map<String, String>>> requirements, Set<String> keys) {
        this.text = text;
        this.requirements = List.copyOf(requirements);
        this.keys = Set.copyOf(keys);
    }

    /** Parses a selector; throws {@link IllegalArgumentException} naming the requirement it cannot read. */
    public static LabelSelector parse(String text) {
        List<Predicate<Map<String, String>>> requirements = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (String requirement : splitRequirements(text)) {
            requirements.add(requirement(requirement.strip()));
            Matcher key = KEY_AT_START.matcher(requirement.strip());
            if (key.lookingAt()) {
                keys.add(key.group(1));
            }
        }
        if (requirements.isEmpty()) {
            throw new IllegalArgumentException("label selector '" + text + "' is empty");
        }
        return new LabelSelector(text, requirements, keys);
    }

    /** The label keys the selector looks at: labels with other keys cannot change whether it matches. */
    public Set<String> keys() {
        return keys;
    }

    public boolean matches(Map<String, String> labels) {
        for (Predicate<Map<String, String>> requirement : requirements) {
            if (!requirement.test(labels)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return text;
    }

    private static Predicate<Map<String, String>> requirement(String requirement) {
        Matcher set = SET.matcher(requirement);
        if (set.matches()) {
            String key = set.group(1);
            Set<String> values = Set.of(Arrays.stream(set.group(3).split(","))
                    .map(String::strip)
                    .distinct()
                    .toArray(String[]::new));
            Predicate<Map<String, String>> in = labels -> labels.get(key) != null && values.contains(labels.get(key));
            return set.group(2).equals("in") ? in : in.negate();
        }
        Matcher equality = EQUALITY.matcher(requirement);
        if (equality.matches()) {
            String key = equality.group(1);
            String value = equality.group(3);
            return equality.group(2).equals("!=")
                    ? labels -> !value.equals(labels.get(key))
                    : labels -> value.equals(labels.get(key));
        }
        Matcher exists = EXISTS.matcher(requirement);
        if (exists.matches()) {
            String key = exists.group(2);
            return exists.group(1).isEmpty() ? labels -> labels.containsKey(key) : labels -> !labels.containsKey(key);
        }
        throw new IllegalArgumentException("label selector requirement '" + requirement
                + "' is not key, !key, key=value, key!=value," + " key in (a,b) or key notin (a,b)");
    }

    /** Splits at commas outside parentheses. */
    private static List<String> splitRequirements(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts.stream().filter(part -> !part.isBlank()).toList();
    }
}
