package io.railscope.source.exposition;

import io.railscope.ops.FreePort;
import io.railscope.ops.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fake node for the real node_exporter: a sysfs tree with eight mlx5 HCAs, a procfs with an
 * ARP table and the neighbor sysctls, a textfile collector directory, and Debian's prometheus-node-exporter serving it on
 * 127.0.0.1 and a free port.
 */
public final class NodeExporterFixture implements AutoCloseable {

    public static final String BINARY = "/usr/bin/prometheus-node-exporter";
    /** Railscope's textfile collector script for RDMA ports, as shipped. */
    public static final Path SCRIPT = Path.of("deploy/textfile/railscope-rdma-ports.sh");
    /** Railscope's textfile collector script for the LLDP neighbors of RDMA ports, as shipped. */
    public static final Path LLDP_SCRIPT = Path.of("deploy/textfile/railscope-lldp-neighbors.sh");

    private final Path root;
    private final ServerProcess process;
    private final int port;

    private NodeExporterFixture(Path root, ServerProcess process, int port) {
        this.root = root;
        this.process = process;
        this.port = port;
    }

    /** Builds the trees (all ports ACTIVE at 400G, {@code arpEntries} neighbors) and starts node_exporter on them. */
    public static NodeExporterFixture start(int arpEntries) throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("railscope-node");
        for (int device = 0; device < 8; device++) {
            Path hca = root.resolve("sys/class/infiniband/mlx5_" + device);
            Files.createDirectories(hca.resolve("ports/1/counters"));
            Files.writeString(hca.resolve("fw_ver"), "28.39.1002\n");
            Files.writeString(hca.resolve("board_id"), "MT_0000000838\n");
            Files.writeString(hca.resolve("hca_type"), "MT4129\n");
            Files.writeString(hca.resolve("node_guid"), nodeGuid(device) + "\n");
            Files.writeString(hca.resolve("ports/1/link_layer"), "InfiniBand\n");
            // an InfiniBand port has no netdev in gid_attrs: its IPoIB interface hangs off the HCA's PCI device
            Path pci = Files.createDirectories(hca.resolve("device/net/ib" + device));
            Files.writeString(pci.getParent().getParent().resolve("current_link_width"), "16\n");
            Files.writeString(pci.getParent().getParent().resolve("current_link_speed"), "32.0 GT/s PCIe\n");
            Path netdev = Files.createDirectories(root.resolve("sys/class/net/ib" + device));
            Files.writeString(netdev.resolve("mtu"), "4092\n");
        }
        for (int device = 0; device < 8; device++) {
            writePort(root, device, "4: ACTIVE", "5: LinkUp", "400 Gb/sec (4X NDR)");
            for (String counter : List.of(
                    "port_rcv_data",
                    "port_xmit_data",
                    "port_rcv_packets",
                    "port_xmit_packets",
                    "port_rcv_errors",
                    "port_rcv_remote_physical_errors",
                    "port_xmit_discards",
                    "port_xmit_wait",
                    "link_downed",
                    "link_error_recovery",
                    "local_link_integrity_errors",
                    "symbol_error",
                    "excessive_buffer_overrun_errors")) {
                Files.writeString(
                        root.resolve("sys/class/infiniband/mlx5_" + device + "/ports/1/counters/" + counter), "0\n");
            }
        }
        Path net = Files.createDirectories(root.resolve("proc/net"));
        StringBuilder arp =
                new StringBuilder("IP address       HW type     Flags       HW address            Mask     Device\n");
        for (int i = 0; i < arpEntries; i++) {
            arp.append(String.format(
                    "10.0.%d.%d 0x1 0x2 52:54:00:12:%02x:%02x * eth0%n", i / 250, i % 250 + 1, i / 256, i % 256));
        }
        Files.writeString(net.resolve("arp"), arp.toString());
        Path neigh = Files.createDirectories(root.resolve("proc/sys/net/ipv4/neigh/default"));
        Files.writeString(neigh.resolve("gc_thresh1"), "128\n");
        Files.writeString(neigh.resolve("gc_thresh2"), "512\n");
        Files.writeString(neigh.resolve("gc_thresh3"), "1024\n");
        Path neigh6 = Files.createDirectories(root.resolve("proc/sys/net/ipv6/neigh/default"));
        Files.writeString(neigh6.resolve("gc_thresh1"), "128\n");
        Files.writeString(neigh6.resolve("gc_thresh2"), "512\n");
        Files.writeString(neigh6.resolve("gc_thresh3"), "1024\n");
        // /proc/net/stat/ndisc_cache as this machine's kernel (6.18) writes it, the table holding 700 entries (0x2bc):
        // the first column is tbl->entries, the same on every cpu line (net/core/neighbour.c neigh_stat_seq_show)
        Path stat = Files.createDirectories(root.resolve("proc/net/stat"));
        Files.writeString(stat.resolve("ndisc_cache"), """
                entries  allocs   destroys hash_grows lookups  hits     res_failed rcv_probes_mcast rcv_probes_ucast periodic_gc_runs forced_gc_runs unresolved_discards table_fulls
                000002bc 00000001 00000000 00000000   00000000 00000000 00000002   00000000         00000000         000000c0         00000000       00000000            00000000
                000002bc 00000004 00000000 00000000   00000000 00000000 00000003   00000000         00000000         00000000         00000000       00000000            00000000
                """);

