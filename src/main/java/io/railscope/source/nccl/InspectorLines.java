package io.railscope.source.nccl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * NCCL Inspector JSON lines ({@code {"header":…,"metadata":…,"coll_perf":{coll, coll_msg_size_bytes,
 * coll_busbw_gbs, …}}}): the bus bandwidth of the largest collectives, which are the ones bound by
 * the network. Lines that are not Inspector JSON are ignored.
 */
final class InspectorLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private long largestMessage = -1;
    private double busbwSum;
    private int busbwCount;

    void line(String text) {
        if (!text.contains("\"coll_perf\"")) {
            return;
        }
        JsonNode perf;
        try {
            perf = JSON.readTree(text).path("coll_perf");
        } catch (IOException e) {
            return;
        }
        long size = perf.path("coll_msg_size_bytes").asLong(-1);
        double busbw = perf.path("coll_busbw_gbs").asDouble(Double.NaN);
        if (size < 0 || !Double.isFinite(busbw)) {
            return;
        }
        if (size > largestMessage) {
            largestMessage = size;
            busbwSum = 0;
            busbwCount = 0;
        }
        if (size == largestMessage) {
            busbwSum += busbw;
            busbwCount++;
        }
    }

    /** The mean bus bandwidth of the largest collectives seen, NaN when none. */
    double busbwGBps() {
        return busbwCount == 0 ? Double.NaN : busbwSum / busbwCount;
    }
}
