package io.railscope.source.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A rank's own bus bandwidth from NCCL Inspector's records (testdata/nccl/inspector/README.md). */
@Execution(ExecutionMode.CONCURRENT)
class RankBusbwTest {

    @Test
    void theRecordOfNcclsReadmeGivesItsRankTheLargestCollectivesFigure() throws IOException {
        NcclLogFacts facts = NcclLogParser.parse(log("readme-example.log"));
        assertThat(facts.ranks()).singleElement().satisfies(rank -> {
            assertThat(rank.rank()).isEqualTo(2);
            assertThat(rank.busbwGBps()).isEqualTo(485.119099);
        });
        assertThat(facts.busbwGBps()).isEqualTo(485.119099);
    }

    @Test
    void aProcessesRecordsOfASmallerCommunicatorAreNotMixedIn() throws IOException {
        // the same process is rank 2 of a 4-rank group too (NVLink, fast, larger messages): its world rank 2's figure
        // stays the world's
        String log = log("readme-example.log")
                + "{\"header\":{\"id\":\"0xtp\",\"rank\":2,\"n_ranks\":4,\"nnodes\":1},\"metadata\":{\"hostname\":"
                + "\"example-hostname\",\"pid\":1639453},\"coll_perf\":{\"coll\":\"AllReduce\",\"coll_msg_size_bytes\":"
                + "34359738368,\"coll_busbw_gbs\":812.0}}\n";
        assertThat(NcclLogParser.parse(log).ranks())
                .singleElement()
                .satisfies(rank -> assertThat(rank.busbwGBps()).isEqualTo(485.119099));
    }

    @Test
    void aRecordOfAnotherProcessOrRankIsNotThisRanks() throws IOException {
        String other = log("readme-example.log")
                .replace("\"pid\":1639453", "\"pid\":999")
                .replace("\"rank\":2,", "\"rank\":5,");
        assertThat(NcclLogParser.parse(other).ranks())
                .singleElement()
                .satisfies(rank -> assertThat(rank.busbwGBps()).isNull());
    }

    private static String log(String name) throws IOException {
        try (InputStream in = RankBusbwTest.class.getResourceAsStream("/testdata/nccl/inspector/" + name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
