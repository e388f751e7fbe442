package io.railscope.read;

import java.util.List;

/**
 * The health of every rail port of a cell for the heatmap: nodes by the switch of their lowest cabled rail, then by
 * name, and per node one code per rail (0 OK, 1 degraded, 2 down, 3 no data).
 */
public record HeatmapCells(List<String> nodes, int rails, byte[] codes) {

    public static final byte OK = 0;
    public static final byte DEGRADED = 1;
    public static final byte DOWN = 2;
    public static final byte NO_DATA = 3;

    public byte code(int node, int rail) {
        return codes[node * rails + rail - 1];
    }
}
