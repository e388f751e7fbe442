package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.assess.PeerBlame.PortFacts;
import io.railscope.assess.PeerBlame.Suspect;
import io.railscope.model.PortHealth;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.PodAddress;
import io.railscope.source.nccl.PodLog;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * From the peer an NCCL error names to the pod, node and rail. The warnings are lines posted in public issues
 * (testdata/nccl/peers/README.md) and NCCL's own formats; the pods hold the addresses those lines carry.
 */
@Execution(ExecutionMode.CONCURRENT)
class PeerBlameTest {

    /** nccl#1814: OOB peer 172.36.143.59, RoCE GIDs ::ffff:29.87.88.182 (local) and ::ffff:29.87.4.221 (remote). */
    private static final String ROCE =
            "NET/IB : Got completion from peer 172.36.143.59<44206> with status=12 opcode=129"
                    + " len=65536 vendor err 129 (Recv) localGid ::ffff:29.87.88.182 remoteGids::ffff:29.87.4.221";

    private static final JobPod REPORTING = pod("trainer-0", "gpu-0007", "172.36.1.10", "29.87.88.182");
    private static final JobPod PEER = pod("trainer-1", "gpu-0412", "172.36.143.59", "29.87.4.221");

    private static final PortFacts DOWN = new PortFacts(
            3,
            "mlx5_2",
            PortHealth.DOWN,
            "state DOWN",
            List.of("DOWN from 2026-12-01T02:51:00Z to 2026-12-01T02:58:00Z"),
            "su13-rail3",
            "swp12");

    private static final PeerBlame.Ports PORTS =
            (node, device) -> node.equals("gpu-0412") && device.equals("mlx5_2") ? Optional.of(DOWN) : Optional.empty();

    @Test
    void aRoceCompletionErrorNamesThePeersPodNodeAndRailThroughItsGid() {
        List<Suspect> suspects = PeerBlame.suspects(List.of(fatal(ROCE)), List.of(REPORTING, PEER), PORTS);
        assertThat(suspects).singleElement().satisfies(suspect -> {
            assertThat(suspect.pod()).isEqualTo("trainer-1");
            assertThat(suspect.node()).isEqualTo("gpu-0412");
            assertThat(suspect.port()).isEqualTo(DOWN);
            assertThat(suspect.note()).isNull();
            assertThat(suspect.summary())
                    .isEqualTo("peer 172.36.143.59 (RDMA completion error, status 12) is pod trainer-1 on gpu-0412;"
                            + " rail 3 (mlx5_2) DOWN: state DOWN; cabled to leaf su13-rail3 port swp12; while the job"
                            + " ran: DOWN from 2026-12-01T02:51:00Z to 2026-12-01T02:58:00Z");
        });
    }

    @Test
    void withoutAGidTheReportingHcaNamesTheRail() {
        // NCCL 2.28+ on InfiniBand: no GIDs, the HCA of the reporting rank
        String ib = "NET/IB: Got completion from peer 172.36.143.59<60142> with status=IBV_WC_RETRY_EXC_ERR(12)"
                + " opcode=IBV_WC_RDMA_WRITE(1) vendor_err=129  hca mlx5_2";
        assertThat(PeerBlame.suspects(List.of(fatal(ib)), List.of(REPORTING, PEER), PORTS))
                .singleElement()
                .satisfies(suspect -> {
                    assertThat(suspect.port()).isEqualTo(DOWN);
                    assertThat(suspect.note()).contains("the reporting HCA's (mlx5_2)");
                });
    }

    @Test
    void anErrorThatNamesNoRailNamesTheNodeAndSaysSo() {
        // nccl-tests#252's older format: no GID, no HCA
        String old =
                "NET/IB : Got completion from peer 172.36.143.59<49189> with error 4, opcode 5327, len 5327, vendor"
                        + " err 81 (Send)";
        assertThat(PeerBlame.suspects(List.of(fatal(old)), List.of(REPORTING, PEER), PORTS))
                .singleElement()
                .satisfies(suspect -> {
                    assertThat(suspect.node()).isEqualTo("gpu-0412");
                    assertThat(suspect.port()).isNull();
                    assertThat(suspect.note()).contains("does not name the rail");
                });
    }

    @Test
    void aPeerNamedByHostIsItsNodeAndAnUnknownAddressIsSaidToBeNobodys() {
        // nccl-tests#166: socketProgress prints the peer's name
        String closed = "socketProgress: Connection closed by remote peer gpu-0412.ds-a4-r02.abc.com<55693>";
        String unknown = "socketStartConnect: Connect to 10.0.0.2<45763> failed : Software caused connection abort";
        List<Suspect> suspects =
                PeerBlame.suspects(List.of(fatal(closed), fatal(unknown)), List.of(REPORTING, PEER), PORTS);
        assertThat(suspects).extracting(Suspect::pod).containsExactly("trainer-1", null);
        assertThat(suspects.get(1).summary())
                .isEqualTo("peer 10.0.0.2 (could not connect to the peer): no pod of this job holds that address (a"
                        + " host-network job, another job or cell, or a pod already gone)");
        assertThat(suspects.get(1).node()).isNull();
    }

