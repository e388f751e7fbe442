#!/bin/sh
# Railscope's textfile collector script: what node_exporter does not export about RDMA ports, by RDMA device name.
#   railscope_rdma_port_info{device,port,link_layer,netdev} 1     ports/<port>/link_layer and the port's interface
#   railscope_rdma_port_mtu_bytes{device,port}                    /sys/class/net/<netdev>/mtu
#   railscope_rdma_pcie_link_width{device}                        device/current_link_width
#   railscope_rdma_pcie_link_speed_transfers_per_second{device}   device/current_link_speed ("32.0 GT/s PCIe")
#   railscope_rdma_device_info{device,node_guid} 1                node_guid ("7cfe:9003:003b:4b96"), by which the
#                                                                 InfiniBand exporters' HCAs are matched to the node
# The interface of a RoCE port is named by ports/<port>/gid_attrs/ndevs/0 (kernel ABI,
# Documentation/ABI/stable/sysfs-class-infiniband); an InfiniBand port's IPoIB interface is the one under the HCA's
# PCI device (device/net/). Run it every minute and move its output into the textfile directory, e.g.
#   railscope-rdma-ports.sh > "$DIR/rdma-ports.prom.$$" && mv "$DIR/rdma-ports.prom.$$" "$DIR/rdma-ports.prom"
# SYSFS names another sysfs root (tests).
set -u
sysfs=${SYSFS:-/sys}

escape() {
    printf '%s' "$1" | tr -d '\n' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}

info=""
mtu=""
width=""
speed=""
guid=""
nl='
'
for hca in "$sysfs"/class/infiniband/*; do
    [ -d "$hca" ] || continue
    device=$(escape "${hca##*/}")
    for port in "$hca"/ports/*; do
        [ -d "$port" ] || continue
        number=${port##*/}
        link_layer=$(cat "$port/link_layer" 2>/dev/null || true)
        netdev=$(cat "$port/gid_attrs/ndevs/0" 2>/dev/null || true)
        if [ -z "$netdev" ]; then
            for net in "$hca"/device/net/*; do
                [ -d "$net" ] && netdev=${net##*/} && break
            done
        fi
        info="$info"'railscope_rdma_port_info{device="'"$device"'",port="'"$number"'",link_layer="'"$(escape "$link_layer")"'",netdev="'"$(escape "$netdev")"'"} 1'"$nl"
        if [ -n "$netdev" ]; then
            value=$(cat "$sysfs/class/net/$netdev/mtu" 2>/dev/null || true)
            case "$value" in
            '' | *[!0-9]*) ;;
            *) mtu="$mtu"'railscope_rdma_port_mtu_bytes{device="'"$device"'",port="'"$number"'"} '"$value$nl" ;;
            esac
        fi
    done
    value=$(cat "$hca/node_guid" 2>/dev/null || true)
    if [ -n "$value" ]; then
        guid="$guid"'railscope_rdma_device_info{device="'"$device"'",node_guid="'"$(escape "$value")"'"} 1'"$nl"
    fi
    value=$(cat "$hca/device/current_link_width" 2>/dev/null || true)
    case "$value" in
    '' | *[!0-9]*) ;;
    *) width="$width"'railscope_rdma_pcie_link_width{device="'"$device"'"} '"$value$nl" ;;
    esac
    value=$(cat "$hca/device/current_link_speed" 2>/dev/null | awk '$1 ~ /^[0-9.]+$/ { printf "%.0f", $1 * 1e9 }')
    if [ -n "$value" ]; then
        speed="$speed"'railscope_rdma_pcie_link_speed_transfers_per_second{device="'"$device"'"} '"$value$nl"
    fi
done

printf '# HELP railscope_rdma_port_info Link layer and network interface of an RDMA port.\n'
printf '# TYPE railscope_rdma_port_info gauge\n%s' "$info"
printf '# HELP railscope_rdma_port_mtu_bytes MTU of the network interface of an RDMA port.\n'
printf '# TYPE railscope_rdma_port_mtu_bytes gauge\n%s' "$mtu"
printf '# HELP railscope_rdma_pcie_link_width Lanes of the PCIe link of an RDMA device as trained.\n'
printf '# TYPE railscope_rdma_pcie_link_width gauge\n%s' "$width"
printf '# HELP railscope_rdma_pcie_link_speed_transfers_per_second Speed of the PCIe link of an RDMA device as trained.\n'
printf '# TYPE railscope_rdma_pcie_link_speed_transfers_per_second gauge\n%s' "$speed"
printf '# HELP railscope_rdma_device_info Node GUID of an RDMA device.\n'
printf '# TYPE railscope_rdma_device_info gauge\n%s' "$guid"
