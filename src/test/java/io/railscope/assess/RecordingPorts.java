package io.railscope.assess;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/** Rail ports for {@link PeerBlame} that answer by device as told and record which node and device were asked. */
public final class RecordingPorts implements PeerBlame.Ports {

    /** Each ask as {@code node device}. */
    public final List<String> asked = new CopyOnWriteArrayList<>();

    private final BiFunction<String, String, Optional<PeerBlame.PortFacts>> byDevice;

    public RecordingPorts(BiFunction<String, String, Optional<PeerBlame.PortFacts>> byDevice) {
        this.byDevice = byDevice;
    }

    /** Ports that know none: only the asks count. */
    public static RecordingPorts knowingNone() {
        return new RecordingPorts((node, device) -> Optional.empty());
    }

    @Override
    public Optional<PeerBlame.PortFacts> byDevice(String node, String device) {
        asked.add(node + " " + device);
        return byDevice.apply(node, device);
    }
}
