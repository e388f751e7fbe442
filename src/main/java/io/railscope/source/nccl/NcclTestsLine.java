package io.railscope.source.nccl;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The nccl-tests footer: {@code # Avg bus bandwidth : 183.52} and {@code # Out of bounds values : 0 OK}. */
final class NcclTestsLine {

    private static final Pattern AVG_BUSBW = Pattern.compile("^#\\s*Avg bus bandwidth\\s*:\\s*([0-9]+(?:\\.[0-9]+)?)");
    private static final Pattern OUT_OF_BOUNDS =
            Pattern.compile("^#\\s*Out of bounds values\\s*:\\s*([0-9]+)\\s*(\\S*)");

    private NcclTestsLine() {}

    static Optional<Double> busbw(String line) {
        Matcher matcher = AVG_BUSBW.matcher(line);
        return matcher.find() ? Optional.of(Double.parseDouble(matcher.group(1))) : Optional.empty();
    }

    static Optional<String> failure(String line) {
        Matcher matcher = OUT_OF_BOUNDS.matcher(line);
        if (matcher.find() && !"0".equals(matcher.group(1))) {
            return Optional.of(
                    "nccl-tests found " + matcher.group(1) + " wrong values (out of bounds) " + matcher.group(2));
        }
        return Optional.empty();
    }
}
