package io.railscope.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code railscope.fabric.}: when unhealthy rail ports are blamed on one switch or one node rather than on each of
 * their cables. README's "The fabric" section tells how each is used.
 */
public interface FabricConfig {

    /**
     * Node label keys that name the switches above a node, nearest first, read before the built-in ones (NVIDIA
     * Topograph's, EKS's network-node layers): for a cell whose labeller uses keys of its own.
     */
    Optional<List<String>> topologyLabelKeys();

    /**
     * Per cell, a file holding its InfiniBand fabric's links as {@code ibnetdiscover} (either form) or
     * {@code iblinkinfo} prints them, read again when it changes: {@code railscope.fabric.topology-files.<cell>=path}
     * (a ConfigMap mounted as a file will do).
     */
    Map<String, Path> topologyFiles();

    /** A leaf is blamed when at least this share of its host ports show the same symptom… */
    @WithDefault("0.5")
    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("1")
    double leafShare();

    /** …on at least this many nodes… */
    @WithDefault("3")
    @Min(2)
    @Max(1000)
    int leafMinNodes();

    /**
     * …while the other leaves of its rail show it on at most this share of their host ports; above it, the symptom is
     * spread over the rail and is blamed on what is above the leaves.
     */
    @WithDefault("0.05")
    @DecimalMin("0")
    @DecimalMax("1")
    double quietShare();

    /**
     * A spine (the switch above a set of leaves, or its uplinks) is blamed when at least this share of the leaves below
     * it, and {@link #spineMinLeaves()} of them at least, each show the symptom on {@link #spineLeafShare()} of their
     * host ports, while the rail's leaves below other spines stay under {@link #quietShare()}.
     */
    @WithDefault("0.5")
    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("1")
    double spineShare();

    /** The fewest leaves below a spine that must show the symptom before the spine is blamed. */
    @WithDefault("3")
    @Min(2)
    @Max(1000)
    int spineMinLeaves();

    /**
     * The share of a leaf's host ports that must show the symptom for the leaf to count towards its spine: congestion
     * at an uplink pauses only the ports whose flows cross it, so less than a leaf's own fault.
     */
    @WithDefault("0.25")
    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("1")
    double spineLeafShare();

    /** A node is blamed, not its cables, when at least this many of its rails are unhealthy and no switch explains them. */
    @WithDefault("3")
    @Min(2)
    @Max(64)
    int nodeMinRails();

    /**
     * …and more of them than the cell's other unhealthy ports would put on one node by chance on this many nodes of the
     * cell (a binomial tail over the node's rails): under heavy background noise a node needs more unhealthy rails.
     */
    @WithDefault("0.01")
    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("1")
    double nodeByChance();
}
