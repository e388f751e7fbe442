package io.railscope.fabric;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How many host ports of each rail each switch has, the rails in order. */
final class SwitchRails {

    private SwitchRails() {}

    static Map<String, Map<Integer, Integer>> of(List<FabricPort> ports) {
        Map<String, Map<Integer, Integer>> railsBySwitch = new HashMap<>();
        for (FabricPort port : ports) {
            if (port.switchName() != null) {
                railsBySwitch
                        .computeIfAbsent(port.switchName(), name -> new TreeMap<>())
                        .merge(port.rail(), 1, Integer::sum);
            }
        }
        return railsBySwitch;
    }
}
