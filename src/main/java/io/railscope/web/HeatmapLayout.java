package io.railscope.web;

/**
 * How the rail heatmap lays out a cell: nodes left to right in rows of {@link #perRow()}, each node a
 * column of one pixel per rail, a blank pixel row between bands, drawn {@link #scale()} times larger.
 */
public record HeatmapLayout(int nodes, int rails) {

    public int perRow() {
        return nodes <= 250 ? Math.max(1, nodes) : nodes <= 4000 ? 250 : 400;
    }

    public int bandHeight() {
        return rails + 1;
    }

    public int bands() {
        return Math.max(1, (nodes + perRow() - 1) / perRow());
    }

    public int scale() {
        return Math.max(2, Math.min(8, 1000 / perRow()));
    }

    public int width() {
        return perRow();
    }

    public int height() {
        return bands() * bandHeight();
    }

    public int displayWidth() {
        return width() * scale();
    }

    public int displayHeight() {
        return height() * scale();
    }

    /** The node index under pixel (x, y), or -1. */
    public int nodeAt(int x, int y) {
        int index = y / bandHeight() * perRow() + x;
        return x < 0 || x >= perRow() || y < 0 || index >= nodes || railAt(y) == 0 ? -1 : index;
    }

    /** The rail (1-based) under pixel row y, or 0 on the blank row. */
    public int railAt(int y) {
        int row = y % bandHeight();
        return row < rails ? row + 1 : 0;
    }
}
