package io.railscope.source.topology;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a text input, numbered from 1, read within {@link InputBounds}: a line or an input past its bound stops
 * the reading with a {@link TopologyFormatException} naming the line. A line ends at '\n' (a '\r' before it is dropped);
 * its bytes are UTF-8.
 */
final class SourceLines {

    private final String source;
    private final InputStream input;
    private final byte[] buffer = new byte[16 << 10];
    private final byte[] line = new byte[InputBounds.MAX_LINE_BYTES];
    private int position;
    private int limit;
    private long total;
    private int number;

    SourceLines(String source, InputStream input) {
        this.source = source;
        this.input = input;
    }

    /** The next line, or null after the last. */
    String next() throws IOException {
        int length = 0;
        boolean started = false;
        while (true) {
            if (position == limit) {
                int n = input.read(buffer);
                if (n < 0) {
                    if (!started) {
                        return null;
                    }
                    break;
                }
                total += n;
                if (total > InputBounds.MAX_INPUT_BYTES) {
                    throw at(number + 1, InputBounds.inputTooLarge());
                }
                position = 0;
                limit = n;
                continue;
            }
            started = true;
            byte b = buffer[position++];
            if (b == '\n') {
                break;
            }
            if (length == line.length) {
                throw at(number + 1, InputBounds.lineTooLong());
            }
            line[length++] = b;
        }
        number++;
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /** The number of the line {@link #next()} returned last. */
    int number() {
        return number;
    }

    /** The refusal of the current line for {@code problem}. */
    TopologyFormatException malformed(String problem) {
        return at(number, problem);
    }

    TopologyFormatException at(int lineNumber, String problem) {
        return new TopologyFormatException(source, "line " + lineNumber, problem);
    }
}
