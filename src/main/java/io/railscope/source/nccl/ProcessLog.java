package io.railscope.source.nccl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NCCL INFO lines of one process ({@code host:pid}): what it says once per process (version,
 * network, HCAs, plugin, environment) and, per CUDA device it drives, its ranks and channels.
 */
final class ProcessLog {

    private static final Pattern HCA = Pattern.compile("\\[\\d+\\] ?([\\w.\\-]+):(\\d+)/(IB|RoCE)");
    private static final Pattern SOCKET_IF = Pattern.compile("\\[\\d+\\]([^:\\s\\[\\]]+):");
    private static final Pattern ENV = Pattern.compile("^(NCCL_[A-Z0-9_]+) set (?:by environment )?to (.*)$");
    private static final Pattern PLUGIN = Pattern.compile("Loaded net plugin (\\S+)");
    private static final Pattern INIT =
            Pattern.compile("comm (0x[0-9a-fA-F]+) rank (\\d{1,9}) n[Rr]anks (\\d{1,9})(?: cudaDev (\\d{1,9}))?");
    /** 2.3 names the network it uses so; 2.6.4 and later print {@code Using network}. */
    private static final Pattern USING_NETWORK =
            Pattern.compile("^Using (?:network|internal Network|external Network) (.+)$");

    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)");
    private static final int MAX_ENV = 32;

    private final String host;
    private final int pid;
    private final Map<Integer, DeviceLog> devices = new TreeMap<>();
    private String version;
    private String network;
    private final List<String> hcas = new ArrayList<>();
    private String linkLayer;
    private boolean noDevice;
    private boolean gdrDisabled;
    private boolean verbsMissing;
    private String evidencedNetwork;
    private String tracedNetwork;
    private final List<String> socketInterfaces = new ArrayList<>();
    private String plugin;
    private final Map<String, String> env = new LinkedHashMap<>();

    ProcessLog(String host, int pid) {
        this.host = host;
        this.pid = pid;
    }

    /** Reads one INFO message; true when it shows the process going on: a channel connected, rings or trees connected, init complete. */
    boolean info(int cudaDev, String message) {
        if (message.startsWith("NET/")
                && (message.contains("GPU Direct")
                        || message.contains("Got completion")
                        || message.contains("IbDev"))) {
            TransportEvidence.network(message).ifPresent(this::networkProven);
        } else if (message.startsWith("transport/net_") && tracedNetwork == null) {
            tracedNetwork = TransportEvidence.tracedNetwork(message).orElse(null);
        }
        if (message.startsWith("NCCL version ")) {
            String rest = message.substring("NCCL version ".length()).strip();
            int space = rest.indexOf(' ');
            version = space < 0 ? rest : rest.substring(0, space);
        } else if (message.startsWith("NET/") && message.contains("GPU Direct RDMA")) {
            evidence(message);
        } else if (message.startsWith("NET/IB")) {
            netIb(message);
        } else if (message.startsWith("NET/Socket")) {
            int using = message.indexOf("Using");
            if (using >= 0 && socketInterfaces.isEmpty()) {
                Matcher matcher = SOCKET_IF.matcher(message.substring(using));
                while (matcher.find()) {
                    socketInterfaces.add(matcher.group(1));
                }
            }
        } else if (message.startsWith("Using ")
                && USING_NETWORK.matcher(message).matches()) {
            Matcher matcher = USING_NETWORK.matcher(message);
            network = matcher.matches() ? matcher.group(1).strip() : network;
        } else if (message.startsWith("NET/Plugin")) {
            Matcher matcher = PLUGIN.matcher(message);
            if (matcher.find()) {
                plugin = matcher.group(1);
            } else if (message.contains("internal") && plugin == null) {
                plugin = "internal";
            }
        } else if ((message.startsWith("Channel ") || message.startsWith("Ring ")) && message.contains(" via ")) {
            device(cudaDev)
                    .channel(message.substring(message.indexOf(" via ") + 5).strip());
            return true;
        } else if (message.startsWith("Connected all ")) {
            return true;
        } else if (message.contains("Init COMPLETE") || message.endsWith(" - COMPLETE")) {
            Matcher matcher = INIT.matcher(message);
            if (matcher.find()) {
                DeviceLog device = device(matcher.group(4) == null ? cudaDev : Integer.parseInt(matcher.group(4)));
                device.initComplete(Integer.parseInt(matcher.group(2)), Integer.parseInt(matcher.group(3)));
            }
            return true;
        } else if (message.contains("libibverbs")) {
            evidence(message);
        } else {
            Matcher matcher = ENV.matcher(message);
            if (matcher.find() && env.size() < MAX_ENV) {
                env.put(matcher.group(1), matcher.group(2).strip());
            }
        }
        return false;
    }

    /** A line proved the network this process runs on. */
    void networkProven(String net) {
        evidencedNetwork = net;
    }

    /** What a warning or a message outside the NET/IB choice says about the transport this process could use. */
    void evidence(String message) {
        TransportEvidence.network(message).ifPresent(this::networkProven);
        if (message.contains("No device found")) {
            noDevice = true;
        } else if (message.contains("GPU Direct RDMA Disabled")) {
            gdrDisabled = true;
        } else if (message.contains("libibverbs")) {
            verbsMissing = true;
        }
    }

    String host() {
        return host;
    }

    int pid() {
        return pid;
    }

    /** The process: {@code host:pid}. */
    String key() {
        return host + ':' + pid;
    }

    private void netIb(String message) {
        if (message.contains("No device found") || message.contains("GPU Direct RDMA Disabled")) {
            evidence(message);
            return;
        }
        int using = message.indexOf("Using");
        // 2.3 lists one HCA per line: NET/IB: [0] mlx5_1:1/IB
        boolean oneHcaLine = using < 0 && message.startsWith("NET/IB: [");
        if (!oneHcaLine && (using < 0 || !hcas.isEmpty())) {
            return;
        }
        Matcher matcher = HCA.matcher(oneHcaLine ? message : message.substring(using));
        while (matcher.find()) {
            hcas.add(matcher.group(1) + ':' + matcher.group(2));
            linkLayer = linkLayer == null || linkLayer.equals(matcher.group(3)) ? matcher.group(3) : "mixed";
        }
    }

    private DeviceLog device(int cudaDev) {
        return devices.computeIfAbsent(cudaDev, key -> new DeviceLog());
    }

    /**
     * One entry per CUDA device this process drove; a process that named none counts as device 0. A
     * rank's network is, in order: the process's {@code Using network}; a line that proves the net in use
     * ({@link TransportEvidence}); the rank's NET channels; its process's; the NET channels of the whole
     * log ({@code logNetwork}: the ranks of one job share a configuration); the internal net that initialised.
     */
    List<RankFacts> ranks(String logNetwork, String logVersion) {
        if (devices.isEmpty()) {
            devices.put(0, new DeviceLog());
        }
        List<RankFacts> ranks = new ArrayList<>(devices.size());
        String processNetwork = network != null
                ? network
                : evidencedNetwork != null ? evidencedNetwork : DeviceLog.netTransport(devices.values());
        for (Map.Entry<Integer, DeviceLog> entry : devices.entrySet()) {
            DeviceLog device = entry.getValue();
            String deviceNetwork =
                    network != null ? network : evidencedNetwork != null ? evidencedNetwork : device.netTransport();
            String chosen = deviceNetwork != null
                    ? deviceNetwork
                    : processNetwork != null
                            ? processNetwork
                            : logNetwork != null ? logNetwork : chosenInternalNet(logVersion);
            ranks.add(new RankFacts(
                    host,
                    pid,
                    entry.getKey(),
                    device.rank,
                    device.nranks,
                    version,
                    chosen,
                    List.copyOf(hcas),
                    linkLayer,
                    device.gdr(gdrDisabled),
                    Map.copyOf(device.channels),
                    device.initComplete,
                    noDevice || verbsMissing,
                    List.copyOf(socketInterfaces),
                    plugin,
                    Map.copyOf(env),
                    null));
        }
        return ranks;
    }

    /**
     * The network of a log's processes where one of them did not say its own: the network most processes
     * said they use, else the NET transport most channels ran over; null when neither was logged.
     */
    static String logNetwork(Collection<ProcessLog> processes) {
        Map<String, Integer> said = new TreeMap<>();
        List<DeviceLog> all = new ArrayList<>();
        for (ProcessLog process : processes) {
            String named = process.network != null ? process.network : process.evidencedNetwork;
            if (named != null) {
                said.merge(named, 1, Integer::sum);
            }
            all.addAll(process.devices.values());
        }
        return said.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElseGet(() -> DeviceLog.netTransport(all));
    }

    /**
     * Without a plugin, NCCL tries its internal nets in order, IB then Socket, and keeps the first that
     * initialises (net.cc, ncclNetInit): the one that printed its {@code Using} line.
     */
    private String chosenInternalNet(String logVersion) {
        if (plugin != null && !plugin.equals("internal")) {
            return null;
        }
        if (!hcas.isEmpty()) {
            return "IB";
        }
        if (tracedNetwork != null && !noDevice && !verbsMissing) {
            return tracedNetwork;
        }
        if (socketInterfaces.isEmpty()) {
            return null;
        }
        // IB could not start, so the socket net is the one NCCL fell back to, whatever else it bootstrapped with
        return noDevice || verbsMissing || !socketNetAlsoBootstraps(version != null ? version : logVersion)
                ? "Socket"
                : null;
    }

    /** Up to 2.4.7 every rank initialised the socket net for its bootstrap, so its {@code NET/Socket : Using} chose nothing. */
    private static boolean socketNetAlsoBootstraps(String version) {
        if (version == null) {
            return false;
        }
        Matcher matcher = VERSION.matcher(version);
        if (!matcher.find()) {
            return false;
        }
        int major = Integer.parseInt(matcher.group(1));
        int minor = Integer.parseInt(matcher.group(2));
        int patch = Integer.parseInt(matcher.group(3));
        return major == 2 && (minor < 4 || minor == 4 && patch <= 7);
    }
}
