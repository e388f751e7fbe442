package io.railscope.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.runtime.configuration.DurationConverter;
import io.railscope.config.Fleet;
import io.railscope.config.RailscopeConfig;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.source.yaml.YamlConfigSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The deployment files in the repository are complete, read-only where they say so, and their Railscope configuration is valid. */
@Execution(ExecutionMode.CONCURRENT)
class DeploymentFilesTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void kustomizationListsFilesThatExist() throws IOException {
        JsonNode kustomization = YAML.readTree(Path.of("k8s/kustomization.yaml").toFile());
        Set<String> kinds = new HashSet<>();
        for (JsonNode resource : kustomization.get("resources")) {
            Path file = Path.of("k8s", resource.asText());
            assertThat(file).exists();
            kinds.add(YAML.readTree(file.toFile()).get("kind").asText());
        }
        assertThat(kinds)
                .contains(
                        "Deployment",
                        "Service",
                        "ServiceAccount",
                        "ClusterRole",
                        "ClusterRoleBinding",
                        "ConfigMap",
                        "NetworkPolicy");
    }

    @Test
    void clusterRoleOnlyReads() throws IOException {
        JsonNode role = YAML.readTree(Path.of("k8s/clusterrole.yaml").toFile());
        Set<String> verbs = new HashSet<>();
        Set<String> resources = new HashSet<>();
        Set<String> watched = new HashSet<>();
        role.get("rules").forEach(rule -> {
            rule.get("verbs").forEach(verb -> verbs.add(verb.asText()));
            rule.get("resources").forEach(resource -> resources.add(resource.asText()));
            if (rule.get("verbs").toString().contains("watch")) {
                rule.get("resources").forEach(resource -> watched.add(resource.asText()));
            }
        });
        // exactly what the sources read: lists they page through, pod logs and the CNI ConfigMaps by name
        assertThat(verbs).containsOnly("get", "list", "watch");
        // the kinds CellWatches keeps by watch, and only those
        assertThat(watched)
                .containsExactlyInAnyOrder(
                        "nodes",
                        "pods",
                        "events",
                        "services",
                        "networkpolicies",
                        "ciliumnodes",
                        "ippools",
                        "cidrpools",
                        "network-attachment-definitions");
        assertThat(resources)
                .containsExactlyInAnyOrder(
                        "nodes",
                        "pods",
                        "events",
                        "services",
                        "pods/log",
                        "configmaps",
                        "servicecidrs",
                        "ciliumnodes",
                        "ciliumpodippools",
                        "ippools",
                        "ipamblocks",
                        "cidrpools",
                        "network-attachment-definitions",
                        "networkpolicies",
                        "daemonsets");
        role.get("rules").forEach(rule -> {
            if (rule.get("resources").toString().contains("configmaps")) {
                assertThat(rule.get("resourceNames").toString())
                        .isEqualTo(
                                "[\"cilium-config\",\"kubeadm-config\",\"multus-daemon-config\",\"multus-cni-config\"]");
            }
            // the cilium agent's DaemonSet only, for its version
            if (rule.get("resources").toString().contains("daemonsets")) {
                assertThat(rule.get("resourceNames").toString()).isEqualTo("[\"cilium\"]");
                assertThat(rule.get("verbs").toString()).isEqualTo("[\"get\"]");
            }
        });
    }

    @Test
    void execForRasIsGrantedOnlyByItsOwnOptInRole() throws IOException {
        JsonNode kustomization = YAML.readTree(Path.of("k8s/kustomization.yaml").toFile());
        assertThat(kustomization.get("resources").toString()).doesNotContain("clusterrole-ras-exec.yaml");
        List<JsonNode> documents;
        try (var parser = YAML.getFactory()
                .createParser(Path.of("k8s/clusterrole-ras-exec.yaml").toFile())) {
            documents = YAML.readValues(parser, JsonNode.class).readAll();
        }
        JsonNode role = documents.stream()
                .filter(document -> document.get("kind").asText().equals("ClusterRole"))
                .findFirst()
                .orElseThrow();
        assertThat(role.get("rules")).singleElement().satisfies(rule -> {
            assertThat(rule.get("resources").toString()).isEqualTo("[\"pods/exec\"]");
            assertThat(rule.get("verbs").toString()).isEqualTo("[\"create\",\"get\"]");
        });
        JsonNode binding = documents.stream()
                .filter(document -> document.get("kind").asText().equals("ClusterRoleBinding"))
                .findFirst()
                .orElseThrow();
        assertThat(binding.at("/roleRef/name").asText())
                .isEqualTo(role.at("/metadata/name").asText());
        assertThat(binding.at("/subjects/0/name").asText()).isEqualTo("railscope");
    }

    @Test
    void railscopesOwnTrafficIsPolicedBothWays() throws IOException {
        JsonNode policy = YAML.readTree(Path.of("k8s/networkpolicy.yaml").toFile());
        assertThat(policy.get("spec").get("policyTypes").toString()).isEqualTo("[\"Ingress\",\"Egress\"]");
        assertThat(policy.get("spec")
                        .get("ingress")
                        .get(0)
                        .get("ports")
                        .get(0)
                        .get("port")
                        .asInt())
                .isEqualTo(8080);
        JsonNode deployment = YAML.readTree(Path.of("k8s/deployment.yaml").toFile())
                .get("spec")
                .get("template")
                .get("spec");
        assertThat(deployment.get("securityContext").get("runAsNonRoot").asBoolean())
                .isTrue();
        JsonNode container = deployment.get("containers").get(0).get("securityContext");
        assertThat(container.get("readOnlyRootFilesystem").asBoolean()).isTrue();
        assertThat(container.get("allowPrivilegeEscalation").asBoolean()).isFalse();
        assertThat(container.get("capabilities").get("drop").toString()).isEqualTo("[\"ALL\"]");
    }

    @Test
    void composeBringsUpTheWholeLocalStackWithTwoReplicasOnOneDatabase() throws IOException {
        JsonNode services =
                YAML.readTree(Path.of("docker-compose.yml").toFile()).get("services");
        assertThat(services.fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder(
                        "postgres", "railscope-1", "railscope-2", "node-exporter", "prometheus", "alertmanager");
        JsonNode first = services.get("railscope-1");
        JsonNode second = services.get("railscope-2");
        assertThat(Path.of(first.get("build").get("dockerfile").asText())).exists();
        assertThat(second.get("environment").get("QUARKUS_DATASOURCE_JDBC_URL"))
                .isEqualTo(first.get("environment").get("QUARKUS_DATASOURCE_JDBC_URL"));
        assertThat(second.get("environment").get("RAILSCOPE_REPLICAS_NAME"))
                .isNotEqualTo(first.get("environment").get("RAILSCOPE_REPLICAS_NAME"));
        assertThat(second.get("ports")).isNotEqualTo(first.get("ports"));
    }

    @Test
    void threeReplicasOnDifferentNodesAndADrainTakesOneAtATime() throws IOException {
        JsonNode deployment = YAML.readTree(Path.of("k8s/deployment.yaml").toFile());
        assertThat(deployment.at("/spec/replicas").asInt()).isEqualTo(3);
        assertThat(deployment.at("/spec/template/spec/affinity/podAntiAffinity").isMissingNode())
                .isFalse();
        assertThat(deployment.at("/spec/template/spec/containers/0/env").toString())
                .contains("RAILSCOPE_REPLICAS_NAME", "metadata.name");
        JsonNode budget = YAML.readTree(Path.of("k8s/poddisruptionbudget.yaml").toFile());
        assertThat(budget.at("/kind").asText()).isEqualTo("PodDisruptionBudget");
        assertThat(budget.at("/spec/maxUnavailable").asInt()).isEqualTo(1);
        assertThat(budget.at("/spec/selector/matchLabels/app.kubernetes.io~1name")
                        .asText())
                .isEqualTo("railscope");
    }

    @Test
    void shippedRailscopeConfigurationIsValid() throws IOException {
        String configMap = YAML.readTree(Path.of("k8s/configmap.yaml").toFile())
                .get("data")
                .get("application.yaml")
                .asText();
        for (String yaml : new String[] {Files.readString(Path.of("deploy/railscope.yaml")), configMap}) {
            SmallRyeConfig config = new SmallRyeConfigBuilder()
                    .withSources(new YamlConfigSource("shipped", yaml))
                    .withConverter(Duration.class, 200, new DurationConverter())
                    .withMapping(RailscopeConfig.class)
                    .withValidateUnknown(true)
                    .build();
            Fleet fleet = new Fleet(config.getConfigMapping(RailscopeConfig.class));
            assertThat(fleet.cells()).isNotEmpty();
            if (yaml.equals(configMap)) {
                // the audit settings shipped for the cell Railscope runs in reach its audit
                var audit = fleet.cells().get(0).audit();
                assertThat(audit.isSystem("railscope")).isTrue();
                assertThat(audit.isSystem("team-a")).isFalse();
                assertThat(audit.inferenceSelector().matches(Map.of("serving.kserve.io/inferenceservice", "llm")))
                        .isTrue();
                assertThat(audit.expectedMtu()).isEqualTo(9000);
            }
        }
    }
}
