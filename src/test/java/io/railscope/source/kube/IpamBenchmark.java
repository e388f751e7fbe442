package io.railscope.source.kube;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.railscope.HeapSampler;
import io.railscope.audit.IsolationAudit;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.model.Ipv4Cidr;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.IpamDerivation;
import io.railscope.source.ipam.RailMapping;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * IPAM of a cell of 12,000 nodes and 400,000 pods, derived from prepared API responses: list pages
 * of Nodes, Pods, CiliumNodes, nv-ipam IPPools (one per rail), NADs, Services and the cilium-config
 * ConfigMap are written to files once, served on 127.0.0.1, and read by a real fabric8 client
 * through {@link KubernetesIpamSource}. Run with {@code ./mvnw -B -Pbench test}.
 */
@Tag("bench")
public class IpamBenchmark {

    public static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    public static final int PODS = Integer.getInteger("bench.pods", 400_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 5);
    private static final int PAGE = (int) Pages.SIZE;
    public static final int RAILS = 8;
    /** Every how-many-th pod is a training pod with eight rails (network-status, RDMA resources, IPC_LOCK). */
    private static final int RAIL_PODS_EVERY = Integer.getInteger("bench.rail-pods-every", 4);

    @Test
    void deriveIpamOfTwelveThousandNodesAndFourHundredThousandPods() throws Exception {
        Path directory = Path.of("target", "bench", "kube-api");
        prepare(directory);
        try (PreparedApi api = new PreparedApi(directory)) {
            Config config = new ConfigBuilder(Config.empty())
                    .withMasterUrl(api.url())
                    .withRequestTimeout(60_000)
                    .build();
            try (KubernetesClient client =
                    new KubernetesClientBuilder().withConfig(config).build()) {
                KubernetesIpamSource source = new KubernetesIpamSource(
                        client, IpamSettings.defaults(), AuditSettings.defaults(), RAILS, Clock.systemUTC());
                ClusterObjectReader reader = new ClusterObjectReader(
                        client, IpamSettings.defaults(), AuditSettings.defaults(), Clock.systemUTC());
                IpamDerivation derivation =
                        new IpamDerivation(new RailMapping(RAILS, List.of()), IpamSettings.DEFAULT_STUCK_AFTER);
                KubernetesSnapshot warm = source.fetchKubernetes();
                List<Double> total = new ArrayList<>();
                List<Double> deriveOnly = new ArrayList<>();
                HeapSampler heap = new HeapSampler();
                for (int round = 0; round < ROUNDS; round++) {
                    // every round from a full list, as a first collection or one after a lost watch reads
                    source.idle();
                    long start = System.nanoTime();
                    check(source.fetchKubernetes());
                    total.add((System.nanoTime() - start) / 1e9);
                }
                heap.close();
                // the source keeps the cell it watched: let it go before a second reader lists it again
                source.idle();
                ClusterObjects objects = reader.read();
                reader.close();
                for (int round = 0; round < ROUNDS; round++) {
                    long start = System.nanoTime();
                    derivation.derive(objects);
                    deriveOnly.add((System.nanoTime() - start) / 1e9);
                }
                IsolationAudit audit = new IsolationAudit(AuditSettings.defaults(), new RailMapping(RAILS, List.of()));
                List<Double> auditOnly = new ArrayList<>();
                for (int round = 0; round < ROUNDS; round++) {
                    long start = System.nanoTime();
                    if (!audit.audit(objects.isolation()).isEmpty()) {
                        throw new AssertionError("a clean cell has findings: " + audit.audit(objects.isolation()));
                    }
                    auditOnly.add((System.nanoTime() - start) / 1e9);
                }
                report(total, deriveOnly, auditOnly, heap.peakMiB());
            }
        }
    }

