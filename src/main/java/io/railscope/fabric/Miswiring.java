package io.railscope.fabric;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rail ports cabled to another rail's leaf. In a rail-optimised fabric every host port of a leaf serves one rail; a
 * port whose leaf serves another rail (for most of its ports) is miswired, and so is either of two rails of a node on
 * one leaf. Its expected leaf is the one its leaf-mates' same rail is cabled to.
 */
public final class Miswiring {

    /**
     * A miswired rail port: the leaf it is cabled to and the rail that leaf serves, and the leaf it should be on (null
     * when its leaf-mates say nothing of that rail).
     */
    public record Miswired(
            String node, int rail, String device, String actualSwitch, int actualSwitchRail, String expectedSwitch) {

        public String words() {
            return "node " + node + " rail " + rail + " (" + device + ") is cabled to " + actualSwitch
                    + ", a rail-" + actualSwitchRail + " leaf"
                    + (expectedSwitch == null ? "" : "; its rail-" + rail + " leaf is " + expectedSwitch);
        }
    }

    private Miswiring() {}

    /** The miswired ports of a cell, by node and rail; leaves of fewer than three host ports say nothing. */
    public static List<Miswired> find(List<FabricPort> ports) {
        Map<String, Map<Integer, Integer>> railsBySwitch = SwitchRails.of(ports);
        Map<String, Map<Integer, String>> switchByNodeRail = new HashMap<>();
        for (FabricPort port : ports) {
            if (port.switchName() != null) {
                switchByNodeRail
                        .computeIfAbsent(port.node(), node -> new HashMap<>())
                        .put(port.rail(), port.switchName());
            }
        }
        Map<String, Integer> switchRail = new HashMap<>();
        Map<String, List<String>> nodesBySwitch = new HashMap<>();
        railsBySwitch.forEach((name, rails) -> {
            int hostPorts = rails.values().stream().mapToInt(Integer::intValue).sum();
            Map.Entry<Integer, Integer> most = rails.entrySet().stream()
                    .reduce((a, b) -> b.getValue() > a.getValue() ? b : a)
                    .orElseThrow();
            if (hostPorts >= 3 && most.getValue() * 2 > hostPorts) {
                switchRail.put(name, most.getKey());
            }
        });
        for (FabricPort port : ports) {
            if (port.switchName() != null) {
                nodesBySwitch
                        .computeIfAbsent(port.switchName(), name -> new ArrayList<>())
                        .add(port.node());
            }
        }
        List<Miswired> miswired = new ArrayList<>();
        for (FabricPort port : ports) {
            Integer served = port.switchName() == null ? null : switchRail.get(port.switchName());
            if (served == null || served == port.rail()) {
                continue;
            }
            miswired.add(new Miswired(
                    port.node(),
                    port.rail(),
                    port.device(),
                    port.switchName(),
                    served,
                    expected(port, nodesBySwitch.get(port.switchName()), switchByNodeRail, switchRail)));
        }
        miswired.sort((a, b) -> a.node().equals(b.node())
                ? Integer.compare(a.rail(), b.rail())
                : a.node().compareTo(b.node()));
        return miswired;
    }

    /** The leaf most of the port's leaf-mates have their rail on, where that leaf serves the rail. */
    private static String expected(
            FabricPort port,
            List<String> leafMates,
            Map<String, Map<Integer, String>> switchByNodeRail,
            Map<String, Integer> switchRail) {
        Map<String, Integer> votes = new TreeMap<>();
        for (String mate : leafMates) {
            String leaf = switchByNodeRail.getOrDefault(mate, Map.of()).get(port.rail());
            if (leaf != null
                    && !mate.equals(port.node())
                    && Integer.valueOf(port.rail()).equals(switchRail.get(leaf))) {
                votes.merge(leaf, 1, Integer::sum);
            }
        }
        return votes.entrySet().stream()
                .reduce((a, b) -> b.getValue() > a.getValue() ? b : a)
                .map(Map.Entry::getKey)
                .orElse(null);
    }
}