    @Test
    void aPeerOnARailNotOkRanksFirstThenThePeerNamedMost() {
        // a cascade: trainer-0's neighbours report it lost twice, then trainer-1 (on the down rail) once
        JobPod other = pod("trainer-2", "gpu-0500", "172.36.2.10", "29.87.9.9");
        String lost = "socketProgress: Connection closed by remote peer 172.36.2.10<4000>";
        List<Suspect> suspects = PeerBlame.suspects(
                List.of(fatal(lost), fatal(lost.replace("<4000>", "<4001>")), fatal(ROCE)),
                List.of(REPORTING, PEER, other),
                PORTS);
        assertThat(suspects).extracting(Suspect::node).containsExactly("gpu-0412", "gpu-0500");
        assertThat(suspects).extracting(Suspect::reports).containsExactly(1, 2);
        // with no rail known, the peer named most comes first
        assertThat(PeerBlame.suspects(
                        List.of(fatal(ROCE), fatal(lost), fatal(lost)),
                        List.of(REPORTING, PEER, other),
                        (node, device) -> Optional.empty()))
                .extracting(Suspect::node)
                .containsExactly("gpu-0500", "gpu-0412");
    }

    @Test
    void anIpv6PeerWithItsZoneIsThePodHoldingTheAddress() {
        // nccl#928: the out-of-band interface on IPoIB, a link-local peer with its zone
        String linkLocal = "NET/IB : Got completion from peer fe80::966d:ae03:8b:df78%ib0<53249> with error 4, opcode"
                + " 32564, len 32564, vendor err 81 (Send)";
        JobPod ipoib = new JobPod(
                "trainer-2",
                "gpu-0500",
                "Running",
                8,
                List.of(),
                "INFO",
                null,
                null,
                PodLog.READ,
                List.of(new PodAddress("fe80::966d:ae03:8b:df78", "ib0", null)),
                List.of());
        assertThat(PeerBlame.suspects(List.of(fatal(linkLocal)), List.of(REPORTING, ipoib), PORTS))
                .singleElement()
                .satisfies(suspect -> assertThat(suspect.node()).isEqualTo("gpu-0500"));
    }

    @Test
    void eachPeerOnceAndOnlyFromFatalWarnings() {
        List<NcclWarning> warnings = List.of(
                fatal(ROCE),
                fatal(ROCE.replace("<44206>", "<44207>")),
                new NcclWarning(
                        "socketProgress: Connection closed by remote peer 172.36.1.10<1>", NcclWarning.Kind.BENIGN));
        assertThat(PeerBlame.suspects(warnings, List.of(REPORTING, PEER), PORTS))
                .extracting(Suspect::peer)
                .containsExactly("172.36.143.59");
    }

    @Test
    void anEfaErrorNamesThePeersMachineWhichTheNodesProviderIdTiesToItsPod() {
        // aws-ofi-nccl#346: libfabric names the peer by its EC2 instance id, which is the end of a node's providerID
        String efa =
                "libfabric: err: 5, message: Invalid address My EFA addr: fi_addr_efa://[fe80::13:c2ff:fe6f:f03d]:0:1"
                        + " My host id: i-0db7083f3fcbebb65 Peer EFA addr: fi_addr_efa://[fe80::b8:aff:fe44:425]:0:2 Peer host"
                        + " id: i-0ce6d3d57139f053c (7)";
        PeerBlame.Ports cloud = new PeerBlame.Ports() {
            @Override
            public Optional<PortFacts> byDevice(String node, String device) {
                return Optional.empty();
            }

            @Override
            public Optional<String> nodeOfMachine(String machineId) {
                return machineId.equals("i-0ce6d3d57139f053c") ? Optional.of("gpu-0412") : Optional.empty();
            }
        };
        assertThat(PeerBlame.suspects(List.of(fatal(efa)), List.of(REPORTING, PEER), cloud))
                .singleElement()
                .satisfies(suspect -> {
                    assertThat(suspect.pod()).isEqualTo("trainer-1");
                    assertThat(suspect.node()).isEqualTo("gpu-0412");
                    assertThat(suspect.port()).isNull();
                    assertThat(suspect.summary())
                            .isEqualTo("peer i-0ce6d3d57139f053c (RDMA completion error, status 5) is pod trainer-1 on"
                                    + " gpu-0412; an EFA error names the peer's machine, not its device: see the node's"
                                    + " rails");
                });
        assertThat(PeerBlame.suspects(List.of(fatal(efa)), List.of(REPORTING), cloud))
                .singleElement()
                .satisfies(suspect -> assertThat(suspect.note())
                        .isEqualTo("no pod of this job runs on gpu-0412, the node of that machine"));
        assertThat(PeerBlame.suspects(List.of(fatal(efa)), List.of(REPORTING, PEER), PORTS))
                .singleElement()
                .satisfies(suspect -> assertThat(suspect.note())
                        .isEqualTo("no node of the cell has that machine in its spec.providerID"));
    }

    private static NcclWarning fatal(String text) {
        return new NcclWarning(text, NcclWarning.Kind.FATAL);
    }

    private static JobPod pod(String name, String node, String podIp, String railIp) {
        return new JobPod(
                name,
                node,
                "Running",
                8,
                List.of("net3 (mlx5_2)"),
                "INFO",
                null,
                null,
                PodLog.READ,
                List.of(new PodAddress(podIp, "eth0", null), new PodAddress(railIp, "net3", "mlx5_2")),
                List.of());
    }
}
