package io.railscope.assess;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares the attributes of a group of ports: for each attribute the value most members hold and the members that
 * differ. An unknown value is no difference; two values tying for most are no majority.
 */
public final class Homogeneity {

    /** The outliers of one attribute listed by name; the rest are counted. */
    public static final int LISTED = 50;

    /** One member of a group: a rail of a node, or a node on a rail, with its known values. */
    public record Member(String name, Map<RailAttribute, String> values) {}

    private Homogeneity() {}

    /** Every attribute some member knows, in {@link RailAttribute} order. */
    public static List<AttributeSpread> of(List<Member> members) {
        List<AttributeSpread> spreads = new ArrayList<>();
        for (RailAttribute attribute : RailAttribute.values()) {
            Map<String, Integer> counts = new HashMap<>();
            for (Member member : members) {
                String value = member.values().get(attribute);
                if (value != null) {
                    counts.merge(value, 1, Integer::sum);
                }
            }
            if (!counts.isEmpty()) {
                spreads.add(spread(attribute, members, counts));
            }
        }
        return spreads;
    }

    /** Only the attributes on which the members disagree. */
    public static List<AttributeSpread> disagreements(List<Member> members) {
        return of(members).stream().filter(AttributeSpread::disagrees).toList();
    }

    private static AttributeSpread spread(RailAttribute attribute, List<Member> members, Map<String, Integer> counts) {
        String majority = null;
        int most = 0;
        boolean tie = false;
        for (Map.Entry<String, Integer> count : counts.entrySet()) {
            if (count.getValue() > most) {
                majority = count.getKey();
                most = count.getValue();
                tie = false;
            } else if (count.getValue() == most) {
                tie = true;
            }
        }
        if (tie) {
            majority = null;
        }
        List<AttributeSpread.Outlier> outliers = new ArrayList<>();
        int outlierCount = 0;
        if (counts.size() > 1) {
            for (Member member : members) {
                String value = member.values().get(attribute);
                if (value != null && !value.equals(majority)) {
                    outlierCount++;
                    if (outliers.size() < LISTED) {
                        outliers.add(new AttributeSpread.Outlier(member.name(), value));
                    }
                }
            }
        }
        return new AttributeSpread(
                attribute, majority, majority == null ? 0 : most, List.copyOf(outliers), outlierCount);
    }
}
