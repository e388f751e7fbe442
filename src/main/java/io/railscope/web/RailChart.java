package io.railscope.web;

import io.railscope.read.PortState;

/** A port of a node with the chart of its recent rates. */
public record RailChart(PortState port, LineChart chart, LineChart errors) {}
