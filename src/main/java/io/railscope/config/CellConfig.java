package io.railscope.config;

import io.railscope.model.Fault;
import io.railscope.model.IsolationCheck;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Positive;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One cell (one Kubernetes cluster): where its objects and metrics come from, and its rails. */
public interface CellConfig {

    /** Overrides {@code railscope.collect.interval} for this cell. */
    Optional<Duration> interval();

    Kubernetes kubernetes();

    Metrics metrics();

    Rails rails();

    Ipam ipam();

    Nccl nccl();

    Audit audit();

    /** Present when this cell is simulated instead of read from a cluster. */
    Optional<Simulated> simulated();

    interface Kubernetes {
        /** A context of the kubeconfig file. */
        Optional<String> context();

        /** Path of a kubeconfig file; the default search applies when absent. */
        Optional<String> kubeconfig();

        /** Use the service account Railscope runs under. */
        @WithDefault("false")
        boolean inCluster();

        /** Whether any of context, kubeconfig and in-cluster is set. */
        default boolean reached() {
            return inCluster() || context().isPresent() || kubeconfig().isPresent();
        }

        /**
         * Whether Railscope reads this cell's Kubernetes API (IPAM, isolation audit, NCCL jobs). When not set: yes,
         * unless the cell has a {@code metrics} source and no {@code kubernetes} key, which makes it a metrics-only cell.
         */
        Optional<Boolean> enabled();
    }

    interface Metrics {
        /** How many of prometheus-url, targets and exporter-selector are set (one at most is valid). */
        default int sources() {
            return (prometheusUrl().isPresent() ? 1 : 0)
                    + (targets().isPresent() ? 1 : 0)
                    + (exporterSelector().isPresent() ? 1 : 0);
        }

        /** Base URL of a Prometheus-compatible query API (Prometheus, Thanos, Mimir, VictoriaMetrics). */
        Optional<URI> prometheusUrl();

        /**
         * In query mode, a file holding a bearer token sent with every query (Thanos or Prometheus behind an
         * authenticating proxy); read at each collection, so a rotated token is used at once.
         */
        Optional<Path> bearerTokenFile();

        /** In query mode, headers sent with every query, e.g. {@code X-Scope-OrgID} for Mimir's tenant. */
        Map<String, String> headers();

        /** node_exporter endpoints to scrape directly, as host:port. */
        Optional<List<String>> targets();

        /** Label selector of node_exporter pods to discover and scrape. */
        Optional<String> exporterSelector();

        /** Port of the discovered node_exporter pods. */
        @WithDefault("9100")
        @Min(1)
        @Max(65535)
        int exporterPort();

        /** Label matchers every query adds in query mode, e.g. {@code cluster="gpu-west-1"}. */
        Optional<String> selector();

        /** In query mode, the label that names a series' node ({@code instance} when only that identifies it). */
        @WithDefault("node")
        String nodeLabel();

        /** How long one exporter (or one query) may take: to its response headers, and to the end of its body. */
        @WithDefault("10s")
        Duration targetTimeout();

        /** How long connecting to one exporter may take; at most {@link #targetTimeout()}. */
        @WithDefault("3s")
        Duration connectTimeout();

        /** Exporters scraped at the same time. */
        @WithDefault("64")
        @Min(1)
        @Max(1024)
        int scrapeParallelism();
    }

    interface Rails {
        String DEFAULT_DEVICES = "mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7";
        String DEFAULT_EXPECTED_MTU = "9000";

        /** RDMA device per rail: the first entry is rail 1. */
        @WithDefault(DEFAULT_DEVICES)
        @NotEmpty
        List<String> devices();

        /** The rate every rail port should have trained at. */
        @WithDefault("400")
        @Positive
        int expectedGbps();

        /** Backend pool name per rail, first is rail 1; without it pools map by NAD name or their own name. */
        Optional<List<String>> pools();

        /**
         * The number the cell's rail networks start from in their names ({@code rail-0} … {@code rail-7} is 0), so
         * that the first is rail 1; without it, a cell with a rail network numbered 0 counts from 0.
         */
        Optional<@Min(0) @Max(1) Integer> firstIndex();

        /** The MTU of every backend rail (RoCE usually 9000); a rail configured or reported otherwise is a finding. */
        @WithDefault(DEFAULT_EXPECTED_MTU)
        @Min(576)
        @Max(65520)
        int expectedMtu();
    }

    interface Audit {
        String DEFAULT_SYSTEM_NAMESPACES =
                "kube-system,kube-public,kube-node-lease,gpu-operator,nvidia-gpu-operator,nvidia-network-operator,network-operator";
        String DEFAULT_INFERENCE_SELECTOR = "serving.kserve.io/inferenceservice";
        String DEFAULT_MULTUS_CONFIG_MAPS = "kube-system/multus-daemon-config,kube-system/multus-cni-config";

