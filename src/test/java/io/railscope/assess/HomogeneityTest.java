package io.railscope.assess;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.PortAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HomogeneityTest {

    private static final PortAttributes USUAL =
            new PortAttributes("28.39.1002", "MT_0000000838", "InfiniBand", 4092, 16, 32.0);

    @Test
    void aRailOnOtherFirmwareIsTheOutlierAgainstTheMajority() {
        List<Homogeneity.Member> rails = rails(8);
        rails.set(2, rail(3, 4, 400, withFirmware("28.40.1000")));

        List<AttributeSpread> disagreements = Homogeneity.disagreements(rails);

        assertThat(disagreements).singleElement().satisfies(spread -> {
            assertThat(spread.attribute()).isEqualTo(RailAttribute.FIRMWARE);
            assertThat(spread.majority()).isEqualTo("28.39.1002");
            assertThat(spread.majorityCount()).isEqualTo(7);
            assertThat(spread.outliers()).containsExactly(new AttributeSpread.Outlier("rail 3", "28.40.1000"));
            assertThat(spread.describe()).isEqualTo("firmware: rail 3 28.40.1000 (the others 28.39.1002)");
        });
    }

    @Test
    void everyAttributeIsComparedAndTheAgreedOnesHaveNoOutliers() {
        List<AttributeSpread> spreads = Homogeneity.of(rails(8));
        assertThat(spreads).extracting(AttributeSpread::attribute).containsExactly(RailAttribute.values());
        assertThat(spreads).noneMatch(AttributeSpread::disagrees);
        assertThat(spreads)
                .extracting(AttributeSpread::majority)
                .containsExactly("400 Gb/s", "InfiniBand", "4092", "28.39.1002", "MT_0000000838", "x16", "32 GT/s");
    }

    @Test
    void unknownValuesAreNoDifference() {
        List<Homogeneity.Member> rails = rails(8);
        rails.set(0, rail(1, 4, 400, PortAttributes.UNKNOWN));
        rails.set(1, rail(2, 4, 400, new PortAttributes("28.39.1002", null, null, null, null, null)));
        assertThat(Homogeneity.disagreements(rails)).isEmpty();
    }

    @Test
    void theRateOfAPortThatIsNotActiveIsUnknown() {
        List<Homogeneity.Member> rails = rails(8);
        rails.set(4, rail(5, 1, 10, USUAL));
        assertThat(Homogeneity.disagreements(rails)).isEmpty();
        rails.set(4, rail(5, 4, 200, USUAL));
        assertThat(Homogeneity.disagreements(rails))
                .singleElement()
                .satisfies(spread ->
                        assertThat(spread.describe()).isEqualTo("rate: rail 5 200 Gb/s (the others 400 Gb/s)"));
    }

    @Test
    void aTieIsNoMajorityAndEveryKnownMemberIsListed() {
        List<Homogeneity.Member> rails = rails(4);
        rails.set(2, rail(3, 4, 400, withFirmware("28.40.1000")));
        rails.set(3, rail(4, 4, 400, withFirmware("28.40.1000")));
        assertThat(Homogeneity.disagreements(rails)).singleElement().satisfies(spread -> {
            assertThat(spread.majority()).isNull();
            assertThat(spread.outlierCount()).isEqualTo(4);
            assertThat(spread.describe()).endsWith("(no majority)");
        });
    }

    @Test
    void aLargeGroupListsTheFirstOutliersAndCountsTheRest() {
        List<Homogeneity.Member> nodes = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            nodes.add(new Homogeneity.Member(
                    "gpu-" + i, RailAttribute.values(4, 400, i < 100 ? withFirmware("28.40.1000") : USUAL)));
        }
        assertThat(Homogeneity.disagreements(nodes)).singleElement().satisfies(spread -> {
            assertThat(spread.outlierCount()).isEqualTo(100);
            assertThat(spread.outliers()).hasSize(Homogeneity.LISTED);
            assertThat(spread.describe()).contains("and 50 more (the others 28.39.1002)");
        });
    }

    private static PortAttributes withFirmware(String firmware) {
        return new PortAttributes(firmware, "MT_0000000838", "InfiniBand", 4092, 16, 32.0);
    }

    private static List<Homogeneity.Member> rails(int count) {
        List<Homogeneity.Member> rails = new ArrayList<>();
        for (int rail = 1; rail <= count; rail++) {
            rails.add(rail(rail, 4, 400, USUAL));
        }
        return rails;
    }

    private static Homogeneity.Member rail(int rail, int state, double rateGbps, PortAttributes attributes) {
        Map<RailAttribute, String> values = RailAttribute.values(state, rateGbps, attributes);
        return new Homogeneity.Member("rail " + rail, values);
    }
}
