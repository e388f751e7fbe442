package io.railscope.source.topology;

/**
 * A cable between two connected ports, as one row of a tool's output stated it: from {@code local}, the end whose row
 * it is, to {@code remote}.
 *
 * @param widthSpeed the active width and speed as written ({@code 4xNDR}, {@code 4x EDR}, {@code 4X 25.78125 Gbps});
 *     null when not stated
 * @param state the port state with runs of spaces collapsed (iblinkinfo's {@code 4X 25.78125 Gbps Active/ LinkUp});
 *     null when not stated
 */
public record CabledLink(CabledEnd local, CabledEnd remote, String widthSpeed, String state) {}
