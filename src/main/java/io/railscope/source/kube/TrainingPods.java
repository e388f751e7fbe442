package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.railscope.source.json.ClusterJson;
import io.railscope.source.nccl.TrainingPod;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The pods of a cell's training jobs: every pod carrying one of the job labels (listed with an
 * exists selector per label, so only training pods travel), with what they asked for and got on
 * the backend network.
 */
final class TrainingPods {

    static final String NETWORKS = "k8s.v1.cni.cncf.io/networks";
    static final Pattern RAIL_RESOURCE = Pattern.compile("nvidia\\.com/.*rail.*|rdma/.*");

    private final KubernetesClient client;
    private final List<String> jobLabels;

    TrainingPods(KubernetesClient client, List<String> jobLabels) {
        this.client = client;
        this.jobLabels = List.copyOf(jobLabels);
    }

    List<TrainingPod> list() {
        List<TrainingPod> pods = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String label : jobLabels) {
            Pages.forEach(
                    options -> client.pods().inAnyNamespace().withLabel(label).list(options), (Pod pod) -> {
                        if (seen.add(pod.getMetadata().getNamespace()
                                + '/'
                                + pod.getMetadata().getName())) {
                            pods.add(of(pod, jobLabels));
                        }
                    });
        }
        return pods;
    }

    static TrainingPod of(Pod pod, List<String> jobLabels) {
        var metadata = pod.getMetadata();
        Map<String, String> labels = metadata.getLabels() == null ? Map.of() : metadata.getLabels();
        Map<String, String> annotations = metadata.getAnnotations() == null ? Map.of() : metadata.getAnnotations();
        String jobLabel =
                jobLabels.stream().filter(labels::containsKey).findFirst().orElse(null);
        List<Container> containers = pod.getSpec() == null || pod.getSpec().getContainers() == null
                ? List.of()
                : pod.getSpec().getContainers();
        String ibHca = env(containers, "NCCL_IB_HCA");
        int requested =
                Math.max(railResources(containers), Math.max(networks(annotations.get(NETWORKS)), hcaCount(ibHca)));
        String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return new TrainingPod(
                metadata.getNamespace(),
                metadata.getName(),
                jobLabel == null ? metadata.getName() : labels.get(jobLabel),
                jobLabel,
                node,
                phase,
                requested,
                backendInterfaces(annotations.get(NetworkStatus.ANNOTATION)),
                env(containers, "NCCL_DEBUG"),
                ibHca,
                env(containers, "NCCL_SOCKET_IFNAME"),
                runs(pod),
                PodAddresses.of(pod),
                env(containers, "NCCL_RAS_ADDR"),
                ncclContainer(containers));
    }

    private static String ncclContainer(List<Container> containers) {
        return containers.stream()
                .filter(container -> container.getEnv() != null
                        && container.getEnv().stream()
                                .anyMatch(var ->
                                        var.getName() != null && var.getName().startsWith("NCCL_")))
                .findFirst()
                .or(() -> containers.stream().findFirst())
                .map(Container::getName)
                .orElse(null);
    }

    private static int railResources(List<Container> containers) {
        int most = 0;
        for (Container container : containers) {
            if (container.getResources() == null) {
                continue;
            }
            Map<String, Quantity> asked = container.getResources().getLimits() != null
                            && !container.getResources().getLimits().isEmpty()
                    ? container.getResources().getLimits()
                    : container.getResources().getRequests();
            int sum = 0;
            if (asked != null) {
                for (Map.Entry<String, Quantity> entry : asked.entrySet()) {
                    if (RAIL_RESOURCE.matcher(entry.getKey()).matches()) {
                        try {
                            sum += Quantity.getAmountInBytes(entry.getValue()).intValue();
                        } catch (IllegalArgumentException e) {
                            sum += 1;
                        }
                    }
                }
            }
            most = Math.max(most, sum);
        }
        return most;
    }

    /** Multus networks: {@code a,b@net2,ns/c} or a JSON list of selection objects. */
    static int networks(String annotation) {
        if (annotation == null || annotation.isBlank()) {
            return 0;
        }
        String text = annotation.strip();
        if (text.startsWith("[")) {
            try {
                return ClusterJson.read(text).size();
            } catch (IOException e) {
                return 0;
            }
        }
        return (int)
                Arrays.stream(text.split(",")).filter(name -> !name.isBlank()).count();
    }

    private static int hcaCount(String ibHca) {
        if (ibHca == null || ibHca.isBlank() || ibHca.startsWith("^")) {
            return 0;
        }
        return (int) Arrays.stream(ibHca.replace("=", "").split(","))
                .filter(hca -> !hca.isBlank())
                .count();
    }

    /** Interfaces from {@code network-status} besides the default: {@code net1 (mlx5_3)}; malformed JSON yields none. */
    static List<String> backendInterfaces(String annotation) {
        try {
            return NetworkStatus.attachments(annotation).stream()
                    .map(attachment -> attachment.rdmaDevice() == null
                            ? attachment.iface()
                            : attachment.iface() + " (" + attachment.rdmaDevice() + ")")
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String env(List<Container> containers, String name) {
        for (Container container : containers) {
            if (container.getEnv() == null) {
                continue;
            }
            for (EnvVar var : container.getEnv()) {
                if (name.equals(var.getName()) && var.getValue() != null) {
                    return var.getValue();
                }
            }
        }
        return null;
    }

    private static List<TrainingPod.Container> runs(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
            return List.of();
        }
        List<TrainingPod.Container> runs = new ArrayList<>();
        for (ContainerStatus status : pod.getStatus().getContainerStatuses()) {
            var state = status.getState();
            String started = state == null
                    ? null
                    : state.getRunning() != null
                            ? state.getRunning().getStartedAt()
                            : state.getTerminated() != null
                                    ? state.getTerminated().getStartedAt()
                                    : null;
            boolean finished = state != null && state.getTerminated() != null;
            runs.add(new TrainingPod.Container(
                    status.getName(),
                    status.getContainerID(),
                    started == null ? null : Instant.parse(started),
                    finished));
        }
        return runs;
    }
}
