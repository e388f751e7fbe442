package io.railscope.source.exposition;

/** What the samples about a whole HCA of a node said so far: its firmware, board and PCIe link. */
final class HcaSamples {

    String firmware;
    String boardId;
    Integer pcieWidth;
    Double pcieGigatransfers;
    /** As {@link HcaUplinks#guid} writes it. */
    String nodeGuid;
}
