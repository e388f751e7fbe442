package io.railscope.assess;

import io.railscope.model.PortHealth;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A cell's rail ports as stored, looked up one at a time: what {@link StoredRailPorts} reads. */
public interface RailPortRows {

    /** A node's port by its device, with its verdict at the cell's last commit (health null when it has none). */
    Optional<Port> port(String node, String device);

    /** The port's health samples from {@code from} to {@code to}, oldest first. */
    List<PortHealthSample> samples(int portId, Instant from, Instant to);

    /** The node whose {@code spec.providerID} names this machine (an EC2 instance id), if the cell has one. */
    Optional<String> nodeOfMachine(String machineId);

    /** A rail port as stored, with the leaf and leaf port its cable leads to (null where unknown). */
    record Port(int id, int rail, String device, PortHealth health, String reason, String leaf, String leafPort) {}
}
