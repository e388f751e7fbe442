package io.railscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** STYLE.md's size rule: a main source file past {@value #MAX_LINES} lines holds more than one concept and is split. */
@Execution(ExecutionMode.CONCURRENT)
class SourceSizeTest {

    private static final int MAX_LINES = 300;
    private static final Path MAIN = Path.of("src", "main", "java");

    /** A source file and its length in lines. */
    private record Length(Path file, int lines) {

        static Length of(Path file) {
            try {
                return new Length(
                        MAIN.relativize(file), Files.readAllLines(file).size());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return file + ": " + lines + " lines";
        }
    }

    @Test
    void noMainSourceFileIsLongerThan300Lines() throws IOException {
        List<Length> tooLong;
        try (Stream<Path> files = Files.walk(MAIN)) {
            tooLong = files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .map(Length::of)
                    .filter(length -> length.lines() > MAX_LINES)
                    .toList();
        }
        assertThat(tooLong)
                .as("main source files over %d lines: split each along a seam", MAX_LINES)
                .isEmpty();
    }
}