    static void check(KubernetesSnapshot snapshot) {
        if (snapshot.nodes().size() != NODES
                || snapshot.nodeBlocks().size() != NODES
                || snapshot.pools().size() != RAILS + 2) {
            throw new AssertionError("unexpected snapshot: " + snapshot.nodes().size() + " nodes, "
                    + snapshot.pools().size() + " pools");
        }
        var audited = snapshot.isolation().pods();
        if (audited.size() != (PODS + RAIL_PODS_EVERY - 1) / RAIL_PODS_EVERY
                || audited.get(0).attachments().size() != RAILS
                || !snapshot.problems().isEmpty()
                || !snapshot.isolation().multus().orElseThrow().namespaceIsolation()) {
            throw new AssertionError(
                    "unexpected isolation objects: " + audited.size() + " pods, problems " + snapshot.problems());
        }
    }

    private static void report(List<Double> total, List<Double> deriveOnly, List<Double> auditOnly, long peak)
            throws IOException {
        String text = String.format(
                """
                cell: %,d nodes, %,d pods, %d rail pools of %,d node allocations each; pages of %d over HTTP on 127.0.0.1
                read (fabric8, JSON) + derive: min %.2f s, median %.2f s, max %.2f s over %d rounds
                derive alone (from compact objects): median %.3f s
                isolation audit alone (%,d pods with rails): median %.3f s
                peak heap (used heap sampled every 2 ms, JVM -Xmx %d MiB): %d MiB
                """,
                NODES,
                PODS,
                RAILS,
                NODES,
                PAGE,
                Collections.min(total),
                median(total),
                Collections.max(total),
                total.size(),
                median(deriveOnly),
                (PODS + RAIL_PODS_EVERY - 1) / RAIL_PODS_EVERY,
                median(auditOnly),
                Runtime.getRuntime().maxMemory() >> 20,
                peak);
        System.out.println("\n==== Railscope IPAM benchmark ====\n" + text);
        Files.writeString(Path.of("target", "bench", "ipam-" + NODES + ".txt"), text);
    }

