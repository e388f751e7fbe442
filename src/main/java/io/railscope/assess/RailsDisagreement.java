package io.railscope.assess;

import java.util.List;

/** A node whose rails disagree, with each attribute they disagree on. */
public record RailsDisagreement(String node, List<AttributeSpread> attributes) {

    /** Every attribute in words, e.g. "firmware: rail 3 28.40.1000 (the others 28.39.1002)". */
    public String describe() {
        return String.join(
                "; ", attributes.stream().map(AttributeSpread::describe).toList());
    }

    public List<String> labels() {
        return attributes.stream().map(AttributeSpread::label).toList();
    }
}
