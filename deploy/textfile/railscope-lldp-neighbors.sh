#!/bin/sh
# Railscope's textfile collector script: the switch port each RDMA port is cabled to, as lldpd's neighbors say.
#   railscope_rdma_port_lldp_neighbor_info{device,port,interface,chassis_id,system_name,port_id,port_description} 1
# One line per RDMA port whose network interface has an LLDP neighbor (the first one when it has several); interfaces
# that are no RDMA port's (eth0) are left out, and a field the neighbor did not send is "". The port's interface is
# found as railscope-rdma-ports.sh finds it: ports/<port>/gid_attrs/ndevs/0 for RoCE, else for port 1 the interface
# under the HCA's PCI device (device/net/). Neighbors are read from `lldpcli -f keyvalue show neighbors details`
# (lldpd src/client/kv_writer.c and display.c: one lldp.<interface>.<path>=<value> per line, a newline in a value
# written as a space and "=" as is; the chassis id is chassis.<subtype>, the port id port.<subtype> (subtype mac, ip,
# local, ifname, ifalias, unhandled), SysName chassis.name, PortDescr port.descr; the neighbors of one interface follow
# each other, each beginning with its via line). Without lldpcli, or when it fails, nothing is printed, one line goes
# to stderr and the exit status is 0: the textfile then holds no neighbors rather than stale ones. Run it every minute
# and move its output into the textfile directory, e.g.
#   railscope-lldp-neighbors.sh > "$DIR/lldp-neighbors.prom.$$" && mv "$DIR/lldp-neighbors.prom.$$" "$DIR/lldp-neighbors.prom"
# SYSFS names another sysfs root, LLDPCLI another command printing that output, e.g. LLDPCLI="cat neighbors.txt" (tests).
set -u
sysfs=${SYSFS:-/sys}
lldpcli=${LLDPCLI:-lldpcli -f keyvalue show neighbors details}
me=${0##*/}

set -f
# shellcheck disable=SC2086 # the command is split into its words
set -- $lldpcli
set +f
if ! command -v "${1:-}" >/dev/null 2>&1; then
    echo "$me: ${1:-lldpcli} not found, no LLDP neighbors written" >&2
    exit 0
fi

# device<TAB>port<TAB>interface of every RDMA port that has a network interface
ports=""
tab='	'
nl='
'
for hca in "$sysfs"/class/infiniband/*; do
    [ -d "$hca" ] || continue
    for port in "$hca"/ports/*; do
        [ -d "$port" ] || continue
        number=${port##*/}
        netdev=$(cat "$port/gid_attrs/ndevs/0" 2>/dev/null || true)
        if [ -z "$netdev" ] && [ "$number" = 1 ]; then
            for net in "$hca"/device/net/*; do
                [ -d "$net" ] && netdev=${net##*/} && break
            done
        fi
        if [ -n "$netdev" ]; then
            ports="$ports${hca##*/}$tab$number$tab$netdev$nl"
        fi
    done
done

if ! neighbors=$("$@"); then
    echo "$me: $lldpcli failed, no LLDP neighbors written" >&2
    exit 0
fi

lines=$(printf '%s\n' "$neighbors" | ports="$ports" LC_ALL=C awk '
function escape(value,    out, i, c) {
    out = ""
    for (i = 1; i <= length(value); i++) {
        c = substr(value, i, 1)
        if (c == "\\") {
            c = "\\\\"
        } else if (c == "\"") {
            c = "\\\""
        } else if (c == "\n") {
            c = "\\n"
        }
        out = out c
    }
    return out
}

function field(s, key, value,    what) {
    if (key == "via") {
        via[s]++
        return
    }
    if (via[s] > 1) {
        return
    }
    if (substr(key, 1, 8) == "chassis.") {
        what = substr(key, 9)
        if (what == "name") {
            if (!(s in systemName)) systemName[s] = value
        } else if ((what in subtype) && !(s in chassisId)) {
            chassisId[s] = value
        }
    } else if (substr(key, 1, 5) == "port.") {
        what = substr(key, 6)
        if (what == "descr") {
            if (!(s in portDescription)) portDescription[s] = value
        } else if ((what in subtype) && !(s in portId)) {
            portId[s] = value
        }
    }
}

BEGIN {
    n = 0
    interfaces = 0
    split("mac ip local ifname ifalias unhandled unknown", words, " ")
    for (w in words) subtype[words[w]] = 1
    count = split(ENVIRON["ports"], rows, "\n")
    for (r = 1; r <= count; r++) {
        if (split(rows[r], f, "\t") != 3) continue
        n++
        device[n] = f[1]
        port[n] = f[2]
        interface[n] = f[3]
        if (!(f[3] in known)) {
            known[f[3]] = 1
            interfaces++
            wanted[interfaces] = f[3]
        }
    }
}

# an interface name may hold dots (eth2.100): a line is about interface <s> when it reads lldp.<s>.<path>=<value>,
# with a <path> read here (lldp.eth2.100.via is no "via" of eth2)
substr($0, 1, 5) == "lldp." {
    for (i = 1; i <= interfaces; i++) {
        prefix = wanted[i] "."
        if (substr($0, 6, length(prefix)) != prefix) continue
        rest = substr($0, 6 + length(prefix))
        eq = index(rest, "=")
        if (eq > 0) field(wanted[i], substr(rest, 1, eq - 1), substr(rest, eq + 1))
    }
}

END {
    for (r = 1; r <= n; r++) {
        s = interface[r]
        if (!(s in chassisId) && !(s in portId)) continue
        printf "railscope_rdma_port_lldp_neighbor_info{device=\"%s\",port=\"%s\",interface=\"%s\",chassis_id=\"%s\",system_name=\"%s\",port_id=\"%s\",port_description=\"%s\"} 1\n", escape(device[r]), escape(port[r]), escape(s), escape(chassisId[s]), escape(systemName[s]), escape(portId[s]), escape(portDescription[s])
    }
}')

printf '# HELP railscope_rdma_port_lldp_neighbor_info LLDP neighbor of the network interface of an RDMA port.\n'
printf '# TYPE railscope_rdma_port_lldp_neighbor_info gauge\n'
if [ -n "$lines" ]; then
    printf '%s\n' "$lines"
fi
