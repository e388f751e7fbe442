package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.railscope.config.AuditSettings;
import io.railscope.config.CellConfig;
import io.railscope.config.IpamSettings;
import io.railscope.source.FailingEndpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cell whose API server cannot be read says so in a user's words, against a local server that fails exactly that
 * way: the server, the kubeconfig and context, and the cause; never the token.
 */
@Execution(ExecutionMode.CONCURRENT)
class KubernetesErrorsTest {

    private static final String TOKEN = "rs-error-token-51c2";
    private static FailingEndpoints endpoints;

    @BeforeAll
    static void start() throws IOException {
        endpoints = new FailingEndpoints();
    }

    @AfterAll
    static void stop() {
        endpoints.close();
    }

    static Stream<Arguments> failures() throws IOException {
        String local = "http://" + endpoints.http();
        return Stream.of(
                Arguments.of("refused", "https://" + FailingEndpoints.refused(), "connection refused"),
                Arguments.of(
                        "not resolved",
                        "https://" + FailingEndpoints.UNRESOLVED + ":6443",
                        "name not resolved: " + FailingEndpoints.UNRESOLVED),
                Arguments.of("TLS", "https://" + endpoints.plaintext(), "TLS failure"),
                Arguments.of(
                        "401",
                        local + "/k8s-unauthorized",
                        "401 Unauthorized: the API server did not accept the credentials"),
                Arguments.of(
                        "403",
                        local + "/k8s-forbidden",
                        "403 Forbidden: the credentials may not list nodes; grant it in Railscope's ClusterRole"),
                Arguments.of("timeout", local + "/silent", "no answer in time"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void theErrorNamesTheServerTheKubeconfigAndTheCause(String title, String server, String cause) throws IOException {
        Path kubeconfig = Files.createTempFile("railscope-errors", ".kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "%s"}}]
                users: [{name: u, user: {token: %s}}]
                contexts: [{name: prod-east, context: {cluster: c, user: u}}]
                current-context: prod-east
                """.formatted(server, TOKEN));
        CellConfig.Kubernetes kubernetes =
                new CredentialsNotShownTest.Kubernetes(Optional.empty(), Optional.of(kubeconfig.toString()), false);
        var client = KubernetesClients.create(kubernetes, Duration.ofMillis(1500));
        try {
            KubernetesIpamSource source = new KubernetesIpamSource(
                    client,
                    IpamSettings.defaults(),
                    AuditSettings.defaults(),
                    8,
                    Clock.systemUTC(),
                    KubernetesClients.where(kubernetes, client));
            Throwable error = catchThrowable(source::fetchKubernetes);
            assertThat(error).isNotNull();
            assertThat(error.getMessage())
                    .startsWith("Kubernetes API " + server.replaceAll("/+$", ""))
                    .contains("kubeconfig " + kubeconfig, "context prod-east", cause)
                    .doesNotContain(TOKEN);
            // the exporters of a cell whose node_exporter pods are found through the same API
            ExporterDiscovery discovery = new ExporterDiscovery(
                    client, "app=node-exporter", 9100, KubernetesClients.where(kubernetes, client));
            assertThat(catchThrowable(discovery::targets).getMessage())
                    .startsWith("Kubernetes API " + server.replaceAll("/+$", ""))
                    .contains(
                            "context prod-east",
                            "(finding node_exporter pods by metrics.exporter-selector app=node-exporter)",
                            cause.replace("list nodes", "list pods"))
                    .doesNotContain(TOKEN);
            source.close();
        } finally {
            client.close();
        }
    }
}
