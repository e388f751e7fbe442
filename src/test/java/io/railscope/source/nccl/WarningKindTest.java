package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.nccl.NcclWarning.Kind;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What a log's warnings mean for its job, line by line as NCCL and PyTorch print them (RULES-nccl.md cites each). */
@Execution(ExecutionMode.CONCURRENT)
class WarningKindTest {

    static Stream<Arguments> warnings() {
        return Stream.of(
                // net_ib.cc's async thread, 2.23+ wording: the port went down, which is transport evidence; routine
                // events
                Arguments.of("h:1:2 [0] NCCL WARN NET/IB : mlx5_0:1 Got async error event: port error", Kind.TRANSPORT),
                Arguments.of("h:1:2 [0] NCCL WARN NET/IB : mlx5_0:1 Got async error event: port active", Kind.BENIGN),
                Arguments.of("h:1:2 [0] NCCL WARN NET/IB : mlx5_0:1 GID table changed", Kind.BENIGN),
                Arguments.of("h:1:2 [0] NCCL WARN NET/IB : Got async event : client reregistration", Kind.BENIGN),
                Arguments.of(
                        "h:1:2 [0] NCCL WARN NET/IB : mlx5_0:1 async fatal event: local catastrophic error",
                        Kind.FATAL),
                // as a WARN, a CUDA failure comes from CUDACHECK and returns an error, whatever its words
                Arguments.of(
                        "h:1:2 [0] transport/p2p.cc:275 NCCL WARN Cuda failure 'peer access is not supported between these two devices'",
                        Kind.FATAL),
                Arguments.of(
                        "h:1:2 [0] NCCL WARN Could not find a path for pattern 4, falling back to simple order",
                        Kind.BENIGN),
                Arguments.of("h:1:2 [0] NCCL WARN NET/IB : No device found.", Kind.TRANSPORT),
                Arguments.of(
                        "h:1:2 [0] NCCL WARN NET/OFI OFI fi_getinfo() call failed: No data available", Kind.TRANSPORT),
                Arguments.of(
                        "h:1:2 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.2<4000> with status=12 opcode=0",
                        Kind.FATAL),
                // PyTorch: its watchdog failing a collective, not the INFO lines it prints when the watchdog starts or
                // stops
                Arguments.of(
                        "[E ProcessGroupNCCL.cpp:828] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)",
                        Kind.FATAL),
                Arguments.of(
                        "[E ProcessGroupNCCL.cpp:1061] NCCL watchdog thread terminated with exception: CUDA error",
                        Kind.FATAL));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("warnings")
    void eachLineHasItsKind(String line, Kind kind) {
        NcclLogFacts facts = NcclLogParser.parse(line + "\n");
        assertThat(facts.warnings())
                .singleElement()
                .satisfies(warning -> assertThat(warning.kind()).isEqualTo(kind));
    }

    @Test
    void pytorchsWatchdogStartingOrStoppingIsNoWarning() {
        NcclLogFacts facts = NcclLogParser.parse("""
                [I ProcessGroupNCCL.cpp:842] [Rank 0] NCCL watchdog thread started!
                [I ProcessGroupNCCL.cpp:844] [Rank 0] NCCL watchdog thread terminated normally
                """);
        assertThat(facts.warnings()).isEmpty();
    }

    @Test
    void anUnknownWarningIsSettledByWhatItsProcessDoesNext() {
        // carried on: a channel connected after it
        assertThat(NcclLogParser.parse("""
                h:1:2 [0] graph/xml.cc:1 NCCL WARN Could not find real path of mlx5_9
                h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC
                """).fatalCount()).isZero();
        // traced up: NCCLCHECK printed the error's way to the caller
        assertThat(NcclLogParser.parse("""
                h:1:2 [0] misc/foo.cc:1 NCCL WARN Something nobody has classified
                h:1:2 [0] NCCL INFO init.cc:1234 -> 3
                """).fatalCount()).isEqualTo(1);
        // nothing followed in a whole log: it stopped there
        assertThat(NcclLogParser.parse("h:1:2 [0] misc/foo.cc:1 NCCL WARN Something nobody has classified\n")
                        .fatalCount())
                .isEqualTo(1);
    }

    @Test
    void libfabricsEfaErrorNamingAPeerIsAWarningOfTheNcclProcessOfItsPid() throws IOException {
        // aws-ofi-nccl#346's libfabric line, in the log of the process (pid 451707) whose NCCL lines precede it
        String efa = line("peers/real.log", 10);
        String log = "ip-172-31-69-127:451707:453373 [4] NCCL INFO Channel 00/0 : 0[4] -> 8[4] [send] via NET/AWS"
                + " Libfabric/4/GDRDMA\n"
                + efa + "\n";
        NcclLogFacts stopped = NcclLogParser.parse(log);
        assertThat(stopped.warnings()).singleElement().satisfies(warning -> {
            assertThat(warning.kind()).isEqualTo(Kind.FATAL);
            assertThat(warning.text()).startsWith("libfabric: err: 5, message: Invalid address");
            assertThat(PeerMention.in(warning.text()).orElseThrow().peer()).isEqualTo("i-0ce6d3d57139f053c");
        });
        // the process went on after it: libfabric recovered
        NcclLogFacts recovered = NcclLogParser.parse(log
                + "ip-172-31-69-127:451707:453373 [4] NCCL INFO Channel 01/0 : 0[4] -> 8[4] [send] via NET/AWS"
                + " Libfabric/4/GDRDMA\n");
        assertThat(recovered.fatalCount()).isZero();
        // libfabric's other warnings name no peer and are not NCCL's to judge
        assertThat(NcclLogParser.parse(
                                "libfabric:85:1747438790::core:core:fi_getinfo_():1392<warn> fi_getinfo: provider efa"
                                        + " output empty list\n")
                        .warnings())
                .isEmpty();
    }

    private static String line(String resource, int number) throws IOException {
        try (InputStream in = WarningKindTest.class.getResourceAsStream("/testdata/nccl/" + resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList()
                    .get(number - 1);
        }
    }

    @Test
    void aLogCutShortLeavesItsUnsettledWarningsRoutine() throws IOException {
        byte[] log = "h:1:2 [0] misc/foo.cc:1 NCCL WARN Something nobody has classified\nh:1:2 [0] NCCL INFO filler\n"
                .getBytes(StandardCharsets.UTF_8);
        NcclLogFacts facts = NcclLogParser.parse(new ByteArrayInputStream(log), log.length - 5);
        assertThat(facts.truncated()).isTrue();
        assertThat(facts.fatalCount()).isZero();
        assertThat(facts.warnings())
                .singleElement()
                .satisfies(warning -> assertThat(warning.kind()).isEqualTo(Kind.BENIGN));
    }

    @Test
    void gpuDirectDisabledOnAHcaIsNothingToARankWithoutNetChannels() {
        RankFacts rank = NcclLogParser.parse("""
                h:1:2 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'
                h:1:2 [0] NCCL INFO Using network IB
                h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC
                """).ranks().get(0);
        assertThat(rank.gdr()).isNull();
    }

    @Test
    void processesBeyondTheCapAreNotKept() {
        StringBuilder log = new StringBuilder();
        for (int pid = 1; pid <= NcclLogParser.MAX_PROCESSES + 500; pid++) {
            log.append("h").append(pid).append(':').append(pid).append(":1 [0] NCCL INFO Using network IB\n");
        }
        assertThat(NcclLogParser.parse(log.toString()).ranks()).hasSize(NcclLogParser.MAX_PROCESSES);
    }
}
