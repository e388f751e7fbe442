package io.railscope.database;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The last lines the server wrote to its log since an offset, on one line, to say why it did not start. */
final class LogTail {

    private static final int MAX_BYTES = 2048;

    private LogTail() {}

    static String of(Path log, long since) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long from = Math.max(since, file.length() - MAX_BYTES);
            byte[] bytes = new byte[(int) (file.length() - from)];
            file.seek(from);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8)
                    .strip()
                    .replace('\n', ' ')
                    .replaceAll("\\s+", " ");
        } catch (IOException e) {
            return "(its log " + log + " could not be read: " + e.getMessage() + ")";
        }
    }
}