        int port = FreePort.pick();
        List<String> command = new ArrayList<>(List.of(
                BINARY,
                "--path.sysfs=" + root.resolve("sys"),
                "--path.procfs=" + root.resolve("proc"),
                "--web.listen-address=127.0.0.1:" + port,
                "--collector.disable-defaults",
                "--collector.infiniband",
                "--collector.arp",
                "--collector.sysctl",
                "--collector.lnstat",
                "--collector.textfile",
                "--collector.textfile.directory=" + Files.createDirectories(root.resolve("textfile"))));
        for (int level = 1; level <= 3; level++) {
            command.add("--collector.sysctl.include=net.ipv4.neigh.default.gc_thresh" + level);
            command.add("--collector.sysctl.include=net.ipv6.neigh.default.gc_thresh" + level);
        }
        ServerProcess process = ServerProcess.start(
                "node_exporter",
                command,
                root.resolve("node_exporter.log"),
                URI.create("http://127.0.0.1:" + port + "/metrics"));
        return new NodeExporterFixture(root, process, port);
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    /** Sets a port's state files, e.g. ("1: DOWN", "2: Polling", "400 Gb/sec (4X NDR)"). */
    public void port(int device, String state, String physicalState, String rate) {
        try {
            writePort(root, device, state, physicalState, rate);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sets an HCA's {@code fw_ver}, as a firmware update of one HCA leaves it. */
    public void firmware(int device, String version) {
        write("sys/class/infiniband/mlx5_" + device + "/fw_ver", version);
    }

    /** Sets an HCA's PCIe link width as trained ({@code device/current_link_width}). */
    public void pcieWidth(int device, int lanes) {
        write("sys/class/infiniband/mlx5_" + device + "/device/current_link_width", Integer.toString(lanes));
    }

    /**
     * Runs Railscope's textfile collector script {@code deploy/textfile/railscope-rdma-ports.sh} on this sysfs tree
     * and moves its output into the textfile directory, as the cron line in the README does.
     */
    public void runRdmaPortsScript() {
        runScript(SCRIPT, "rdma-ports.prom", Map.of());
    }

    /**
     * Makes {@code mlx5_<device>} a RoCE port on {@code netdev} whose LLDP neighbor is the switch port in
     * {@code keyvalue} ({@code lldpcli -f keyvalue show neighbors details} lines), and runs Railscope's LLDP textfile
     * script {@code deploy/textfile/railscope-lldp-neighbors.sh} on it, as the README's cron line does.
     */
    public void runLldpNeighborsScript(int device, String netdev, String keyvalue) {
        try {
            Path ndevs = Files.createDirectories(
                    root.resolve("sys/class/infiniband/mlx5_" + device + "/ports/1/gid_attrs/ndevs"));
            Files.writeString(ndevs.resolve("0"), netdev + "\n");
            Path neighbors = Files.writeString(root.resolve("lldpcli.keyvalue"), keyvalue);
            runScript(LLDP_SCRIPT, "lldp-neighbors.prom", Map.of("LLDPCLI", "cat " + neighbors));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void runScript(Path script, String textfile, Map<String, String> environment) {
        try {
            Path written = root.resolve("textfile/" + textfile + ".tmp");
            ProcessBuilder builder = new ProcessBuilder(
                            "sh", script.toAbsolutePath().toString())
                    .redirectOutput(written.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().put("SYSFS", root.resolve("sys").toString());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (process.waitFor() != 0) {
                throw new IllegalStateException(script.getFileName() + " exited with " + process.exitValue());
            }
            Files.move(written, root.resolve("textfile/" + textfile), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The node GUID of {@code mlx5_<device>}, as sysfs writes it. */
    public static String nodeGuid(int device) {
        return "7cfe:9003:003b:4b9" + device;
    }

    /** Writes a page of series into the textfile directory, as another collector script would. */
    public void textfile(String name, String series) {
        try {
            Path written = root.resolve("textfile/" + name + ".tmp");
            Files.writeString(written, series);
            Files.move(written, root.resolve("textfile/" + name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String file, String line) {
        try {
            Files.writeString(root.resolve(file), line + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sets a counter file of a port (node_exporter multiplies the data counters by 4). */
    public void counter(int device, String counter, long value) {
        try {
            Files.writeString(
                    root.resolve("sys/class/infiniband/mlx5_" + device + "/ports/1/counters/" + counter), value + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a port's PFC pause durations per priority as README's textfile script does (mlx5 {@code ethtool -S}
     * {@code rx_prio<p>_pause_duration}, in µs, per RDMA device and port), written aside and moved.
     */
    public void pfcPauseDurations(int device, long... microsecondsByPriority) {
        StringBuilder text = new StringBuilder(
                "# HELP node_rdma_pfc_rx_pause_duration_microseconds_total Time PFC paused the RDMA port, per priority.\n"
                        + "# TYPE node_rdma_pfc_rx_pause_duration_microseconds_total counter\n");
        for (int priority = 0; priority < microsecondsByPriority.length; priority++) {
            text.append("node_rdma_pfc_rx_pause_duration_microseconds_total{device=\"mlx5_")
                    .append(device)
                    .append("\",port=\"1\",priority=\"")
                    .append(priority)
                    .append("\"} ")
                    .append(microsecondsByPriority[priority])
                    .append('\n');
        }
        try {
            Path written = root.resolve("textfile/pfc.prom.tmp");
            Files.writeString(written, text);
            Files.move(written, root.resolve("textfile/pfc.prom"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the IPv6 neighbors per device as README's textfile script does ({@code ip -6 neigh show nud all}, loopback
     * left out, counted per device → {@code node_ndisc_entries}), written aside and moved.
     */
    public void ipv6Neighbors(String device, int entries) {
        try {
            Path written = root.resolve("textfile/ndisc.prom.tmp");
            Files.writeString(
                    written,
                    "# HELP node_ndisc_entries IPv6 neighbor (NDISC) entries by device.\n"
                            + "# TYPE node_ndisc_entries gauge\nnode_ndisc_entries{device=\"" + device + "\"} "
                            + entries
                            + "\n");
            Files.move(written, root.resolve("textfile/ndisc.prom"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the RDMA netns mode as a node's textfile collector script would ({@code rdma system show}
     * → {@code node_rdma_netns_exclusive}), written aside and moved so node_exporter never reads half a file.
     */
    public void rdmaNetns(boolean exclusive) {
        try {
            Path written = root.resolve("textfile/rdma.prom.tmp");
            Files.writeString(
                    written,
                    "# HELP node_rdma_netns_exclusive 1 when the RDMA subsystem runs netns exclusive, 0 when shared.\n"
                            + "# TYPE node_rdma_netns_exclusive gauge\nnode_rdma_netns_exclusive " + (exclusive ? 1 : 0)
                            + "\n");
            Files.move(written, root.resolve("textfile/rdma.prom"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }

    private static void writePort(Path root, int device, String state, String physicalState, String rate)
            throws IOException {
        Path port = root.resolve("sys/class/infiniband/mlx5_" + device + "/ports/1");
        Files.writeString(port.resolve("state"), state + "\n");
        Files.writeString(port.resolve("phys_state"), physicalState + "\n");
        Files.writeString(port.resolve("rate"), rate + "\n");
    }
}
