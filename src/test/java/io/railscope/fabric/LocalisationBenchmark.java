package io.railscope.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * How well localisation blames the component at fault, measured as the published systems measure it: seeded faults
 * injected one or two at a time on a 12,000-node rail-optimised fabric of three tiers (scalable units of 32 nodes, a
 * leaf per unit and rail: 3,000 leaves; a spine per rail and group of 4 units: 752 spines; a core per rail) over background noise (single-port errors on 0.5 % of the ports, and one slow node in a
 * hundred with one rail below its rate), then per kind of fault: recall (the fault's ports are blamed at all),
 * accuracy (of those, blamed on the fault's own component) and precision (blames that name a real fault: an injected
 * component, or the link of a noisy port). Run with {@code ./mvnw -B -Pbench test -Dtest=LocalisationBenchmark}.
 */
@Tag("bench")
class LocalisationBenchmark {

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int TRIALS = Integer.getInteger("bench.trials", 1_000);
    private static final long SEED = Long.getLong("bench.seed", 2026L);
    private static final int UNIT = RailOptimisedFabric.UNIT;
    private static final int RAILS = RailOptimisedFabric.RAILS;
    private static final double NOISY_PORTS = 0.005;
    private static final double SLOW_NODES = 0.01;
    private static final SwitchTiers TIERS = RailOptimisedFabric.tiers(NODES);

    /** The kinds of fault injected, and the component each is expected to be blamed on. */
    enum Kind {
        /** A flaky cable: one port with errors. */
        FLAKY_CABLE(BlameKind.LINK),
        /** A port down: a dead transceiver. */
        PORT_DOWN(BlameKind.LINK),
        /** A host: 3 to 8 of its rails down. */
        NODE_DOWN(BlameKind.NODE),
        /** A leaf down: 60 to 100 % of its host ports down. */
        LEAF_DOWN(BlameKind.LEAF),
        /** A leaf pausing its host ports: 60 to 100 % of them paused by PFC. */
        LEAF_PFC_STORM(BlameKind.LEAF),
        /** A leaf dropping: 60 to 100 % of its host ports with errors. */
        LEAF_ERRORS(BlameKind.LEAF),
        /**
         * A congested spine uplink: 30 to 80 % of the host ports below each leaf of one spine (one rail of a group of
         * units) paused by PFC.
         */
        SPINE_UPLINK_CONGESTED(BlameKind.SPINE);

        final BlameKind expected;

        Kind(BlameKind expected) {
            this.expected = expected;
        }
    }

    /** An injected fault: its kind, its component as a blame names it, and its ports by node and rail. */
    record Injected(Kind kind, String component, Set<String> ports) {}

    /** Tallies per kind. */
    static final class Tally {
        int injected;
        int detected;
        int localised;
    }

    @Test
    void blamesTheFaultyComponentOverNoise() {
        SplittableRandom random = new SplittableRandom(SEED);
        Map<Kind, Tally> tallies = new EnumMap<>(Kind.class);
        int blames = 0;
        int truePositives = 0;
        int aboveLink = 0;
        int aboveLinkTrue = 0;
        long nanos = 0;
        List<String> misses = new ArrayList<>();
        int injectedSoFar = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            Map<String, PortSymptom> symptoms = new HashMap<>();
            Set<String> noisy = new HashSet<>();
            noise(random, symptoms, noisy);
            List<Injected> injected = new ArrayList<>();
            int faults = 1 + random.nextInt(2);
            for (int f = 0; f < faults; f++) {
                // the kinds in turn, so that every kind is injected as often (at least 200 times in 1,000 trials)
                injected.add(inject(Kind.values()[injectedSoFar++ % Kind.values().length], random, symptoms));
            }
            List<FabricPort> ports = ports(symptoms);
            long start = System.nanoTime();
            List<FabricBlame> found = FabricLocalisation.blame(ports, TIERS, FabricLocalisation.Settings.DEFAULTS);
            nanos += System.nanoTime() - start;
            Set<String> components = new HashSet<>();
            for (Injected fault : injected) {
                components.add(fault.kind().expected.label() + " " + fault.component());
                Tally tally = tallies.computeIfAbsent(fault.kind(), kind -> new Tally());
                tally.injected++;
                boolean detected = found.stream().anyMatch(blame -> covers(blame, fault));
                boolean localised = found.stream()
                        .anyMatch(blame -> blame.kind() == fault.kind().expected
                                && blame.component().equals(fault.component()));
                tally.detected += detected ? 1 : 0;
                tally.localised += localised ? 1 : 0;
                if (detected && !localised && misses.size() < 10) {
                    misses.add("not localised: " + fault.kind() + " " + fault.component() + " blamed as "
                            + found.stream()
                                    .filter(blame -> blame.kind() != BlameKind.LINK && covers(blame, fault))
                                    .map(blame -> blame.kind().label() + " " + blame.component())
                                    .toList());
                }
            }
            for (FabricBlame blame : found) {
                blames++;
                boolean real = components.contains(blame.kind().label() + " " + blame.component())
                        || blame.kind() == BlameKind.LINK && noisy.contains(linkPort(blame));
                truePositives += real ? 1 : 0;
                if (blame.kind() != BlameKind.LINK) {
                    aboveLink++;
                    aboveLinkTrue += real ? 1 : 0;
                    if (!real && misses.size() < 20) {
                        misses.add("blamed without a fault: " + blame.evidence());
                    }
                }
            }
        }
        StringBuilder table = new StringBuilder(String.format(
                Locale.ROOT,
                "%nLocalisation, %,d nodes, %d trials (seed %d):%n| fault | injected | recall | accuracy |%n|---|---:|---:|---:|%n",
                NODES,
                TRIALS,
                SEED));
        int injected = 0;
        int detected = 0;
        int localised = 0;
        for (Map.Entry<Kind, Tally> entry : tallies.entrySet()) {
            Tally tally = entry.getValue();
            injected += tally.injected;
            detected += tally.detected;
            localised += tally.localised;
            table.append(row(
                    entry.getKey().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    tally.injected,
                    tally.detected,
                    tally.localised));
        }
        table.append(row("all", injected, detected, localised));
        double precision = (double) truePositives / blames;
        table.append(String.format(
                Locale.ROOT,
                "precision %.4f (%d of %d blames name a real fault); of the blames on a node, leaf or rail %.4f (%d of %d);"
                        + " localisation took %.1f ms per collection%n",
                precision,
                truePositives,
                blames,
                (double) aboveLinkTrue / aboveLink,
                aboveLinkTrue,
                aboveLink,
                nanos / 1e6 / TRIALS));
        misses.forEach(miss -> table.append(miss).append('\n'));
        System.out.println(table);
        assertThat(tallies.values())
                .as("faults injected per kind")
                .allSatisfy(tally -> assertThat(tally.injected).isGreaterThanOrEqualTo(TRIALS / 5));
        assertThat((double) localised / detected).as("accuracy").isGreaterThanOrEqualTo(0.96);
        assertThat(precision).as("precision").isGreaterThanOrEqualTo(0.98);
        assertThat((double) aboveLinkTrue / aboveLink)
                .as("precision above the link")
                .isGreaterThanOrEqualTo(0.98);
    }

    private static String row(String kind, int injected, int detected, int localised) {
        return String.format(
                Locale.ROOT,
                "| %s | %d | %.3f | %.3f |%n",
                kind,
                injected,
                (double) detected / injected,
                detected == 0 ? 0 : (double) localised / detected);
    }

    /** Single-port errors on 0.5 % of the ports, and a slow node in a hundred with one rail under its rate. */
    private static void noise(SplittableRandom random, Map<String, PortSymptom> symptoms, Set<String> noisy) {
        int noisyPorts = (int) Math.round(NODES * RAILS * NOISY_PORTS);
        for (int i = 0; i < noisyPorts; i++) {
            String port = port(random.nextInt(NODES), 1 + random.nextInt(RAILS));
            symptoms.put(port, PortSymptom.ERRORS);
            noisy.add(port);
        }
        int slowNodes = (int) Math.round(NODES * SLOW_NODES);
        for (int i = 0; i < slowNodes; i++) {
            String port = port(random.nextInt(NODES), 1 + random.nextInt(RAILS));
            symptoms.put(port, PortSymptom.RATE_LOW);
            noisy.add(port);
        }
    }

    private static Injected inject(Kind kind, SplittableRandom random, Map<String, PortSymptom> symptoms) {
        int node = random.nextInt(NODES);
        int rail = 1 + random.nextInt(RAILS);
        Set<String> ports = new HashSet<>();
        switch (kind) {
            case FLAKY_CABLE, PORT_DOWN -> {
                ports.add(port(node, rail));
                symptoms.put(port(node, rail), kind == Kind.PORT_DOWN ? PortSymptom.DOWN : PortSymptom.ERRORS);
                return new Injected(kind, node(node) + "/mlx5_" + (rail - 1), ports);
            }
            case NODE_DOWN -> {
                int rails = 3 + random.nextInt(RAILS - 2);
                for (int r = 1; r <= rails; r++) {
                    ports.add(port(node, r));
                    symptoms.put(port(node, r), PortSymptom.DOWN);
                }
                return new Injected(kind, node(node), ports);
            }
            case SPINE_UPLINK_CONGESTED -> {
                int group = node / UNIT / RailOptimisedFabric.GROUP;
                double share = 0.3 + 0.5 * random.nextDouble();
                int first = group * RailOptimisedFabric.GROUP * UNIT;
                for (int n = first; n < Math.min(NODES, first + RailOptimisedFabric.GROUP * UNIT); n++) {
                    if (random.nextDouble() < share) {
                        ports.add(port(n, rail));
                        symptoms.put(port(n, rail), PortSymptom.PFC_PAUSED);
                    }
                }
                return new Injected(kind, RailOptimisedFabric.spine(group, rail), ports);
            }
            default -> {
                int unit = node / UNIT;
                double share = 0.6 + 0.4 * random.nextDouble();
                PortSymptom symptom = kind == Kind.LEAF_DOWN
                        ? PortSymptom.DOWN
                        : kind == Kind.LEAF_PFC_STORM ? PortSymptom.PFC_PAUSED : PortSymptom.ERRORS;
                for (int n = unit * UNIT; n < Math.min(NODES, (unit + 1) * UNIT); n++) {
                    if (random.nextDouble() < share) {
                        ports.add(port(n, rail));
                        symptoms.put(port(n, rail), symptom);
                    }
                }
                return new Injected(kind, leaf(unit, rail), ports);
            }
        }
    }

    private static boolean covers(FabricBlame blame, Injected fault) {
        if (blame.kind() == BlameKind.LINK) {
            return fault.ports().contains(linkPort(blame));
        }
        if (blame.kind() == BlameKind.NODE) {
            return fault.ports().stream().anyMatch(port -> port.startsWith(blame.component() + ":"));
        }
        return fault.ports().stream().anyMatch(port -> blame.nodes().contains(port.substring(0, port.indexOf(':'))));
    }

    /** The node and rail a link blame ({@code node/mlx5_N}) is about. */
    private static String linkPort(FabricBlame blame) {
        String component = blame.component();
        int slash = component.lastIndexOf('/');
        return component.substring(0, slash) + ":" + blame.rail();
    }

    private static List<FabricPort> ports(Map<String, PortSymptom> symptoms) {
        return RailOptimisedFabric.ports(NODES, (node, rail) -> symptoms.get(port(node, rail)));
    }

    private static String port(int node, int rail) {
        return node(node) + ":" + rail;
    }

    private static String node(int node) {
        return RailOptimisedFabric.node(node);
    }

    private static String leaf(int unit, int rail) {
        return RailOptimisedFabric.leaf(unit, rail);
    }
}
