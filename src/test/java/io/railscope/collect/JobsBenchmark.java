package io.railscope.collect;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.config.NcclSettings;
import io.railscope.source.CellSources;
import io.railscope.source.nccl.NcclJobSource;
import io.railscope.source.nccl.NcclLogArchive;
import io.railscope.source.nccl.NcclLogParser;
import io.railscope.source.nccl.TrainingPod;
import io.railscope.store.CommitReport;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A cell running 1,000 jobs of 12 pods (12,000 pods, 96,000 ranks): catching up on 12,000 container
 * logs from nothing, then the steady collection when every log has been read. Logs are generated in
 * memory and parsed by the real parser; the API server is not in the numbers. Run with
 * {@code ./mvnw -B -Pbench test -Dtest=JobsBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class JobsBenchmark {

    @Inject
    BenchmarkCells cells;

    private static final int JOBS = Integer.getInteger("bench.jobs", 1000);
    private static final int PODS_PER_JOB = 12;
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 5);

    @Test
    void collectAThousandJobs() throws Exception {
        Instant started = Instant.now().minus(Duration.ofHours(1));
        List<TrainingPod> pods = new ArrayList<>();
        for (int job = 0; job < JOBS; job++) {
            for (int n = 0; n < PODS_PER_JOB; n++) {
                pods.add(new TrainingPod(
                        "team-" + job % 20,
                        "job-" + job + "-worker-" + n,
                        "job-" + job,
                        "batch.kubernetes.io/job-name",
                        String.format("gpu-%05d", (job * PODS_PER_JOB + n) % 12_000),
                        "Running",
                        8,
                        List.of("net1 (mlx5_0)"),
                        "INFO",
                        null,
                        "eth0",
                        List.of(new TrainingPod.Container("main", "containerd://" + job + "-" + n, started, false)),
                        List.of(),
                        null,
                        "main"));
            }
        }
        NcclSettings settings = NcclSettings.defaults();
        String name = "jobs-" + JOBS;
        ExecutorService executor = Executors.newCachedThreadPool();
        try (NcclJobSource source = new NcclJobSource(
                name,
                settings,
                () -> pods,
                (namespace, pod, container) -> NcclLogParser.parse(log(pod)),
                NcclLogArchive.NONE,
                Clock.systemUTC())) {
            var sources = new CellSources(Optional.empty(), Optional.empty(), Optional.of(source));
            CellCollector collector = cells.collector(name, sources, Optional.empty(), executor);
            int catchUp = 0;
            long catchUpStart = System.nanoTime();
            double slowest = 0;
            long logs;
            do {
                long start = System.nanoTime();
                CommitReport report = collector.collect();
                slowest = Math.max(slowest, (System.nanoTime() - start) / 1e9);
                logs = report.rowsByTable().getOrDefault("nccl_log", 0L);
                catchUp++;
            } while (logs > 0 && catchUp < 200);
            double catchUpSeconds = (System.nanoTime() - catchUpStart) / 1e9;
            BenchmarkCell.Rounds rounds = BenchmarkCell.measure(collector, ROUNDS, Duration.ZERO, source::fetchNccl);
            BenchmarkCell.report(
                    "jobs",
                    "jobs-" + JOBS + ".txt",
                    String.format(
                                    Locale.ROOT,
                                    "cell: %,d jobs, %,d pods, %,d ranks; log reads: 8 at a time, at most 2,048 started and 5 s waited per collection%n"
                                            + "catching up on %,d logs from nothing: %d collections, %.1f s in all, slowest %.2f s%n",
                                    JOBS,
                                    pods.size(),
                                    pods.size() * 8,
                                    pods.size(),
                                    catchUp,
                                    catchUpSeconds,
                                    slowest)
                            + rounds.lines("pods + assembly (every log already read)", "pods"));
        } finally {
            executor.shutdownNow();
        }
    }

    private static String log(String pod) {
        int job = Integer.parseInt(pod.substring(4, pod.indexOf("-worker-")));
        int n = Integer.parseInt(pod.substring(pod.indexOf("-worker-") + 8));
        StringBuilder log = new StringBuilder(4096);
        for (int gpu = 0; gpu < 8; gpu++) {
            String prefix = pod + ":" + (100 + gpu) + ":" + (200 + gpu) + " [" + gpu + "] NCCL INFO ";
            int rank = n * 8 + gpu;
            log.append(prefix).append("NCCL version 2.21.5+cuda12.4\n");
            log.append(prefix)
                    .append(
                            "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB")
                    .append(" [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB eth0:10.0.0.1<0>\n");
            log.append(prefix).append("Using network IB\n");
            log.append(prefix)
                    .append("Channel 00/0 : ")
                    .append(rank)
                    .append('[')
                    .append(gpu)
                    .append("] -> ")
                    .append((rank + 8) % 96)
                    .append('[')
                    .append(gpu)
                    .append("] [send] via NET/IB/")
                    .append(gpu)
                    .append("/GDRDMA\n");
            log.append(prefix)
                    .append("ncclCommInitRank comm 0x1 rank ")
                    .append(rank)
                    .append(" nranks 96 cudaDev ")
                    .append(gpu)
                    .append(" nvmlDev ")
                    .append(gpu)
                    .append(" busId 18000 commId 0x")
                    .append(job)
                    .append(" - Init COMPLETE\n");
        }
        return log.toString();
    }
}
