package io.railscope.source.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The inputs the readers' bound tests stream: what a read in bulk gives is what reading byte by byte gives. */
@Execution(ExecutionMode.CONCURRENT)
class RepeatedInputTest {

    @Test
    void isTheHeadThenTheLineOverAndOverToItsSizeHoweverItIsRead() {
        String head = "head\n";
        String line = "a line\n";
        int size = 200_000;
        StringBuilder expected = new StringBuilder(head);
        while (expected.length() < size) {
            expected.append(line);
        }
        expected.setLength(size);

        RepeatedInput byteByByte = new RepeatedInput(head, line, size);
        ByteArrayOutputStream single = new ByteArrayOutputStream();
        for (int b = byteByByte.read(); b >= 0; b = byteByByte.read()) {
            single.write(b);
        }
        RepeatedInput inBulk = new RepeatedInput(head, line, size);
        ByteArrayOutputStream bulk = new ByteArrayOutputStream();
        byte[] buffer = new byte[16_411];
        for (int n = inBulk.read(buffer, 3, 16_400); n >= 0; n = inBulk.read(buffer, 3, 16_400)) {
            bulk.write(buffer, 3, n);
        }

        assertThat(single.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString());
        assertThat(bulk.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString());
    }
}
