package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What launchers and log pipelines put before NCCL's {@code host:pid:tid [cudaDev]}, each as its tool
 * writes it, and the host, pid and device that must remain. Shapes the corpus of real logs lacks are
 * written here from the tools' documented formats.
 */
@Execution(ExecutionMode.CONCURRENT)
class LinePrefixTest {

    static Stream<Arguments> prefixes() {
        return Stream.of(
                // no launcher
                Arguments.of("worker-0:412:980 [3] ", "worker-0", 412, 3),
                // mpirun --tag-output (Open MPI): [jobid,rank]<stream>:
                Arguments.of("[1,0]<stdout>:worker-0:412:980 [0] ", "worker-0", 412, 0),
                // Horovod's own launcher: [rank]<stream>:
                Arguments.of("[3]<stderr>:worker-1:77:90 [1] ", "worker-1", 77, 1),
                // torchrun --tee / --log-dir with -l: [role rank]:
                Arguments.of("[default0]:worker-2:512:610 [0] ", "worker-2", 512, 0),
                // srun --label: "<task>: "
                Arguments.of("12: worker-3:99:101 [4] ", "worker-3", 99, 4),
                // kubectl logs --timestamps: RFC 3339 with nanoseconds, then a space
                Arguments.of("2024-05-01T10:00:00.123456789Z worker-4:55:60 [2] ", "worker-4", 55, 2),
                // CRI log file: timestamp, stream, P/F tag
                Arguments.of("2024-05-01T10:00:00.123456789Z stdout F worker-5:55:60 [7] ", "worker-5", 55, 7),
                // a colour code whose escape byte was lost on the way
                Arguments.of("[32mworker-6:8:9 [0] ", "worker-6", 8, 0),
                // a console that glued its timestamp to the message (seen in aws/aws-ofi-nccl#889)
                Arguments.of("| 2025-05-16T16:39:51.208-07:00ip-10-36-29-253:79:79 [0] ", "ip-10-36-29-253", 79, 0),
                // Ray's worker prefix (ray-project/ray#40850)
                Arguments.of("(RayTrainWorker pid=83500) localhost:83500:84560 [2] ", "localhost", 83500, 2),
                // NCCL 2.26+ puts a timestamp before the host of a WARN; 2.30 adds the function after the file
                Arguments.of(
                        "[2025-06-01 12:00:00] node-7:10:11 [5] misc/socket.cc:58 (socketProgress) ", "node-7", 10, 5),
                // spliced writes of two ranks: the end of another line glued before the host
                Arguments.of("Channel 12/0 : 7[7] -> 6[g183:161258:161696 [1] ", "g183", 161258, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("prefixes")
    void theHostIsNcclsNotTheLaunchers(String beforeNccl, String host, int pid, int cudaDev) {
        LinePrefix prefix = LinePrefix.of(beforeNccl);
        assertThat(prefix.host()).isEqualTo(host);
        assertThat(prefix.pid()).isEqualTo(pid);
        assertThat(prefix.cudaDev()).isEqualTo(cudaDev);
    }

    @Test
    void aLineWithoutNcclsPrefixBelongsToNoHost() {
        assertThat(LinePrefix.of("[0] tcpxResult_t tcpxCommProgress(tcpxComm*):1231")
                        .known())
                .isFalse();
        assertThat(LinePrefix.of("").known()).isFalse();
    }
}
