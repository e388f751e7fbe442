package io.railscope.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Localisation on a rail-optimised fabric of 8 scalable units of 32 nodes, 8 rails, a leaf per unit and rail (64 leaves
 * of 32 host ports): each case makes some ports unhealthy and expects the component blamed.
 */
@Execution(ExecutionMode.CONCURRENT)
class FabricLocalisationTest {

    private static final int UNITS = 8;
    private static final int UNIT = RailOptimisedFabric.UNIT;

    private static String node(int node) {
        return RailOptimisedFabric.node(node);
    }

    private static List<FabricBlame> blame(BiFunction<Integer, Integer, PortSymptom> symptom) {
        return FabricLocalisation.blame(
                RailOptimisedFabric.ports(UNITS * UNIT, symptom),
                RailOptimisedFabric.tiers(UNITS * UNIT),
                FabricLocalisation.Settings.DEFAULTS);
    }

    @Test
    void aHealthyFabricBlamesNothing() {
        assertThat(blame((node, rail) -> null)).isEmpty();
    }

    @Test
    void aLeafThatPausesItsHostPortsIsOneBlameNotThirtyTwo() {
        List<FabricBlame> blames = blame((node, rail) -> node / UNIT == 2 && rail == 3 ? PortSymptom.PFC_PAUSED : null);

        assertThat(blames).singleElement().satisfies(blame -> {
            assertThat(blame.kind()).isEqualTo(BlameKind.LEAF);
            assertThat(blame.component()).isEqualTo("su003-rail3");
            assertThat(blame.rail()).isEqualTo(3);
            assertThat(blame.ports()).isEqualTo(32);
            assertThat(blame.nodes()).hasSize(32).contains(node(64), node(95));
            assertThat(blame.evidence())
                    .isEqualTo(
                            "leaf su003-rail3: 32 of 32 host ports paused by PFC, on 32 nodes; the other rail-3 leaves:"
                                    + " 0 of 224: a switch-side fault");
        });
    }

