package io.railscope.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One cell as Railscope runs it, whether it came from configuration or from the built-in simulated fleet.
 *
 * @param configured the cell's configuration, absent for the built-in fleet
 */
public record CellSettings(
        String name,
        Duration interval,
        List<String> railDevices,
        int expectedGbps,
        IpamSettings ipam,
        NcclSettings nccl,
        AuditSettings audit,
        Optional<SimulatedCellSettings> simulated,
        Optional<CellConfig> configured) {

    public CellSettings {
        railDevices = List.copyOf(railDevices);
    }

    /**
     * Whether the cell's Kubernetes API is read: always for the simulated cells; for a configured one as its
     * {@code kubernetes.enabled} says, or, when that is not set, unless it has a metrics source and no kubernetes key.
     */
    public boolean readsKubernetes() {
        return configured.map(CellSettings::readsKubernetes).orElse(true);
    }

    private static boolean readsKubernetes(CellConfig cell) {
        return cell.kubernetes()
                .enabled()
                .orElse(cell.kubernetes().reached() || cell.metrics().sources() == 0);
    }

    /** The rail (1-based) a device serves, or 0 when the device is on no rail. */
    public int railOf(String device) {
        return railDevices.indexOf(device) + 1;
    }
}
