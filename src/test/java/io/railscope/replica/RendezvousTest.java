package io.railscope.replica;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class RendezvousTest {

    private static final List<String> CELLS =
            IntStream.range(0, 600).mapToObj(i -> Lease.ofCell("cell-" + i)).toList();
    private static final List<String> THREE = List.of("railscope-0-a1b2c3", "railscope-1-d4e5f6", "railscope-2-0718ab");

    @Test
    void everyReplicaGetsAboutItsShare() {
        Map<String, Long> counts = assign(THREE).values().stream()
                .collect(Collectors.groupingBy(replica -> replica, Collectors.counting()));
        assertThat(counts).containsOnlyKeys(THREE);
        // 600 cells over 3: 200 each, within the spread of a good hash
        assertThat(counts.values()).allSatisfy(count -> assertThat(count).isBetween(160L, 240L));
    }

    @Test
    void aJoiningReplicaTakesCellsOnlyForItself() {
        Map<String, String> before = assign(THREE);
        List<String> four = new ArrayList<>(THREE);
        four.add("railscope-3-9c9c9c");
        Map<String, String> after = assign(four);
        List<String> moved = CELLS.stream()
                .filter(cell -> !before.get(cell).equals(after.get(cell)))
                .toList();
        assertThat(moved).allSatisfy(cell -> assertThat(after.get(cell)).isEqualTo("railscope-3-9c9c9c"));
        // a quarter of 600
        assertThat(moved).hasSizeBetween(110, 190);
    }

    @Test
    void aLeavingReplicasCellsAloneMove() {
        Map<String, String> before = assign(THREE);
        Map<String, String> after = assign(THREE.subList(0, 2));
        for (String cell : CELLS) {
            if (!before.get(cell).equals("railscope-2-0718ab")) {
                assertThat(after.get(cell)).as(cell).isEqualTo(before.get(cell));
            }
        }
        assertThat(after.values()).doesNotContain("railscope-2-0718ab");
    }

    @Test
    void theOrderInWhichReplicasAreListedChangesNothing() {
        List<String> reversed = new ArrayList<>(THREE);
        Collections.reverse(reversed);
        assertThat(assign(reversed)).isEqualTo(assign(THREE));
    }

    @Test
    void withoutLiveReplicasNoOneHoldsALease() {
        assertThat(Rendezvous.owner(List.of(), Lease.ofCell("a"))).isEmpty();
        assertThat(Rendezvous.owner(List.of("only"), Lease.ofCell("a"))).contains("only");
    }

    private static Map<String, String> assign(List<String> live) {
        Map<String, String> owners = new HashMap<>();
        for (String cell : CELLS) {
            owners.put(cell, Rendezvous.owner(live, cell).orElseThrow());
        }
        return owners;
    }
}
