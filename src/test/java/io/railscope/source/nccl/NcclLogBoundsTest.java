package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Logs that must not hurt: huge, binary, one endless line. */
@Execution(ExecutionMode.CONCURRENT)
class NcclLogBoundsTest {

    private static final String INIT =
            "w-0:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\nw-0:1:2 [0] NCCL INFO Using network IB\n";

    @Test
    void aTwoGibibyteLogIsReadOnlyUpToTheCap() throws IOException {
        CountingLog log = new CountingLog(INIT.getBytes(StandardCharsets.UTF_8), 2L << 30);
        NcclLogFacts facts = NcclLogParser.parse(log, 4 << 20);
        assertThat(facts.truncated()).isTrue();
        assertThat(facts.bytesRead()).isEqualTo(4 << 20);
        assertThat(log.served).isLessThanOrEqualTo((4 << 20) + 1);
        assertThat(facts.ranks())
                .singleElement()
                .satisfies(rank -> assertThat(rank.network()).isEqualTo("IB"));
    }

    @Test
    void binaryGarbageYieldsNoFactsAndNoError() throws IOException {
        byte[] garbage = new byte[8 << 20];
        new Random(7).nextBytes(garbage);
        NcclLogFacts facts = NcclLogParser.parse(new ByteArrayInputStream(garbage), Long.MAX_VALUE);
        assertThat(facts.truncated()).isFalse();
        assertThat(facts.bytesRead()).isEqualTo(garbage.length);
        assertThat(facts.ranks()).allSatisfy(rank -> assertThat(rank.network()).isNull());
        assertThat(facts.hasInfo()).isFalse();
    }

    @Test
    void anEndlessLineIsCutAndTheNextLinesStillCount() {
        String log = "w-0:1:1 [0] NCCL INFO " + "x".repeat(3 << 20) + "\n" + INIT;
        NcclLogFacts facts = NcclLogParser.parse(log);
        assertThat(facts.ranks()).singleElement().satisfies(rank -> {
            assertThat(rank.network()).isEqualTo("IB");
            assertThat(rank.ncclVersion()).isEqualTo("2.21.5+cuda12.4");
        });
        assertThat(facts.infoLines()).isEqualTo(3);
    }

    /** Repeats a text until {@code size} bytes were served, counting what was read. */
    private static final class CountingLog extends InputStream {
        private final byte[] text;
        private final long size;
        long served;

        CountingLog(byte[] text, long size) {
            this.text = text;
            this.size = size;
        }

        @Override
        public int read() {
            return served < size ? text[(int) (served++ % text.length)] : -1;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (served >= size) {
                return -1;
            }
            int n = (int) Math.min(length, size - served);
            for (int i = 0; i < n; i++) {
                buffer[offset + i] = text[(int) ((served + i) % text.length)];
            }
            served += n;
            return n;
        }
    }
}