    public static void prepare(Path directory) throws IOException {
        Files.createDirectories(directory);
        int podsPerNode = PODS / NODES;
        writePages(directory.resolve("api/v1/nodes"), NODES, i ->
                """
                {"apiVersion":"v1","kind":"Node","metadata":{"name":"gpu-%05d","uid":"%s","labels":{"node.kubernetes.io/gpu-pool":"h100-%s","kubernetes.io/hostname":"gpu-%05d","topology.kubernetes.io/zone":"zone-%d","nvidia.com/gpu.product":"NVIDIA-H100-80GB-HBM3"}},"spec":{"providerID":"aws:///us-east-1a/i-%08x"},"status":{"capacity":{"cpu":"192","memory":"2063731Mi","nvidia.com/gpu":"8","pods":"48"},"allocatable":{"cpu":"190","pods":"48"}}}""".formatted(i, uid(i), i % 2 == 0 ? "a" : "b", i, i % 4, i));
        writePages(directory.resolve("api/v1/pods"), PODS, i -> pod(i, 0));
        StringBuilder policies = new StringBuilder();
        for (int team = 0; team < 7; team++) {
            policies.append(team == 0 ? "" : ",").append("""
                    {"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"name":"default-deny","namespace":"team-%d"},"spec":{"podSelector":{},"policyTypes":["Ingress","Egress"]}}""".formatted(team));
        }
        writeList(directory.resolve("apis/networking.k8s.io/v1/networkpolicies/0.json"), policies.toString(), null);
        Path multus = directory.resolve("api/v1/namespaces/kube-system/configmaps/multus-daemon-config/0.json");
        Files.createDirectories(multus.getParent());
        Files.writeString(multus, """
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"multus-daemon-config","namespace":"kube-system"},"data":{"daemon-config.json":"{\\"namespaceIsolation\\": true}"}}""");
        writePages(directory.resolve("apis/cilium.io/v2/ciliumnodes"), NODES, i ->
                """
                {"apiVersion":"cilium.io/v2","kind":"CiliumNode","metadata":{"name":"gpu-%05d"},"spec":{"ipam":{"podCIDRs":["%s"]}},"status":{"ipam":{"operator-status":{}}}}""".formatted(i, new Ipv4Cidr(Ipv4Cidr.parse("100.64.0.0/10").network() + i * 64, 26)));
        StringBuilder pools = new StringBuilder();
        for (int rail = 1; rail <= RAILS; rail++) {
            Ipv4Cidr subnet = new Ipv4Cidr((10 << 24) | ((128 + 16 * (rail - 1)) << 16), 12);
            StringBuilder allocations = new StringBuilder();
            for (int i = 0; i < NODES; i++) {
                int start = subnet.network() + i * 16 + 1;
                allocations
                        .append(i == 0 ? "" : ",")
                        .append("{\"nodeName\":\"gpu-%05d\",\"startIP\":\"%s\",\"endIP\":\"%s\"}"
                                .formatted(i, Ipv4Cidr.format(start), Ipv4Cidr.format(start + 15)));
            }
            pools.append(rail == 1 ? "" : ",").append("""
                    {"apiVersion":"nv-ipam.nvidia.com/v1alpha1","kind":"IPPool","metadata":{"name":"rail-%d","namespace":"nvidia-network-operator"},"spec":{"subnet":"%s","perNodeBlockSize":16},"status":{"allocations":[%s]}}""".formatted(rail, subnet, allocations));
        }
        writeList(directory.resolve("apis/nv-ipam.nvidia.com/v1alpha1/ippools/0.json"), pools.toString(), null);
        StringBuilder attachments = new StringBuilder();
        for (int rail = 1; rail <= RAILS; rail++) {
            attachments.append(rail == 1 ? "" : ",").append("""
                    {"apiVersion":"k8s.cni.cncf.io/v1","kind":"NetworkAttachmentDefinition","metadata":{"name":"rail-%d","namespace":"default"},"spec":{"config":"{\\"type\\":\\"sriov\\",\\"ipam\\":{\\"type\\":\\"nv-ipam\\",\\"poolName\\":\\"rail-%d\\"}}"}}""".formatted(rail, rail));
        }
        writeList(
                directory.resolve("apis/k8s.cni.cncf.io/v1/network-attachment-definitions/0.json"),
                attachments.toString(),
                null);
        writeList(directory.resolve("apis/networking.k8s.io/v1/servicecidrs/0.json"), """
                {"apiVersion":"networking.k8s.io/v1","kind":"ServiceCIDR","metadata":{"name":"kubernetes"},"spec":{"cidrs":["10.96.0.0/16"]}}""", null);
        writePages(directory.resolve("api/v1/services"), 2000, i -> """
                {"apiVersion":"v1","kind":"Service","metadata":{"name":"svc-%d","namespace":"team-%d"},"spec":{"clusterIP":"%s","clusterIPs":["%s"],"ports":[{"port":80}]}}""".formatted(
                        i,
                        i % 7,
                        Ipv4Cidr.format(Ipv4Cidr.parse("10.96.0.0/16").network() + 1 + i),
                        Ipv4Cidr.format(Ipv4Cidr.parse("10.96.0.0/16").network() + 1 + i)));
        Path config = directory.resolve("api/v1/namespaces/kube-system/configmaps/cilium-config/0.json");
        Files.createDirectories(config.getParent());
        Files.writeString(config, """
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cilium-config","namespace":"kube-system"},"data":{"cluster-pool-ipv4-cidr":"100.64.0.0/10","cluster-pool-ipv4-mask-size":"26"}}""");
    }

