package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.nccl.PeerMention.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The peer NCCL's errors name, from lines posted in public issues and from NCCL's own format strings (see testdata/nccl/peers). */
@Execution(ExecutionMode.CONCURRENT)
class PeerMentionTest {

    @ParameterizedTest(name = "real line {0}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "1 | 172.36.143.59            | 44206 | COMPLETION_ERROR  | 12 | 29.87.4.221                   | 29.87.88.182 | -",
                "2 | 10.216.210.236           | 54862 | COMPLETION_ERROR  | 12 | fd00:1148:9000:5000:4:200:3:ff1f | fd00:1148:9000:5000:4:200:3:ff22 | -",
                "3 | 10.0.35.1                | 49189 | COMPLETION_ERROR  | 4  | -                             | -            | -",
                "4 | 7.6.13.83                | 36315 | COMPLETION_ERROR  | 12 | -                             | -            | -",
                "5 | gpu004.ds-a4-r02.abc.com | 55693 | CONNECTION_CLOSED | -  | -                             | -            | -",
                "6 | 10.10.1.3                | 36138 | CONNECTION_CLOSED | -  | -                             | -            | -",
                "7 | 10.0.0.2                 | 45763 | CONNECT_FAILED    | -  | -                             | -            | -",
                "8 | 169.254.20.10            | 52597 | CONNECT_FAILED    | -  | -                             | -            | -",
                "9 | fe80::966d:ae03:8b:df78%ib0 | 53249 | COMPLETION_ERROR | 4 | -                             | -            | -",
                "10 | i-0ce6d3d57139f053c     | 0     | COMPLETION_ERROR  | 5  | -                             | -            | -",
            })
    void peersOfLinesPostedInPublicIssues(
            int line, String peer, int port, Kind kind, String status, String remoteRail, String localRail, String hca)
            throws IOException {
        assertThat(PeerMention.in(line("real.log", line)))
                .contains(new PeerMention(peer, port, kind, status, remoteRail, localRail, hca));
    }

    @ParameterizedTest(name = "format line {0}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "1 | COMPLETION_ERROR | IBV_WC_RETRY_EXC_ERR(12) | 10.103.0.17 | 10.103.0.3 | mlx5_2",
                "2 | COMPLETION_ERROR | 12                       | -           | -          | -",
                "3 | CONNECT_FAILED   | -                        | -           | -          | -",
            })
    void peersOfNcclsOwnFormats(int line, Kind kind, String status, String remoteRail, String localRail, String hca)
            throws IOException {
        Optional<PeerMention> mention = PeerMention.in(line("source-formats.log", line));
        assertThat(mention).hasValueSatisfying(found -> {
            assertThat(found.peer()).isEqualTo("10.244.0.17");
            assertThat(found)
                    .isEqualTo(new PeerMention("10.244.0.17", found.port(), kind, status, remoteRail, localRail, hca));
        });
    }

    @Test
    void anEfaErrorNamesThePeersMachineNotItsOwn() throws IOException {
        PeerMention mention = PeerMention.in(line("source-formats.log", 4)).orElseThrow();
        assertThat(mention)
                .isEqualTo(new PeerMention("i-0f1e2d3c4b5a69788", 0, Kind.COMPLETION_ERROR, "4126", null, null, null));
        assertThat(mention.namesMachine()).isTrue();
        assertThat(PeerMention.in(line("real.log", 1)).orElseThrow().namesMachine())
                .isFalse();
        // efa-raw has no handshake, so no peer host id: nothing names the peer
        assertThat(PeerMention.in("libfabric:1:2::efa:cq:x():1<warn> err: 5, message: Invalid address My EFA addr: a My"
                        + " host id: i-0db7083f3fcbebb65 Peer EFA addr: b Peer host id: N/A"))
                .isEmpty();
    }

    @Test
    void warningsThatNameNoPeerHaveNone() {
        for (String warning : List.of(
                "NET/IB : No device found.",
                "Connection closed by localRank 0",
                "[Service thread] Connection closed by localRank 2",
                "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE)",
                "Got async event : port active")) {
            assertThat(PeerMention.in(warning)).as(warning).isEmpty();
        }
    }

    @Test
    void aPortNoSocketCanHaveIsNoPeer() {
        assertThat(PeerMention.in("NET/IB : Got completion from peer 10.0.0.7<99999999999> with status=12 opcode=0"))
                .isEmpty();
        assertThat(PeerMention.in("socketProgress: Connection closed by remote peer x<123456>"))
                .isEmpty();
    }

    @Test
    void aLinkLocalGidCarriesNoAddress() {
        assertThat(PeerMention.in("NET/IB : Got completion from peer 10.0.0.7<1> with status=12 opcode=0 len=0 vendor"
                        + " err 129 (Send) localGid fe80::1 remoteGids fe80::2"))
                .hasValueSatisfying(found -> {
                    assertThat(found.remoteRailIp()).isNull();
                    assertThat(found.localRailIp()).isNull();
                });
    }

    private static String line(String file, int number) throws IOException {
        try (InputStream in = PeerMentionTest.class.getResourceAsStream("/testdata/nccl/peers/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList()
                    .get(number - 1);
        }
    }
}
