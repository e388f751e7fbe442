package io.railscope.source.nccl;

import java.util.ArrayList;
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

    private static final Pattern HCA = Pattern.compile("\\[\\d+\\]([\\w.\\-]+):(\\d+)/(IB|RoCE)");
    private static final Pattern SOCKET_IF = Pattern.compile("\\[\\d+\\]([^:\\s\\[\\]]+):");
    private static final Pattern ENV = Pattern.compile("^(NCCL_[A-Z0-9_]+) set (?:by environment )?to (.*)$");
    private static final Pattern PLUGIN = Pattern.compile("Loaded net plugin (\\S+)");
    private static final Pattern INIT = Pattern.compile("comm (0x[0-9a-fA-F]+) rank (\\d+) nranks (\\d+)(?: cudaDev (\\d+))?");
    private static final Pattern NET_CHANNEL = Pattern.compile("^NET/([^/]+)/");
    private static final int MAX_ENV = 32;

    private final String host;
    private final int pid;
    private final Map<Integer, Device> devices = new TreeMap<>();
    private String version;
    private String network;
    private final List<String> hcas = new ArrayList<>();
    private String linkLayer;
    private boolean noDevice;
    private boolean gdrDisabled;
    private boolean verbsMissing;
    private final List<String> socketInterfaces = new ArrayList<>();
    private String plugin;
    private final Map<String, String> env = new LinkedHashMap<>();

    ProcessLog(String host, int pid) {
        this.host = host;
        this.pid = pid;
    }

    private static final class Device {
        int rank = -1;
        int nranks;
        boolean initComplete;
        boolean gdrSeen;
        boolean netWithoutGdr;
        final Map<String, Integer> channels = new TreeMap<>();
    }

    /** Reads one INFO message; true when it says a communicator completed its initialisation. */
    boolean info(int cudaDev, String message) {
        if (message.startsWith("NCCL version ")) {
            String rest = message.substring("NCCL version ".length()).strip();
            int space = rest.indexOf(' ');
            version = space < 0 ? rest : rest.substring(0, space);
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
        } else if (message.startsWith("Using network ")) {
            network = message.substring("Using network ".length()).strip();
        } else if (message.startsWith("NET/Plugin")) {
            Matcher matcher = PLUGIN.matcher(message);
            if (matcher.find()) {
                plugin = matcher.group(1);
            } else if (message.contains("internal") && plugin == null) {
                plugin = "internal";
            }
        } else if ((message.startsWith("Channel ") || message.startsWith("Ring ")) && message.contains(" via ")) {
            channel(cudaDev, message.substring(message.indexOf(" via ") + 5).strip());
        } else if (message.contains("Init COMPLETE") || message.endsWith(" - COMPLETE")) {
            Matcher matcher = INIT.matcher(message);
            if (matcher.find()) {
                Device device = device(matcher.group(4) == null ? cudaDev : Integer.parseInt(matcher.group(4)));
                int nranks = Integer.parseInt(matcher.group(3));
                if (nranks >= device.nranks) {
                    device.nranks = nranks;
                    device.rank = Integer.parseInt(matcher.group(2));
                }
                device.initComplete = true;
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

    /** What a warning or a message outside the NET/IB choice says about the transport this process could use. */
    void evidence(String message) {
        if (message.contains("No device found")) {
            noDevice = true;
        } else if (message.contains("GPU Direct RDMA Disabled")) {
            gdrDisabled = true;
        } else if (message.contains("libibverbs")) {
            verbsMissing = true;
        }
    }

    private void netIb(String message) {
        if (message.contains("No device found") || message.contains("GPU Direct RDMA Disabled")) {
            evidence(message);
            return;
        }
        int using = message.indexOf("Using");
        if (using < 0 || !hcas.isEmpty()) {
            return;
        }
        Matcher matcher = HCA.matcher(message.substring(using));
        while (matcher.find()) {
            hcas.add(matcher.group(1) + ':' + matcher.group(2));
            linkLayer = linkLayer == null || linkLayer.equals(matcher.group(3)) ? matcher.group(3) : "mixed";
        }
    }

    private void channel(int cudaDev, String via) {
        Device device = device(cudaDev);
        String transport;
        Matcher net = NET_CHANNEL.matcher(via);
        if (net.find()) {
            transport = "NET/" + net.group(1);
            if (via.contains("/GDRDMA")) {
                device.gdrSeen = true;
            } else {
                device.netWithoutGdr = true;
            }
        } else {
            int slash = via.indexOf('/');
            transport = slash < 0 ? via : via.substring(0, slash);
            if (transport.length() > 24) {
                transport = transport.substring(0, 24);
            }
        }
        device.channels.merge(transport, 1, Integer::sum);
    }

    private Device device(int cudaDev) {
        return devices.computeIfAbsent(cudaDev, key -> new Device());
    }

    /** One entry per CUDA device this process drove; a process that named none counts as device 0. */
    List<RankFacts> ranks() {
        if (devices.isEmpty()) {
            devices.put(0, new Device());
        }
        List<RankFacts> ranks = new ArrayList<>(devices.size());
        String processNetwork = network != null ? network : netChannelTransport(devices.values());
        for (Map.Entry<Integer, Device> entry : devices.entrySet()) {
            Device device = entry.getValue();
            Boolean gdr = device.netWithoutGdr || gdrDisabled && !device.gdrSeen ? Boolean.FALSE : device.gdrSeen ? Boolean.TRUE : null;
            String deviceNetwork = network != null ? network : netChannelTransport(List.of(device));
            ranks.add(new RankFacts(host, pid, entry.getKey(), device.rank, device.nranks, version,
                    deviceNetwork != null ? deviceNetwork : processNetwork != null ? processNetwork : chosenInternalNet(), List.copyOf(hcas), linkLayer,
                    gdr, Map.copyOf(device.channels), device.initComplete, noDevice || verbsMissing, List.copyOf(socketInterfaces), plugin,
                    Map.copyOf(env)));
        }
        return ranks;
    }

    /**
     * The network NET channels (or, before 2.7, rings) ran over when NCCL printed no {@code Using network}: the
     * name in {@code via NET/<name>/<device>}, the most used when several.
     */
    private static String netChannelTransport(java.util.Collection<Device> of) {
        Map<String, Integer> nets = new TreeMap<>();
        for (Device device : of) {
            device.channels.forEach((transport, count) -> {
                if (transport.startsWith("NET/")) {
                    nets.merge(transport.substring(4), count, Integer::sum);
                }
            });
        }
        return nets.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /**
     * Without a plugin, NCCL tries its internal nets in order, IB then Socket, and keeps the first that
     * initialises (net.cc, ncclNetInit): the one that printed its {@code Using} line.
     */
    private String chosenInternalNet() {
        if (plugin != null && !plugin.equals("internal")) {
            return null;
        }
        if (!hcas.isEmpty()) {
            return "IB";
        }
        return socketInterfaces.isEmpty() ? null : "Socket";
    }
}
