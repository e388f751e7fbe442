package io.railscope.read;

import java.util.List;
import java.util.Optional;

/** Read queries behind the fleet and cell pages and the API; each call reads one snapshot. */
public interface CellReads {

    /**
     * Every known cell's summary, by name. Summaries change only when a collection commits, so they are
     * kept until the sum of the cells' collection sequence numbers moves.
     */
    List<CellSummary> fleet();

    /**
     * A cell's page data. It changes only when a collection of the cell commits, so it is kept until
     * the cell's collection sequence number moves: a page refreshed by many screens reads one number.
     */
    Optional<CellDetails> cell(String name);

    /** A cell's switches, blames and miswired ports at its last collection, without the rest of its page. */
    CellFabric fabric(String cell);

    /** How much a cell's fabric blames, counted by the database: for metrics, read at every scrape. */
    FabricCounts fabricCounts(String cell);

    /** One switch of a cell, read when asked; empty when no port of the cell is cabled to it. */
    Optional<SwitchDetail> fabricSwitch(String cell, String name);
}
