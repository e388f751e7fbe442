package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.railscope.source.PortAttributes;
import org.junit.jupiter.api.Test;

class RailsDisagreementsTest {

    private static final PortAttributes USUAL =
            new PortAttributes("28.39.1002", "MT_0000000838", "Ethernet", 9000, 16, 32.0);

    @Test
    void onlyNodesWhoseRailsDisagreeAreFoundEachWithWhatTheyDisagreeOn() {
        RailsDisagreements rails = new RailsDisagreements();
        for (int rail = 1; rail <= 8; rail++) {
            rails.add("gpu-1", rail, 4, 400, USUAL);
            rails.add(
                    "gpu-2",
                    rail,
                    4,
                    400,
                    rail == 5 ? new PortAttributes("28.39.1002", "MT_0000000838", "Ethernet", 9000, 8, 32.0) : USUAL);
            // a down port's rate and a rail that reports nothing are no difference
            rails.add(
                    "gpu-3", rail, rail == 2 ? 1 : 4, rail == 2 ? 10 : 400, rail == 7 ? PortAttributes.UNKNOWN : USUAL);
            rails.add("gpu-4", rail, 4, rail == 3 ? 200 : 400, USUAL);
        }

        assertThat(rails.find())
                .extracting(RailsDisagreement::node, RailsDisagreement::describe)
                .containsExactly(
                        tuple("gpu-2", "PCIe width: rail 5 x8 (the others x16)"),
                        tuple("gpu-4", "rate: rail 3 200 Gb/s (the others 400 Gb/s)"));
    }
}
