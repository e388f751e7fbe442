package io.railscope.source;

/**
 * The series a port's {@link PortAttributes} are read from. {@code node_infiniband_info} is node_exporter's (infiniband
 * collector, on by default; labels {@code device, board_id, firmware_version, hca_type}, value always 1: node_exporter
 * PR #1563). node_exporter exports no link layer, and neither the MTU nor the PCIe link of an RDMA device by its name
 * (its {@code pcidevice} collector keys links by PCI address), so the rest come from Railscope's textfile collector
 * script {@code deploy/textfile/railscope-rdma-ports.sh}; the switch port at the other end of each cable from
 * {@code deploy/textfile/railscope-lldp-neighbors.sh}.
 */
public final class PortAttributeSeries {

    /** {@code {device, board_id, firmware_version, hca_type}} 1. */
    public static final String HCA_INFO = "node_infiniband_info";
    /** {@code {device, port, link_layer, netdev}} 1: {@code ports/<port>/link_layer} and the port's network interface. */
    public static final String PORT_INFO = "railscope_rdma_port_info";
    /** {@code {device, port}}: the MTU of the port's network interface ({@code /sys/class/net/<netdev>/mtu}). */
    public static final String PORT_MTU = "railscope_rdma_port_mtu_bytes";
    /** {@code {device}}: {@code /sys/class/infiniband/<device>/device/current_link_width}. */
    public static final String PCIE_WIDTH = "railscope_rdma_pcie_link_width";
    /** {@code {device}}: {@code /sys/class/infiniband/<device>/device/current_link_speed} in transfers per second. */
    public static final String PCIE_SPEED = "railscope_rdma_pcie_link_speed_transfers_per_second";
    /**
     * {@code {device, port, interface, chassis_id, system_name, port_id, port_description}} 1: the neighbor lldpd heard on
     * the port's network interface ({@code lldpcli show neighbors details}), from Railscope's textfile script
     * {@code deploy/textfile/railscope-lldp-neighbors.sh}.
     */
    public static final String PORT_LLDP_NEIGHBOR = "railscope_rdma_port_lldp_neighbor_info";
    /** {@code {device, node_guid}} 1: {@code /sys/class/infiniband/<device>/node_guid}, from the RDMA ports script. */
    public static final String DEVICE_INFO = "railscope_rdma_device_info";
    /**
     * {@code {guid, port, hca, uplink, uplink_guid, uplink_type, uplink_port, uplink_lid}} 1: treydock/infiniband_exporter's
     * host-side links, read from {@code ibnetdiscover --ports} on a host of the fabric ({@code collectors/hca.go}):
     * {@code guid} and {@code port} are the HCA's node GUID and port, {@code hca} its node description, {@code uplink*}
     * the far end (a switch when {@code uplink_type} is {@code SW}).
     */
    public static final String INFINIBAND_HCA_UPLINK = "infiniband_hca_uplink_info";

    /**
     * guilbaults/infiniband-exporter's links, one per switch port: the query Railscope asks groups its counters
     * ({@code infiniband_<counter>_total}) by their link labels, {@code local_*} the switch's end and {@code remote_*} the
     * far end ({@code infiniband-exporter.py}, labels component, local_name, local_guid, local_port, remote_guid,
     * remote_port, remote_name).
     */
    public static final String GUILBAULTS_LINKS = "infiniband_guilbaults_switch_port_link";

    /** treydock/infiniband_exporter's links of each switch port: to a switch ({@code uplink_type="SW"}) or an HCA. */
    public static final String INFINIBAND_SWITCH_UPLINK = "infiniband_switch_uplink_info";
    /** The prefix of the textfile script's series. */
    public static final String SCRIPT_PREFIX = "railscope_rdma_";

    /** A label value longer than this is no firmware version, board id or link layer. */
    public static final int MAX_LABEL_LENGTH = 64;
    /** The longest LLDP system name, port id or port description (IEEE 802.1AB: 255 octets). */
    public static final int MAX_LLDP_LENGTH = 255;
    /** The widest PCIe link (x32). */
    public static final int MAX_PCIE_WIDTH = 32;
    /** Beyond any PCIe generation (PCIe 7.0 runs 128 GT/s). */
    public static final double MAX_PCIE_TRANSFERS_PER_SECOND = 1e12;
    /** IPv4's minimum MTU (RFC 791) to the largest a Linux interface takes. */
    public static final int MIN_MTU = 68;

    public static final int MAX_MTU = 1 << 20;

    private PortAttributeSeries() {}
}