    /** Pod {@code i} of the benchmark cell as the API server writes it, its container restarted {@code restarts} times. */
    public static String pod(int i, int restarts) {
        int node = i % NODES;
        int k = i / NODES;
        String ip = Ipv4Cidr.format(Ipv4Cidr.parse("100.64.0.0/10").network() + node * 64 + 2 + k);
        boolean rails = i % RAIL_PODS_EVERY == 0;
        return """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"job-%d-worker-%d","namespace":"team-%d","uid":"%s","creationTimestamp":"2026-11-29T10:00:00Z","labels":{"batch.kubernetes.io/job-name":"job-%d","app":"trainer"},"annotations":{"k8s.v1.cni.cncf.io/networks":"rail-1,rail-2,rail-3,rail-4,rail-5,rail-6,rail-7,rail-8"%s},"ownerReferences":[{"apiVersion":"batch/v1","kind":"Job","name":"job-%d","uid":"%s","controller":true}]},"spec":{"nodeName":"gpu-%05d","containers":[{"name":"main","image":"trainer:1.0","resources":{"limits":{"nvidia.com/gpu":"%s"%s}}%s}],"restartPolicy":"Never"},"status":{"phase":"Running","podIP":"%s","podIPs":[{"ip":"%s"}],"hostIP":"10.0.%d.%d","startTime":"2026-11-29T10:00:05Z","containerStatuses":[{"name":"main","ready":true,"restartCount":%d,"image":"trainer:1.0","imageID":"sha256:abc","state":{"running":{"startedAt":"2026-11-29T10:00:07Z"}}}]}}""".formatted(
                        i / 64,
                        i % 64,
                        k % 7,
                        uid(i),
                        i / 64,
                        rails ? ",\"k8s.v1.cni.cncf.io/network-status\":" + networkStatus(k % 7, node) : "",
                        i / 64,
                        uid(i / 64),
                        node,
                        rails ? "8" : "1",
                        rails ? ",\"nvidia.com/rdma_rail\":\"8\"" : "",
                        rails ? ",\"securityContext\":{\"capabilities\":{\"add\":[\"IPC_LOCK\"]}}" : "",
                        ip,
                        ip,
                        node / 256,
                        node % 256,
                        restarts);
    }

    private static void writePages(Path directory, int count, IntFunction<String> item) throws IOException {
        Files.createDirectories(directory);
        for (int page = 0; page * PAGE < count; page++) {
            StringBuilder items = new StringBuilder();
            for (int i = page * PAGE; i < Math.min(count, (page + 1) * PAGE); i++) {
                items.append(i == page * PAGE ? "" : ",").append(item.apply(i));
            }
            writeList(
                    directory.resolve(page + ".json"),
                    items.toString(),
                    (page + 1) * PAGE < count ? Integer.toString(page + 1) : null);
        }
    }

    private static void writeList(Path file, String items, String next) throws IOException {
        Files.createDirectories(file.getParent());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{"
                    + (next == null ? "" : "\"continue\":\"" + next + "\"") + "},\"items\":[" + items + "]}");
        }
    }

    /** Multus network-status of a pod with eight rails, as a JSON string value (escaped). */
    private static String networkStatus(int team, int node) {
        StringBuilder status = new StringBuilder(
                "[{\"name\":\"cilium\",\"interface\":\"eth0\",\"ips\":[\"100.64.0.9\"],\"default\":true}");
        for (int rail = 1; rail <= RAILS; rail++) {
            status.append(String.format(
                    ",{\"name\":\"team-%d/rail-%d\",\"interface\":\"net%d\",\"ips\":[\"10.%d.%d.%d\"],\"mac\":\"02:00:00:%02x:%02x:%02x\","
                            + "\"mtu\":9000,\"dns\":{},\"device-info\":{\"type\":\"pci\",\"version\":\"1.1.0\",\"pci\":{\"pci-address\":\"0000:%02x:00.1\","
                            + "\"rdma-device\":\"mlx5_%d\"}}}",
                    team,
                    rail,
                    rail,
                    128 + rail,
                    node / 256,
                    node % 256,
                    rail,
                    node / 256,
                    node % 256,
                    rail * 16,
                    rail - 1));
        }
        String json = status.append(']').toString();
        return "\"" + json.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static String uid(int i) {
        return String.format("%08x-0000-4000-8000-%012x", i, (long) i * 7919);
    }

    public static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
