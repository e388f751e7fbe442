package io.railscope.source.topology;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * An input of {@code head} then {@code line} over and over, {@code size} bytes in all, made as it is read: a read copies
 * whole runs of lines at once, so that making 64 MiB costs next to nothing beside reading them.
 */
final class RepeatedInput extends InputStream {

    /** About how many bytes of lines one copy takes. */
    private static final int RUN = 64 << 10;

    private final byte[] head;
    /** {@code line} repeated a whole number of times: a read copies from it as far as it reaches. */
    private final byte[] lines;

    private final long size;
    private long position;

    RepeatedInput(String head, String line, long size) {
        this.head = head.getBytes(StandardCharsets.UTF_8);
        byte[] one = line.getBytes(StandardCharsets.UTF_8);
        if (one.length == 0) {
            throw new IllegalArgumentException("no line to repeat");
        }
        int times = Math.max(1, RUN / one.length);
        this.lines = new byte[one.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(one, 0, lines, i * one.length, one.length);
        }
        this.size = size;
    }

    /** Just past the most a topology input may hold. */
    static RepeatedInput pastTheBound(String head, String line) {
        return new RepeatedInput(head, line, InputBounds.MAX_INPUT_BYTES + 1L);
    }

    @Override
    public int read() {
        if (position >= size) {
            return -1;
        }
        long at = position++;
        return (at < head.length ? head[(int) at] : lines[(int) ((at - head.length) % lines.length)]) & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        if (position >= size) {
            return -1;
        }
        int n = (int) Math.min(length, size - position);
        int done = 0;
        while (done < n) {
            byte[] from;
            int at;
            if (position < head.length) {
                from = head;
                at = (int) position;
            } else {
                from = lines;
                // lines holds whole lines, so its offset of the position is the one in the repeated line's sequence
                at = (int) ((position - head.length) % lines.length);
            }
            int run = Math.min(n - done, from.length - at);
            System.arraycopy(from, at, buffer, offset + done, run);
            done += run;
            position += run;
        }
        return n;
    }
}
