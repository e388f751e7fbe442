package io.railscope.api;

import io.railscope.assess.AttributeSpread;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One attribute over a group of rail ports (a node's rails, or a rail's nodes): the value most of them hold, null when
 * two values tie for most, and the members that hold another value. Unknown values count neither way.
 */
@Schema(name = "AttributeSpread")
public record AttributeSpreadResponse(
        @Schema(description = "RATE, LINK_LAYER, MTU, FIRMWARE, BOARD_ID, PCIE_WIDTH or PCIE_SPEED")
        String attribute,

        String label,

        @Schema(description = "the value most members hold; null when two values tie for most")
        String majority,

        int majorityCount,

        @Schema(description = "members that hold another value, at most 50")
        List<Outlier> outliers,

        int outlierCount) {

    /** A member (a rail, e.g. "rail 3", or a node) and the value it holds. */
    public record Outlier(String member, String value) {}

    static AttributeSpreadResponse of(AttributeSpread spread) {
        return new AttributeSpreadResponse(
                spread.attribute().name(),
                spread.label(),
                spread.majority(),
                spread.majorityCount(),
                spread.outliers().stream()
                        .map(outlier -> new Outlier(outlier.member(), outlier.value()))
                        .toList(),
                spread.outlierCount());
    }

    static List<AttributeSpreadResponse> of(List<AttributeSpread> spreads) {
        return spreads.stream().map(AttributeSpreadResponse::of).toList();
    }
}
