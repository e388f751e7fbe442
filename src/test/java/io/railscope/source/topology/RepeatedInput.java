package io.railscope.source.topology;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** An input of {@code head} then {@code line} over and over, {@code size} bytes in all, made as it is read. */
final class RepeatedInput extends InputStream {

    private final byte[] head;
    private final byte[] line;
    private final long size;
    private long position;

    RepeatedInput(String head, String line, long size) {
        this.head = head.getBytes(StandardCharsets.UTF_8);
        this.line = line.getBytes(StandardCharsets.UTF_8);
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
        return at < head.length ? head[(int) at] : line[(int) ((at - head.length) % line.length)];
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        if (position >= size) {
            return -1;
        }
        int n = (int) Math.min(length, size - position);
        for (int i = 0; i < n; i++) {
            buffer[offset + i] = (byte) read();
        }
        return n;
    }
}
