package io.railscope.source.exposition;

import java.nio.charset.StandardCharsets;

/**
 * A sample value as the exposition format writes it: digits with an optional decimal point and exponent,
 * {@code NaN}, {@code +Inf}, {@code Inf} and {@code -Inf}.
 */
final class ExpositionValues {

    private static final double[] POWERS_OF_TEN = {
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    private ExpositionValues() {}

    /**
     * The value in {@code buffer} from {@code start} to {@code stop}. Digits with an optional decimal point and
     * exponent are read from the bytes when the digits form an integer below 2^53 and the power of ten is at most
     * 22: both are exact doubles, so one multiplication or division rounds exactly as {@link Double#parseDouble}
     * would (Clinger's fast path). Anything else (longer mantissas, NaN, Inf) is parsed as text.
     */
    static double parse(byte[] buffer, int start, int stop) {
        boolean negative = buffer[start] == '-';
        int i = negative || buffer[start] == '+' ? start + 1 : start;
        long mantissa = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < stop; i++) {
            byte b = buffer[i];
            if (b >= '0' && b <= '9') {
                mantissa = mantissa * 10 + (b - '0');
                digits++;
            } else if (b == '.' && fraction < 0) {
                fraction = 0;
                continue;
            } else {
                break;
            }
            if (fraction >= 0) {
                fraction++;
            }
        }
        int power = fraction > 0 ? -fraction : 0;
        if (i < stop && (buffer[i] == 'e' || buffer[i] == 'E') && digits > 0) {
            i++;
            boolean negativeExponent = i < stop && buffer[i] == '-';
            i = i < stop && (buffer[i] == '-' || buffer[i] == '+') ? i + 1 : i;
            int exponentStart = i;
            int exponent = 0;
            while (i < stop && buffer[i] >= '0' && buffer[i] <= '9' && exponent < 1000) {
                exponent = exponent * 10 + (buffer[i++] - '0');
            }
            power += negativeExponent ? -exponent : exponent;
            if (i == exponentStart) {
                return parse(new String(buffer, start, stop - start, StandardCharsets.ISO_8859_1));
            }
        }
        if (i == stop && digits > 0 && digits <= 18 && mantissa < 1L << 53 && power >= -22 && power <= 22) {
            double value = power < 0 ? mantissa / POWERS_OF_TEN[-power] : mantissa * POWERS_OF_TEN[power];
            return negative ? -value : value;
        }
        return parse(new String(buffer, start, stop - start, StandardCharsets.ISO_8859_1));
    }

    static double parse(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    /** The value as the exposition format writes it. */
    static String text(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : Double.toString(value);
    }
}
