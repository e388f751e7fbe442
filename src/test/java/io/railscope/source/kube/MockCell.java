package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;

/**
 * A cell's Kubernetes API for tests: the fabric8 mock server in CRUD mode on 127.0.0.1, loaded with
 * the fixture files of {@code testdata/kube/}.
 */
public final class MockCell implements AutoCloseable {

    public static final List<String> FIXTURES = List.of("nodes.yaml", "ciliumnodes.yaml", "cilium-config.yaml", "pods.yaml",
            "nv-ipam.yaml", "whereabouts.yaml", "network-attachments.yaml", "services.yaml", "events.yaml");
    private static final List<ResourceDefinitionContext> CUSTOM = List.of(Resources.CILIUM_NODE, Resources.NV_IPAM_IPPOOL,
            Resources.NV_IPAM_CIDRPOOL, Resources.WHEREABOUTS_IPPOOL, Resources.NETWORK_ATTACHMENT, Resources.SERVICE_CIDR);

    private final KubernetesMockServer server;
    private final KubernetesClient client;

    private MockCell() {
        List<CustomResourceDefinitionContext> contexts = CUSTOM.stream().map(MockCell::crd).toList();
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(contexts),
                false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        client = server.createClient();
    }

    /** A mock cell loaded with every fixture file. */
    public static MockCell loaded() throws IOException {
        MockCell cell = new MockCell();
        for (String fixture : FIXTURES) {
            cell.load("testdata/kube/" + fixture);
        }
        return cell;
    }

    public KubernetesClient client() {
        return client;
    }

    /** Writes a kubeconfig file that points at this server, for a cell configured as a user would. */
    public Path writeKubeconfig() throws IOException {
        Path file = Files.createTempFile("railscope-mock-cell", ".kubeconfig");
        Files.writeString(file, """
                apiVersion: v1
                kind: Config
                clusters:
                  - name: mock
                    cluster: {server: "%s", insecure-skip-tls-verify: true}
                users:
                  - name: reader
                    user: {token: test-token}
                contexts:
                  - name: mock
                    context: {cluster: mock, user: reader}
                current-context: mock
                """.formatted(client.getMasterUrl().toString()));
        return file;
    }

    public void load(String resource) throws IOException {
        try (InputStream in = MockCell.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no fixture " + resource);
            }
            for (HasMetadata item : client.load(in).items()) {
                create(item);
            }
        }
    }

    private void create(HasMetadata item) {
        ResourceDefinitionContext context = CUSTOM.stream()
                .filter(c -> c.getKind().equals(item.getKind()) && item.getApiVersion().startsWith(c.getGroup() + "/"))
                .findFirst().orElse(null);
        if (context == null) {
            client.resource(item).create();
            return;
        }
        GenericKubernetesResource generic = item instanceof GenericKubernetesResource resource ? resource
                : client.getKubernetesSerialization().convertValue(item, GenericKubernetesResource.class);
        var resources = client.genericKubernetesResources(context);
        if (context.isNamespaceScoped()) {
            resources.inNamespace(generic.getMetadata().getNamespace()).resource(generic).create();
        } else {
            resources.resource(generic).create();
        }
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }

    private static CustomResourceDefinitionContext crd(ResourceDefinitionContext context) {
        return new CustomResourceDefinitionContext.Builder().withGroup(context.getGroup()).withVersion(context.getVersion())
                .withKind(context.getKind()).withPlural(context.getPlural())
                .withScope(context.isNamespaceScoped() ? "Namespaced" : "Cluster").build();
    }
}
