package io.railscope.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class MiswiringTest {

    /** Four scalable units, healthy, with {@code recable} applied to every port. */
    private static List<FabricPort> fabric(UnaryOperator<FabricPort> recable) {
        return RailOptimisedFabric.ports(4 * RailOptimisedFabric.UNIT, (node, rail) -> null).stream()
                .map(recable)
                .toList();
    }

    private static FabricPort on(FabricPort port, String leaf) {
        return new FabricPort(port.node(), port.rail(), port.device(), leaf, port.switchPort(), port.symptoms());
    }

    @Test
    void aFabricCabledByRailHasNoMiswiring() {
        assertThat(Miswiring.find(fabric(port -> port))).isEmpty();
    }

    @Test
    void twoSwappedCablesAreTwoMiswiredPortsEachWithTheLeafItShouldBeOn() {
        String node = RailOptimisedFabric.node(37);
        List<Miswiring.Miswired> found = Miswiring.find(fabric(port -> {
            if (!port.node().equals(node)) {
                return port;
            }
            return port.rail() == 3
                    ? on(port, RailOptimisedFabric.leaf(1, 4))
                    : port.rail() == 4 ? on(port, RailOptimisedFabric.leaf(1, 3)) : port;
        }));

        assertThat(found)
                .containsExactly(
                        new Miswiring.Miswired(node, 3, "mlx5_2", "su002-rail4", 4, "su002-rail3"),
                        new Miswiring.Miswired(node, 4, "mlx5_3", "su002-rail3", 3, "su002-rail4"));
        assertThat(found.get(0).words())
                .isEqualTo("node gpu-00037 rail 3 (mlx5_2) is cabled to su002-rail4, a rail-4 leaf; its rail-3 leaf is"
                        + " su002-rail3");
    }

    @Test
    void twoRailsOfANodeOnOneLeafAreFound() {
        String node = RailOptimisedFabric.node(70);
        List<Miswiring.Miswired> found = Miswiring.find(fabric(port ->
                port.node().equals(node) && port.rail() == 8 ? on(port, RailOptimisedFabric.leaf(2, 7)) : port));

        assertThat(found).singleElement().satisfies(port -> {
            assertThat(port.rail()).isEqualTo(8);
            assertThat(port.actualSwitch()).isEqualTo("su003-rail7");
            assertThat(port.expectedSwitch()).isEqualTo("su003-rail8");
        });
    }
}
