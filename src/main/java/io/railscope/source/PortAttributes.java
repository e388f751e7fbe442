package io.railscope.source;

/**
 * What an RDMA port and its HCA are set to, each null where the node does not report it. Firmware and board id are
 * the {@code firmware_version} and {@code board_id} labels of node_exporter's {@code node_infiniband_info} (read from
 * {@code /sys/class/infiniband/<device>/fw_ver} and {@code board_id}); link layer, MTU and PCIe link come from the
 * {@code railscope_rdma_*} series of Railscope's textfile collector script, as node_exporter exports none of them.
 *
 * @param mtuBytes                   the MTU of the port's network interface (RoCE netdev or IPoIB interface)
 * @param pcieWidth                  the lanes of the HCA's PCIe link as trained ({@code current_link_width})
 * @param pcieGigatransfersPerSecond the speed of the HCA's PCIe link as trained ({@code current_link_speed})
 */
public record PortAttributes(
        String firmware,
        String boardId,
        String linkLayer,
        Integer mtuBytes,
        Integer pcieWidth,
        Double pcieGigatransfersPerSecond) {

    public static final PortAttributes UNKNOWN = new PortAttributes(null, null, null, null, null, null);

    public boolean isUnknown() {
        return equals(UNKNOWN);
    }
}
