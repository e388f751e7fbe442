package io.railscope.source.nccl;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * NCCL log parser throughput on a 100 MB mixed log: training output with eight interleaved ranks'
 * NCCL INFO lines, channel lines, colours, CRLF and NCCL Inspector JSON, next to merely splitting the
 * same bytes into lines. Run with {@code ./mvnw -B -Pbench test -Dtest=NcclParserBenchmark}.
 */
@Tag("bench")
class NcclParserBenchmark {

    private static final int MEGABYTES = Integer.getInteger("bench.megabytes", 100);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 7);

    @Test
    void parseAHundredMegabyteLog() throws IOException {
        byte[] log = mixedLog(MEGABYTES << 20);
        List<Double> parse = new ArrayList<>();
        List<Double> split = new ArrayList<>();
        NcclLogFacts facts = null;
        for (int round = 0; round < ROUNDS + 2; round++) {
            long start = System.nanoTime();
            facts = NcclLogParser.parse(new ByteArrayInputStream(log), Long.MAX_VALUE);
            double parseSeconds = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            long lines = splitIntoLines(log);
            double splitSeconds = (System.nanoTime() - start) / 1e9;
            if (round >= 2 && lines > 0) {
                parse.add(log.length / 1e6 / parseSeconds);
                split.add(log.length / 1e6 / splitSeconds);
            }
        }
        String text = String.format(
                Locale.ROOT,
                """
                log: %,d bytes, %,d NCCL INFO lines, %d ranks, %d warnings
                parser: median %.0f MB/s (min %.0f, max %.0f) over %d rounds
                splitting into lines (one String per line): median %.0f MB/s
                ratio: %.2f
                """,
                log.length,
                facts.infoLines(),
                facts.ranks().size(),
                facts.warningCount(),
                median(parse),
                Collections.min(parse),
                Collections.max(parse),
                parse.size(),
                median(split),
                median(parse) / median(split));
        System.out.println("\n==== Railscope NCCL log parser benchmark ====\n" + text);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", "nccl-parser.txt"), text);
    }

    static byte[] mixedLog(int size) {
        StringBuilder log = new StringBuilder(size + 4096);
        int step = 0;
        while (log.length() < size) {
            for (int i = 0; i < 20; i++, step++) {
                log.append(String.format(
                        Locale.ROOT,
                        "[rank%d]: step %d | loss %.4f | lr 3.0e-4 | tokens/s %d | grad_norm %.3f%n",
                        step % 64,
                        step,
                        2.5 - step * 1e-6,
                        400000 + step % 9973,
                        0.5 + step % 7 * 0.01));
            }
            for (int gpu = 0; gpu < 8; gpu++) {
                String prefix = "trainer-worker-" + step % 16 + ":" + (100 + gpu) + ":" + (900 + gpu) + " [" + gpu
                        + "] NCCL INFO ";
                log.append(prefix)
                        .append("Channel ")
                        .append(String.format("%02d", step % 32))
                        .append("/0 : ")
                        .append(gpu)
                        .append('[')
                        .append(gpu)
                        .append("] -> ")
                        .append(gpu + 8)
                        .append('[')
                        .append(gpu)
                        .append("] [send] via NET/IB/")
                        .append(gpu)
                        .append("/GDRDMA\n");
            }
            log.append(
                    "\u001B[32mtrainer-worker-0:100:900 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [RO]; OOB eth0:10.0.0.1<0>\u001B[0m\r\n");
            log.append(
                    "trainer-worker-0:100:900 [0] NCCL INFO ncclCommInitRank comm 0x1 rank 0 nranks 128 cudaDev 0 nvmlDev 0 busId 18000 - Init COMPLETE\n");
            log.append(
                            "{\"header\":{\"id\":\"0x1\",\"rank\":0,\"n_ranks\":128,\"nnodes\":16},\"metadata\":{\"hostname\":\"trainer-worker-0\",\"pid\":100},")
                    .append("\"coll_perf\":{\"coll\":\"AllReduce\",\"coll_sn\":")
                    .append(step)
                    .append(",\"coll_msg_size_bytes\":4294967296,")
                    .append("\"coll_exec_time_us\":24500,\"coll_algobw_gbs\":175.3,\"coll_busbw_gbs\":347.2}}\n");
        }
        return log.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static long splitIntoLines(byte[] bytes) {
        long lines = 0;
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines += new String(bytes, start, i - start, StandardCharsets.UTF_8).length() > 0 ? 1 : 0;
                start = i + 1;
            }
        }
        return lines;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
