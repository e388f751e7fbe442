package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each fixture log of testdata/nccl, one per NCCL version family and outcome, and what it must yield. */
@Execution(ExecutionMode.CONCURRENT)
class NcclLogParserTest {

    record Expected(
            int ranks,
            String version,
            String network,
            int hcas,
            String linkLayer,
            Boolean gdr,
            int rank,
            int nranks,
            boolean initComplete,
            int warnings,
            double busbw) {}

    static Stream<Arguments> fixtures() {
        return Stream.of(
                // 2.21 on InfiniBand: two ranks interleaved, GPUDirect RDMA on every NET channel; a split comm of 2
                // does not change the rank
                Arguments.of(
                        "2.21-ib-gdr.log",
                        new Expected(2, "2.21.5+cuda12.4", "IB", 8, "IB", true, 0, 16, true, 0, Double.NaN)),
                // 2.14: Init COMPLETE without the function name and without nvmlDev or commId
                Arguments.of(
                        "2.14-ib-gdr-old.log",
                        new Expected(1, "2.14.3+cuda11.7", "IB", 4, "IB", true, 0, 8, true, 0, Double.NaN)),
                // RoCE without the peer-memory module: NET/IB channels without GDRDMA
                Arguments.of(
                        "2.19-roce-no-gdr.log",
                        new Expected(1, "2.19.3+cuda12.3", "IB", 2, "RoCE", false, 1, 2, true, 0, Double.NaN)),
                // no HCA in the pod: NET/Socket on eth0
                Arguments.of(
                        "2.18-socket-fallback.log",
                        new Expected(1, "2.18.6+cuda12.2", "Socket", 0, null, false, 3, 4, true, 0, Double.NaN)),
                // the IBext plugin with SHARP: RDMA-class, GDR
                Arguments.of(
                        "2.23-ibext-plugin.log",
                        new Expected(1, "2.23.4+cuda12.6", "IBext_v8", 2, "IB", true, 3, 16, true, 0, Double.NaN)),
                // AWS EFA through aws-ofi-nccl: the plugin's network name has a space
                Arguments.of(
                        "2.18-aws-ofi.log",
                        new Expected(1, "2.18.5+cuda12.2", "AWS Libfabric", 0, null, true, 0, 16, true, 0, Double.NaN)),
                // nccl-tests output with INFO lines: the footer's average bus bandwidth
                Arguments.of(
                        "2.27-nccl-tests.log",
                        new Expected(2, "2.27.3+cuda12.9", "IB", 8, "IB", true, 0, 16, true, 0, 183.52)),
                // a training log without NCCL_DEBUG=INFO
                Arguments.of("no-info.log", new Expected(0, null, null, 0, null, null, -1, 0, false, 0, Double.NaN)),
                // a WARN and PyTorch's NCCL error
                Arguments.of(
                        "2.20-warn.log",
                        new Expected(1, "2.20.5+cuda12.4", "IB", 2, "IB", null, -1, 0, false, 2, Double.NaN)),
                // NCCL Inspector JSON lines: the mean busbw of the largest collectives; a broken line is ignored
                Arguments.of(
                        "2.28-inspector.jsonl", new Expected(0, null, null, 0, null, null, -1, 0, false, 0, 485.0)),
                // CRLF line ends, ANSI colours and a last line cut in the middle
                Arguments.of(
                        "2.24-ansi-crlf-truncated.log",
                        new Expected(1, "2.24.3+cuda12.6", "IB", 2, "IB", true, 3, 8, true, 0, Double.NaN)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void readsEachVersionFamily(String fixture, Expected expected) throws IOException {
        NcclLogFacts facts = parse(fixture);
        assertThat(facts.ranks()).hasSize(expected.ranks());
        assertThat(facts.warningCount()).isEqualTo(expected.warnings());
        if (Double.isNaN(expected.busbw())) {
            assertThat(facts.busbwGBps()).isNaN();
        } else {
            assertThat(facts.busbwGBps()).isCloseTo(expected.busbw(), Offset.offset(0.01));
        }
        if (expected.ranks() == 0) {
            return;
        }
        RankFacts first = facts.ranks().get(0);
        assertThat(first.ncclVersion()).isEqualTo(expected.version());
        assertThat(first.network()).isEqualTo(expected.network());
        assertThat(first.hcas()).hasSize(expected.hcas());
        assertThat(first.linkLayer()).isEqualTo(expected.linkLayer());
        assertThat(first.gdr()).isEqualTo(expected.gdr());
        assertThat(first.rank()).isEqualTo(expected.rank());
        assertThat(first.nranks()).isEqualTo(expected.nranks());
        assertThat(first.initComplete()).isEqualTo(expected.initComplete());
    }

    @Test
    void keepsTheDetailsAnSreAsksFor() throws IOException {
        NcclLogFacts ib = parse("2.21-ib-gdr.log");
        RankFacts rank1 = ib.ranks().get(1);
        assertThat(rank1.host()).isEqualTo("llm-pretrain-worker-0");
        assertThat(rank1.pid()).isEqualTo(413);
        assertThat(rank1.rank()).isEqualTo(1);
        assertThat(rank1.hcas()).startsWith("mlx5_0:1", "mlx5_1:1");
        assertThat(rank1.channels()).containsEntry("NET/IB", 2).containsEntry("P2P", 1);
        assertThat(ib.ranks().get(0).env())
                .containsEntry("NCCL_SOCKET_IFNAME", "eth0")
                .containsEntry("NCCL_IB_HCA", "mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7");
        assertThat(ib.ranks().get(0).plugin()).isEqualTo("internal");
        assertThat(ib.hasInfo()).isTrue();

        RankFacts socket = parse("2.18-socket-fallback.log").ranks().get(0);
        assertThat(socket.noDevice()).isTrue();
        assertThat(socket.socketInterfaces()).containsExactly("eth0");
        assertThat(socket.channels()).containsEntry("NET/Socket", 3);

        assertThat(parse("2.23-ibext-plugin.log").ranks().get(0).plugin()).isEqualTo("IBext_v8");
        assertThat(parse("2.23-ibext-plugin.log").ranks().get(0).channels())
                .containsEntry("NET/IBext_v8", 2)
                .containsEntry("SHM", 1);

        NcclLogFacts warn = parse("2.20-warn.log");
        assertThat(warn.warnings().get(0).text())
                .startsWith("NET/IB : Got completion from peer 10.244.6.3<45231> with status=12");
        assertThat(warn.warnings().get(1).text()).startsWith("torch.distributed.DistBackendError: NCCL error in:");
        assertThat(parse("no-info.log").hasInfo()).isFalse();
        assertThat(parse("2.24-ansi-crlf-truncated.log").ranks().get(0).network())
                .isEqualTo("IB");
    }

    private static NcclLogFacts parse(String fixture) throws IOException {
        try (InputStream in =
                NcclLogParserTest.class.getClassLoader().getResourceAsStream("testdata/nccl/" + fixture)) {
            return NcclLogParser.parse(List.of(in).get(0), Long.MAX_VALUE);
        }
    }
}