    @Test
    void aLeafIsBlamedOverNoiseAndItsNoiseStaysOnItsLinks() {
        // 20 of the leaf's 32 ports down, and two unrelated ports with errors elsewhere
        List<FabricBlame> blames = blame((node, rail) -> {
            if (node / UNIT == 5 && rail == 7 && node % UNIT < 20) {
                return PortSymptom.DOWN;
            }
            return node == 3 && rail == 1 || node == 200 && rail == 4 ? PortSymptom.ERRORS : null;
        });

        assertThat(blames)
                .extracting(FabricBlame::kind, FabricBlame::component, FabricBlame::ports)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(BlameKind.LEAF, "su006-rail7", 20),
                        org.assertj.core.groups.Tuple.tuple(BlameKind.LINK, node(3) + "/mlx5_0", 1),
                        org.assertj.core.groups.Tuple.tuple(BlameKind.LINK, node(200) + "/mlx5_3", 1));
    }

    @Test
    void tooFewPortsOrNodesOfALeafAreTheirLinks() {
        // a third of one leaf's ports: under the leaf share
        List<FabricBlame> blames =
                blame((node, rail) -> node / UNIT == 1 && rail == 2 && node % 3 == 0 ? PortSymptom.ERRORS : null);

        assertThat(blames)
                .isNotEmpty()
                .allSatisfy(blame -> assertThat(blame.kind()).isEqualTo(BlameKind.LINK));
    }

    @Test
    void twoLeavesOfOneRailAtOnceAreTwoBlames() {
        List<FabricBlame> blames =
                blame((node, rail) -> (node / UNIT == 0 || node / UNIT == 6) && rail == 5 ? PortSymptom.DOWN : null);

        assertThat(blames).extracting(FabricBlame::component).containsExactlyInAnyOrder("su001-rail5", "su007-rail5");
    }

    @Test
    void aSymptomSpreadOverTheRailIsBlamedAboveItsLeaves() {
        // an incast: a quarter of rail 2's ports, on every leaf
        List<FabricBlame> blames = blame((node, rail) -> rail == 2 && node % 4 == 1 ? PortSymptom.PFC_PAUSED : null);

        assertThat(blames).singleElement().satisfies(blame -> {
            assertThat(blame.kind()).isEqualTo(BlameKind.RAIL);
            assertThat(blame.component()).isEqualTo("rail 2");
            assertThat(blame.ports()).isEqualTo(64);
            assertThat(blame.evidence()).startsWith("rail 2: 64 of 256 ports paused by PFC, on 8 of 8 leaves");
        });
    }

    @Test
    void congestionOnMostLeavesBelowOneSpineIsTheSpine() {
        // units 4 to 7 are below spine sg02-rail3: three quarters of their rail-3 host ports paused
        List<FabricBlame> blames =
                blame((node, rail) -> node / UNIT >= 4 && rail == 3 && node % 4 != 0 ? PortSymptom.PFC_PAUSED : null);

        assertThat(blames).singleElement().satisfies(blame -> {
            assertThat(blame.kind()).isEqualTo(BlameKind.SPINE);
            assertThat(blame.component()).isEqualTo("sg02-rail3");
            assertThat(blame.rail()).isEqualTo(3);
            assertThat(blame.ports()).isEqualTo(96);
            assertThat(blame.evidence())
                    .isEqualTo("spine sg02-rail3: 4 of 4 rail-3 leaves below it have host ports paused by PFC (96 of"
                            + " 128, on 96 nodes); the rail-3 leaves below other spines: 0 of 128: above the leaves, at"
                            + " the spine or its uplinks");
        });
    }

    @Test
    void twoLeavesBelowOneSpineAreTheLeavesNotTheSpine() {
        List<FabricBlame> blames =
                blame((node, rail) -> (node / UNIT == 4 || node / UNIT == 5) && rail == 6 ? PortSymptom.DOWN : null);

        assertThat(blames)
                .extracting(FabricBlame::kind, FabricBlame::component)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(BlameKind.LEAF, "su005-rail6"),
                        org.assertj.core.groups.Tuple.tuple(BlameKind.LEAF, "su006-rail6"));
    }

    @Test
    void aSpineIsNotBlamedWhileTheRailsOtherSpinesShowTheSymptomToo() {
        // below sg01-rail4 every leaf, below sg02-rail4 a fifth of the ports: not quiet
        List<FabricBlame> blames =
                blame((node, rail) -> rail == 4 && (node / UNIT < 4 || node % 5 == 0) ? PortSymptom.PFC_PAUSED : null);

        assertThat(blames).extracting(FabricBlame::kind).doesNotContain(BlameKind.SPINE);
    }

    @Test
    void threeRailsDownOnANodeAreTheHostOverABackgroundOfErrors() {
        // 4 % of the ports with errors: three unhealthy rails on one node would be chance, three rails down are not
        List<FabricBlame> blames = blame((node, rail) -> {
            if (node == 33 && rail <= 3) {
                return PortSymptom.DOWN;
            }
            return Math.floorMod(node * 2_654_435_761L + rail * 40_503L, 25) == 0 ? PortSymptom.ERRORS : null;
        });

        assertThat(blames)
                .filteredOn(blame -> blame.kind() == BlameKind.NODE)
                .singleElement()
                .satisfies(blame -> {
                    assertThat(blame.component()).isEqualTo(node(33));
                    assertThat(blame.evidence()).contains("of the cell's other ports are down");
                });
    }

    @Test
    void aNodeWithManyRailsDownIsTheHostNotItsLeaves() {
        List<FabricBlame> blames = blame((node, rail) -> node == 77 ? PortSymptom.DOWN : null);

        assertThat(blames).singleElement().satisfies(blame -> {
            assertThat(blame.kind()).isEqualTo(BlameKind.NODE);
            assertThat(blame.component()).isEqualTo(node(77));
            assertThat(blame.ports()).isEqualTo(8);
            assertThat(blame.evidence()).contains("8 rails unhealthy (down the most)", "8 different leaves");
        });
    }

    @Test
    void twoRailsOfANodeAreTwoLinksUnderTheNodeThreshold() {
        List<FabricBlame> blames =
                blame((node, rail) -> node == 10 && (rail == 1 || rail == 2) ? PortSymptom.FLAPPING : null);

        assertThat(blames)
                .hasSize(2)
                .allSatisfy(blame -> assertThat(blame.kind()).isEqualTo(BlameKind.LINK));
    }

    @Test
    void portsWithoutAKnownSwitchAreBlamedOnTheirNodeOrLink() {
        List<FabricPort> ports = new ArrayList<>();
        for (int node = 0; node < 40; node++) {
            ports.add(new FabricPort(node(node), 1, "mlx5_0", null, null, Set.of(PortSymptom.DOWN)));
        }

        assertThat(FabricLocalisation.blame(ports, SwitchTiers.NONE, FabricLocalisation.Settings.DEFAULTS))
                .hasSize(40)
                .allSatisfy(blame -> {
                    assertThat(blame.kind()).isEqualTo(BlameKind.LINK);
                    assertThat(blame.evidence()).doesNotContain(" to ");
                });
    }

    @Test
    void aPortIsGroupedByItsFirstSymptom() {
        FabricPort port =
                new FabricPort("n", 1, "mlx5_0", "leaf", "swp1", Set.of(PortSymptom.PFC_PAUSED, PortSymptom.FLAPPING));

        assertThat(port.primary()).isEqualTo(PortSymptom.FLAPPING);
    }
}
