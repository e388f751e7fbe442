package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.railscope.config.IpamSettings;
import io.railscope.model.PoolKind;
import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import io.railscope.source.ipam.ClusterObjects.CiliumPodIpPool;
import io.railscope.source.ipam.ClusterObjects.ClusterPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a cell's CNI hands out per-node blocks, read once per collection: Cilium's mode and pools
 * (the {@code kube-system/cilium-config} ConfigMap, CiliumPodIPPools), the cluster pool (configured,
 * Cilium's, or kubeadm's podSubnet), and whether Calico runs its own IPAM.
 */
final class CniConfigReader {

    /** The release in an image reference: {@code cilium:v1.16.5}, {@code cilium:v1.17.0-rc.1@sha256:…}. */
    private static final Pattern IMAGE_TAG = Pattern.compile("(?:^|/)cilium:(v?\\d+\\.\\d+[^@\\s]*)");

    private static final Pattern POD_SUBNET = Pattern.compile("(?m)^\\s*podSubnet:\\s*\"?([^\"\\s]+)");

    private final KubernetesClient client;
    private final IpamSettings ipam;
    private final List<String> problems;
    private Map<String, String> ciliumConfig;
    private final CalicoIpamReader calico;

    CniConfigReader(KubernetesClient client, IpamSettings ipam, List<String> problems) {
        this.client = client;
        this.ipam = ipam;
        this.problems = problems;
        this.calico = new CalicoIpamReader(client, problems);
    }

    /** Cilium's IPAM settings when Cilium is the cell's CNI; the defaults are the agent's (option/config.go). */
    Optional<CiliumConfig> cilium() {
        Map<String, String> data = ciliumConfigData();
        if (data == null) {
            return Optional.empty();
        }
        String mode = data.getOrDefault("ipam", "cluster-pool").trim();
        boolean health = !"false"
                .equalsIgnoreCase(data.getOrDefault("enable-endpoint-health-checking", "true")
                        .trim());
        return Optional.of(new CiliumConfig(
                mode,
                health,
                data.getOrDefault("ipam-default-ip-pool", "default").trim(),
                agentVersion()));
    }

    /**
     * The Cilium agent's release from the tag of its DaemonSet's image ({@code quay.io/cilium/cilium:v1.16.5@sha256:…}
     * → {@code v1.16.5}); null when the DaemonSet is elsewhere, refused or tagged otherwise.
     */
    private String agentVersion() {
        return GrantedRead.of(
                        "DaemonSet kube-system/cilium",
                        "get on daemonsets.apps named cilium",
                        "Cilium's version is unknown meanwhile: version-dependent counts follow the newest release",
                        problems,
                        () -> client.apps()
                                .daemonSets()
                                .inNamespace("kube-system")
                                .withName("cilium")
                                .get())
                .flatMap(daemonSet -> daemonSet.getSpec().getTemplate().getSpec().getContainers().stream()
                        .map(container -> container.getImage())
                        .map(image -> IMAGE_TAG.matcher(image == null ? "" : image))
                        .filter(Matcher::find)
                        .map(tag -> tag.group(1))
                        .findFirst())
                .orElse(null);
    }

    private Map<String, String> ciliumConfigData() {
        if (ciliumConfig == null) {
            ConfigMap config = client.configMaps()
                    .inNamespace("kube-system")
                    .withName("cilium-config")
                    .get();
            ciliumConfig = config == null || config.getData() == null ? Map.of() : config.getData();
        }
        return ciliumConfig.isEmpty() ? null : ciliumConfig;
    }

    /** Calico's IPAM: its IPPools and the blocks claimed from them. */
    CalicoIpamReader calico() {
        return calico;
    }

