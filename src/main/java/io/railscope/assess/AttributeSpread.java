package io.railscope.assess;

import java.util.List;

/**
 * How one attribute is spread over a group of ports (a node's rails, or a rail's nodes): the value most of them hold,
 * null when two values tie for most, and the members that hold another value ({@code outliers}, at most
 * {@link Homogeneity#LISTED}; {@code outlierCount} counts them all). Without a majority every member with a known value
 * is an outlier. Members whose value is unknown are in neither count.
 */
public record AttributeSpread(
        RailAttribute attribute, String majority, int majorityCount, List<Outlier> outliers, int outlierCount) {

    /** A member of the group and the value it holds. */
    public record Outlier(String member, String value) {}

    public boolean disagrees() {
        return outlierCount > 0;
    }

    public String label() {
        return attribute.label();
    }

    /** In words, e.g. "firmware: rail 3 28.40.1000 (the others 28.39.1002)". */
    public String describe() {
        return attribute.label() + ": " + outliersText()
                + (majority == null ? " (no majority)" : " (the others " + majority + ")");
    }

    /** The outliers in words, e.g. "rail 3 28.40.1000, rail 5 28.40.1000 and 12 more". */
    public String outliersText() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < outliers.size(); i++) {
            Outlier outlier = outliers.get(i);
            text.append(i == 0 ? "" : ", ").append(outlier.member()).append(' ').append(outlier.value());
        }
        if (outlierCount > outliers.size()) {
            text.append(" and ").append(outlierCount - outliers.size()).append(" more");
        }
        return text.toString();
    }
}