        /** Namespaces of the platform: not tenants, and allowed host networking and privileges. */
        @WithDefault(DEFAULT_SYSTEM_NAMESPACES)
        List<String> systemNamespaces();

        /** Label selector of inference pods, which must have no backend rails. */
        @WithDefault(DEFAULT_INFERENCE_SELECTOR)
        String inferenceSelector();

        /** Namespaces whose NetworkAttachmentDefinitions every tenant may use on purpose. */
        Optional<List<String>> sharedAttachmentNamespaces();

        /** ConfigMaps that may hold the Multus configuration, as namespace/name, tried in order. */
        @WithDefault(DEFAULT_MULTUS_CONFIG_MAPS)
        List<String> multusConfigMaps();

        /** Checks not to run in this cell, as kebab-case names (e.g. namespace-without-default-deny). */
        Optional<List<IsolationCheck>> disabledChecks();
    }

    interface Ipam {
        /** The primary pod pool when the CNI is not Cilium (Cilium's is read from the cilium-config ConfigMap). */
        Optional<List<String>> clusterPoolCidrs();

        /** Prefix length of the per-node blocks cut from {@code cluster-pool-cidrs}. */
        Optional<@Min(8) @Max(30) Integer> clusterPoolMask();

        /** Service ranges when the API serves no ServiceCIDR objects (before Kubernetes 1.33). */
        Optional<List<String>> serviceCidrs();

        /** How long a pod may wait in ContainerCreating before it counts as stuck. */
        @WithDefault("5m")
        Duration stuckAfter();
    }

    interface Nccl {
        String DEFAULT_JOB_LABELS =
                "batch.kubernetes.io/job-name,training.kubeflow.org/job-name,jobset.sigs.k8s.io/jobset-name,"
                        + "leaderworkerset.sigs.k8s.io/name,volcano.sh/job-name";

        /** Pod labels that name a pod's job, tried in order. */
        @WithDefault(DEFAULT_JOB_LABELS)
        @NotEmpty
        List<String> jobLabels();

        /** Bytes of a container's log read at most: NCCL prints its network at init, near the start. */
        @WithDefault("4194304")
        @Min(4096)
        @Max(268435456)
        int logMaxBytes();

        /** Log reads at the same time in this cell. */
        @WithDefault("8")
        @Min(1)
        @Max(256)
        int logParallelism();

        /** How long a container runs before its log is read; a finished container's log is read at once. */
        @WithDefault("1m")
        Duration logAfter();

        /** The largest log accepted at POST /api/v1/cells/{cell}/nccl/logs; HTTP bodies are capped at 16 MiB before that. */
        @WithDefault("8388608")
        @Min(1024)
        @Max(16777216)
        int pushMaxBytes();

        /** The bus bandwidth a healthy job reaches in this cell; learned from its RDMA OK jobs of the same size when absent. */
        Optional<@Positive Double> busbwBaselineGbps();

        /** The fraction of the baseline under which a job is degraded. */
        @WithDefault("0.7")
        @DecimalMin("0.01")
        @DecimalMax("1")
        double busbwTolerance();

        Ras ras();

        /** {@code nccl.ras.}: asking running jobs' NCCL RAS service (NCCL 2.24+) for their status. */
        interface Ras {
            /**
             * Ask at all. The service listens on localhost unless the job sets NCCL_RAS_ADDR (e.g. 0.0.0.0:28028):
             * over TCP only pods that do are asked; through exec every job is.
             */
            @WithDefault("false")
            boolean enabled();

            /** At most once per this per job. */
            @WithDefault("1m")
            Duration interval();

            /** A query's whole time; NCCL is told to wait for its peers a second less. */
            @WithDefault("5s")
            Duration timeout();

            /**
             * {@code tcp}: connect to the pod's address NCCL_RAS_ADDR opens; {@code exec}: run {@link #command()} in
             * the job's container through {@code pods/exec}, which needs that permission.
             */
            @WithDefault("tcp")
            RasSettings.Mode mode();

            /** NCCL's RAS client as the job's image has it (a name on its PATH, or a path), for {@code exec}. */
            @WithDefault(RasSettings.DEFAULT_COMMAND)
            @NotBlank
            String command();
        }
    }

    interface Simulated {
        @Min(1)
        @Max(20000)
        int nodes();

        /** Faults to inject from the start, as kebab-case names; more can be injected at run time. */
        Optional<List<Fault>> faults();

        /** Seed of the cell's random values, so a simulated cell looks the same after a restart. */
        @WithDefault("1")
        long seed();
    }
}