    /**
     * The pool per-node blocks are cut from: configured; Cilium's cluster pool; Calico's enabled IPv4 IPPools,
     * where Calico runs its own IPAM; else, where blocks are
     * Node.spec.podCIDRs, kube-controller-manager's --cluster-cidr as kubeadm records it (podSubnet) at its
     * default IPv4 --node-cidr-mask-size of 24.
     */
    Optional<ClusterPool> clusterPool(Optional<CiliumConfig> cilium) {
        if (!ipam.clusterPoolCidrs().isEmpty()) {
            return Optional.of(new ClusterPool(
                    ipam.clusterPoolCidrs(), ipam.clusterPoolMask().orElseThrow(), PoolKind.CONFIGURED));
        }
        Map<String, String> data = ciliumConfigData();
        if (data == null || data.get("cluster-pool-ipv4-cidr") == null) {
            if (cilium.isEmpty() && calico.present()) {
                return calico.clusterPool();
            }
            return cilium.isEmpty() || "kubernetes".equals(cilium.get().ipamMode())
                    ? kubeadmPodSubnet()
                    : Optional.empty();
        }
        List<String> cidrs = List.of(data.get("cluster-pool-ipv4-cidr").trim().split("[\\s,]+"));
        try {
            int mask = Integer.parseInt(
                    data.getOrDefault("cluster-pool-ipv4-mask-size", "24").trim());
            return Optional.of(new ClusterPool(cidrs, mask, PoolKind.CILIUM_CLUSTER_POOL));
        } catch (NumberFormatException e) {
            problems.add(
                    "ConfigMap kube-system/cilium-config: cluster-pool-ipv4-mask-size is not a number; cluster pool unknown");
            return Optional.empty();
        }
    }

    private Optional<ClusterPool> kubeadmPodSubnet() {
        ConfigMap config = GrantedRead.of(
                        "ConfigMap kube-system/kubeadm-config",
                        "get on it",
                        "Set ipam.cluster-pool-cidrs; the cluster pool " + "is unknown meanwhile",
                        problems,
                        () -> client.configMaps()
                                .inNamespace("kube-system")
                                .withName("kubeadm-config")
                                .get())
                .orElse(null);
        String clusterConfiguration = config == null || config.getData() == null
                ? null
                : config.getData().get("ClusterConfiguration");
        Matcher podSubnet = clusterConfiguration == null ? null : POD_SUBNET.matcher(clusterConfiguration);
        if (podSubnet == null || !podSubnet.find()) {
            return Optional.empty();
        }
        List<String> cidrs = List.of(podSubnet.group(1).split(",")).stream()
                .map(String::strip)
                .filter(cidr -> !cidr.contains(":"))
                .toList();
        return cidrs.isEmpty()
                ? Optional.empty()
                : Optional.of(new ClusterPool(cidrs, 24, PoolKind.KUBEADM_POD_SUBNET));
    }

    /** The multi-pool pools, when Cilium runs in multi-pool mode. */
    List<CiliumPodIpPool> ciliumPools(Optional<CiliumConfig> cilium, CustomResources custom) {
        List<CiliumPodIpPool> pools = new ArrayList<>();
        if (cilium.filter(CiliumConfig::multiPool).isPresent()) {
            GrantedRead.of(
                    "CiliumPodIPPools",
                    "list ciliumpodippools.cilium.io",
                    "The multi-pool pools are not shown meanwhile",
                    problems,
                    () -> {
                        Consumer<GenericKubernetesResource> read = resource -> pools.add(new CiliumPodIpPool(
                                resource.getMetadata().getName(),
                                poolCidrs(resource.get("spec", "ipv4", "cidrs")),
                                Resources.integer(resource.get("spec", "ipv4", "maskSize"), "spec.ipv4.maskSize")));
                        return custom.each(Resources.CILIUM_POD_IP_POOL_V2, read)
                                || custom.each(Resources.CILIUM_POD_IP_POOL, read);
                    });
        }
        return pools;
    }

    /**
     * A pool's {@code spec.ipv4.cidrs}: strings in cilium.io/v2alpha1, objects {@code {cidr, reservedRange}} in v2
     * (pkg/k8s/apis/cilium.io/v2/ippool_types.go, whose UnmarshalJSON takes both; an API server that does not convert
     * between the versions returns a stored object as it was written, in either form).
     */
    static List<String> poolCidrs(Object cidrs) {
        List<String> read = new ArrayList<>();
        for (Object cidr : Resources.list(cidrs)) {
            Object value = cidr instanceof Map<?, ?> object ? object.get("cidr") : cidr;
            if (value != null) {
                read.add(value.toString());
            }
        }
        return read;
    }

    /** Reads each object of a custom resource; false when the API does not serve it. */
    @FunctionalInterface
    interface CustomResources {
        boolean each(ResourceDefinitionContext context, Consumer<GenericKubernetesResource> each);
    }
}
