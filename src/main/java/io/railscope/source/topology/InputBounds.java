package io.railscope.source.topology;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The most a topology input may hold: {@value #MAX_INPUT_BYTES} bytes in all and {@value #MAX_LINE_BYTES} bytes on a
 * line. The largest real inputs (an ibnetdiscover file of a 10,000-node fabric, a switch's lldpcli JSON) are a few MiB
 * with lines under 200 bytes; past the bounds the input is refused before it costs more memory.
 */
final class InputBounds {

    static final int MAX_INPUT_BYTES = 64 << 20;
    static final int MAX_LINE_BYTES = 64 << 10;

    private InputBounds() {}

    static String inputTooLarge() {
        return "input larger than 64 MiB (" + MAX_INPUT_BYTES + " bytes), the most a topology input may hold";
    }

    static String lineTooLong() {
        return "line longer than 64 KiB (" + MAX_LINE_BYTES + " bytes), the most a topology input's line may hold";
    }

    /** {@code input}, failing with {@link TooLarge} once more than {@value #MAX_INPUT_BYTES} bytes were read from it. */
    static InputStream capped(InputStream input) {
        return new FilterInputStream(input) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    count(n);
                }
                return n;
            }

            private void count(int n) throws TooLarge {
                read += n;
                if (read > MAX_INPUT_BYTES) {
                    throw new TooLarge();
                }
            }
        };
    }

    /** The input passed {@value #MAX_INPUT_BYTES} bytes. */
    static final class TooLarge extends IOException {
        TooLarge() {
            super(inputTooLarge());
        }
    }
}
