package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A cell's Kubernetes API for tests: the fabric8 mock server in CRUD mode on 127.0.0.1, loaded with
 * the fixture files of {@code testdata/kube/}. A test class that reads many cells one after another takes them from a
 * {@link Pool}, which hands out a server no other case is using, emptied of the previous case's objects.
 */
public final class MockCell implements AutoCloseable {

    public static final List<String> FIXTURES = List.of(
            "nodes.yaml",
            "ciliumnodes.yaml",
            "cilium-config.yaml",
            "pods.yaml",
            "nv-ipam.yaml",
            "whereabouts.yaml",
            "network-attachments.yaml",
            "services.yaml",
            "events.yaml",
            "multus-config.yaml");
    /** Kinds Railscope does not read but real cells hold, so that fixtures copied from them load. */
    private static final List<ResourceDefinitionContext> FOREIGN = List.of(
            new ResourceDefinitionContext.Builder()
                    .withGroup("whereabouts.cni.cncf.io")
                    .withVersion("v1alpha1")
                    .withKind("OverlappingRangeIPReservation")
                    .withPlural("overlappingrangeipreservations")
                    .withNamespaced(true)
                    .build(),
            Resources.CALICO_IPPOOL,
            Resources.CALICO_IPAM_BLOCK,
            Resources.SERVICE_CIDR_VERSIONS.get(1),
            Resources.SERVICE_CIDR_VERSIONS.get(2));

    private static final List<ResourceDefinitionContext> CUSTOM = List.of(
            Resources.CILIUM_NODE,
            Resources.CILIUM_POD_IP_POOL_V2,
            Resources.CILIUM_POD_IP_POOL,
            Resources.NV_IPAM_IPPOOL,
            Resources.NV_IPAM_CIDRPOOL,
            Resources.WHEREABOUTS_IPPOOL,
            Resources.NETWORK_ATTACHMENT,
            Resources.SERVICE_CIDR);

    /** A custom resource's collection: {@code /apis/<group>/<version>[/namespaces/<ns>]/<plural>}. */
    private static final Pattern CUSTOM_PATH =
            Pattern.compile("/apis/([^/]+)/([^/]+)/(?:namespaces/[^/]+/)?([^/?]+)(?:[/?].*)?");

    /** Versions a real API server of these cells serves only once a cell's objects are written in them. */
    private static final List<ResourceDefinitionContext> SERVED_WHEN_USED = List.of(Resources.CILIUM_POD_IP_POOL_V2);

    private static final Pattern LOG_PATH = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/log\\?(.*)");

    /**
     * The mock server logs every request it answers at INFO: ten thousand lines a test run, none of which says more
     * than a failing test's own message.
     */
    private static final Logger REQUEST_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    static {
        REQUEST_LOG.setLevel(Level.WARNING);
    }

    /**
     * The clients' JSON and YAML mapping, shared: a client of its own builds Jackson's (de)serializers for every model
     * class it meets anew, most of what a short test spends in the client. It holds no objects, only how to map them.
     */
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private static final List<CustomResourceDefinitionContext> CONTEXTS =
            Stream.concat(CUSTOM.stream(), FOREIGN.stream()).map(MockCell::crd).toList();

    private final KubernetesMockServer server;
    /** The pool the cell goes back to when closed; null for a cell of its own, shut down when closed. */
    private final Pool pool;
    /** A pooled cell's client is the lease's: made when leased, closed with its watches when given back. */
    private volatile KubernetesClient client;
    /** Whether a case holds the cell now: a pooled cell goes back to its pool once, on the first close. */
    private final AtomicBoolean leased = new AtomicBoolean(true);

    private final Map<String, byte[]> logs = new ConcurrentHashMap<>();
    private final AtomicInteger logRequests = new AtomicInteger();
    private final Map<String, Integer> logRequestsByPod = new ConcurrentHashMap<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private volatile MockWatches watches = new MockWatches();
    private volatile MockExecs execs = new MockExecs();
    private final Set<String> served = ConcurrentHashMap.newKeySet();

    private MockCell() {
        this(null);
    }

    private MockCell(Pool pool) {
        this.pool = pool;
        server = new KubernetesMockServer(
                new Context(),
                new MockWebServer(),
                new HashMap<>(),
                new KubernetesCrudDispatcher(CONTEXTS) {
                    @Override
                    public MockResponse dispatch(RecordedRequest request) {
                        MockResponse watched = watches.intercept(request);
                        if (watched != null) {
                            return watched;
                        }
                        MockResponse exec = execs.intercept(request);
                        if (exec != null) {
                            return exec;
                        }
                        if (unserved(request.getPath())) {
                            return new MockResponse()
                                    .setResponseCode(404)
                                    .setBody(
                                            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"NotFound\",\"code\":404,"
                                                    + "\"message\":\"the server could not find the requested resource\"}");
                        }
                        if (refused.stream().anyMatch(request.getPath()::startsWith)) {
                            return new MockResponse()
                                    .setResponseCode(403)
                                    .setBody(
                                            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"Forbidden\",\"code\":403,"
                                                    + "\"message\":\"forbidden: User cannot list resource\"}");
                        }
                        Matcher log = LOG_PATH.matcher(request.getPath());
                        return log.matches()
                                ? podLog(log.group(1), log.group(2), log.group(3))
                                : super.dispatch(request);
                    }

                    @Override
                    public MockResponse handleWatch(String path) {
                        return watches.kept(path, super.handleWatch(path));
                    }
                },
                false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        // a loaded machine may take seconds to open an exec or watch socket: more than the client's default 10 s would
        // fail a test on its machine, not on Railscope
        client = newClient();
        serveInitially();
    }

    private KubernetesClient newClient() {
        return server.createClient(builder -> {
            builder.editOrNewConfig().withRequestTimeout(30_000).endConfig().withKubernetesSerialization(SERIALIZATION);
            if (pool != null) {
                builder.withHttpClientFactory(new VertxHttpClientFactory(pool.clientVertx));
            }
        });
    }

    private void serveInitially() {
        Stream.concat(CUSTOM.stream(), FOREIGN.stream())
                .filter(context -> !SERVED_WHEN_USED.contains(context))
                .forEach(context -> served.add(key(context)));
    }

    /**
     * Back to what a new cell is: the lease's client closed (and with it whatever it still watched), no objects, every
     * kind served as at the start, nothing refused, no pod logs or exec answers, counts at zero and open watches
     * dropped. The server stays.
     */
    private void reset() {
        client.close();
        watches.drop();
        server.reset();
        // the CRUD dispatcher's reset forgets the custom kinds it was made with too
        CONTEXTS.forEach(server::expectCustomResource);
        watches = new MockWatches();
        execs = new MockExecs();
        logs.clear();
        logRequests.set(0);
        logRequestsByPod.clear();
        refused.clear();
        served.clear();
        serveInitially();
    }

    private static String key(ResourceDefinitionContext context) {
        return context.getGroup() + "/" + context.getVersion() + "/" + context.getPlural();
    }

    /**
     * A version of a custom kind the cell does not serve: the mock's CRUD mode would list any path as empty, where an
     * API server answers 404.
     */
    private boolean unserved(String path) {
        Matcher custom = CUSTOM_PATH.matcher(path);
        if (!custom.matches()) {
            return false;
        }
        boolean customKind = Stream.concat(CUSTOM.stream(), FOREIGN.stream())
                .anyMatch(context -> context.getGroup().equals(custom.group(1))
                        && context.getPlural().equals(custom.group(3)));
        return customKind && !served.contains(custom.group(1) + "/" + custom.group(2) + "/" + custom.group(3));
    }

    /** A mock cell loaded with these fixture files (resource paths). */
    public static MockCell with(String... fixtures) throws IOException {
        MockCell cell = new MockCell();
        for (String fixture : fixtures) {
            cell.load(fixture);
        }
        return cell;
    }

    /** A mock cell loaded with every fixture file. */
    public static MockCell loaded() throws IOException {
        MockCell cell = new MockCell();
        for (String fixture : FIXTURES) {
            cell.load("testdata/kube/" + fixture);
        }
        return cell;
    }

    /** Answers 403 Forbidden to every request whose path starts with {@code pathPrefix}, as an API server under a narrower role would. */
    public void refuse(String pathPrefix) {
        refused.add(pathPrefix);
    }

    /** The cell's lists and watches: counted, and watches expired or dropped on demand. */
    public MockWatches watches() {
        return watches;
    }

    /** The commands the cell's pods run through {@code pods/exec}. */
    public MockExecs execs() {
        return execs;
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

    /** Serves this text as the log of a container, as the API server would (honouring limitBytes). */
    public void podLog(String namespace, String pod, String container, byte[] text) {
        logs.put(namespace + "/" + pod + "/" + container, text);
    }

    /** How many container logs were requested. */
    public int logRequests() {
        return logRequests.get();
    }

    /** How many times each pod's log was requested, by namespace/pod. */
    public Map<String, Integer> logRequestsByPod() {
        return Map.copyOf(logRequestsByPod);
    }

    private MockResponse podLog(String namespace, String pod, String query) {
        logRequests.incrementAndGet();
        logRequestsByPod.merge(namespace + "/" + pod, 1, Integer::sum);
        Map<String, String> parameters = new HashMap<>();
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                parameters.put(
                        pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        byte[] text = logs.get(namespace + "/" + pod + "/" + parameters.getOrDefault("container", ""));
        if (text == null) {
            return new MockResponse()
                    .setResponseCode(404)
                    .setBody(
                            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"container not found\",\"code\":404}");
        }
        int limit = parameters.containsKey("limitBytes") ? Integer.parseInt(parameters.get("limitBytes")) : text.length;
        return new MockResponse().setResponseCode(200).setBody(Arrays.copyOf(text, Math.min(limit, text.length)));
    }

    public void load(String resource) throws IOException {
        try (InputStream in = MockCell.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no fixture " + resource);
            }
            load(in);
        }
    }

    /** A mock cell loaded with the objects of this file. */
    public static MockCell withFile(Path objects) throws IOException {
        MockCell cell = new MockCell();
        cell.loadFile(objects);
        return cell;
    }

    private void loadFile(Path objects) throws IOException {
        try (InputStream in = Files.newInputStream(objects)) {
            load(in);
        }
    }

    private void load(InputStream in) {
        for (HasMetadata item : client.load(in).items()) {
            create(item);
        }
    }

    private void create(HasMetadata item) {
        ResourceDefinitionContext context = Stream.concat(CUSTOM.stream(), FOREIGN.stream())
                .filter(c -> c.getKind().equals(item.getKind())
                        && item.getApiVersion().equals(c.getGroup() + "/" + c.getVersion()))
                .findFirst()
                .orElse(null);
        if (context == null) {
            client.resource(item).create();
            return;
        }
        served.add(key(context));
        GenericKubernetesResource generic = item instanceof GenericKubernetesResource resource
                ? resource
                : client.getKubernetesSerialization().convertValue(item, GenericKubernetesResource.class);
        var resources = client.genericKubernetesResources(context);
        if (context.isNamespaceScoped()) {
            // as kubectl apply does, an object posted without a namespace goes to "default"
            String namespace = generic.getMetadata().getNamespace() == null
                    ? "default"
                    : generic.getMetadata().getNamespace();
            resources.inNamespace(namespace).resource(generic).create();
        } else {
            resources.resource(generic).create();
        }
    }

    /** Shuts the cell down, or gives a pooled cell back to its pool (once, however often it is closed). */
    @Override
    public void close() {
        if (pool == null) {
            destroy();
        } else if (leased.compareAndSet(true, false)) {
            pool.giveBack(this);
        }
    }

    private void destroy() {
        client.close();
        server.destroy();
    }

    /**
     * Cells reused from case to case, for a test class that reads many: making a mock server and its client costs more
     * than a case's reading. A cell is leased to one case at a time and emptied when given back, so a case sees its
     * own objects alone, as with a cell of its own; cases that run at once lease different cells.
     */
    public static final class Pool implements AutoCloseable {

        private final Queue<MockCell> idle = new ConcurrentLinkedQueue<>();
        private final Queue<MockCell> made = new ConcurrentLinkedQueue<>();
        /** The event loops of the leases' clients, made once rather than by every client. */
        private final Vertx clientVertx = Vertx.vertx();
        /** Cells leased now, at most as many as permits. */
        private final Semaphore leases;

        /**
         * A pool of at most {@code size} cells: a case that finds them all leased waits for one. The client's blocking
         * calls let JUnit's workers run many more cases at once than it has threads; each would otherwise start a
         * server of its own.
         */
        public Pool(int size) {
            leases = new Semaphore(size);
        }

        /** A cell only the caller uses until it closes it, holding the objects of this file alone. */
        public MockCell withFile(Path objects) throws IOException {
            leases.acquireUninterruptibly();
            MockCell cell;
            try {
                cell = idle.poll();
                if (cell == null) {
                    cell = new MockCell(this);
                    made.add(cell);
                } else {
                    cell.client = cell.newClient();
                    cell.leased.set(true);
                }
            } catch (RuntimeException e) {
                leases.release();
                throw e;
            }
            try {
                cell.loadFile(objects);
            } catch (IOException | RuntimeException e) {
                cell.close();
                throw e;
            }
            return cell;
        }

        private void giveBack(MockCell cell) {
            try {
                cell.reset();
                idle.add(cell);
            } catch (RuntimeException e) {
                // a cell that did not empty is not handed out again
                made.remove(cell);
                cell.destroy();
                throw e;
            } finally {
                leases.release();
            }
        }

        /** Shuts every cell of the pool down. */
        @Override
        public void close() {
            made.forEach(MockCell::destroy);
            made.clear();
            idle.clear();
            clientVertx.close();
        }
    }

    private static CustomResourceDefinitionContext crd(ResourceDefinitionContext context) {
        return new CustomResourceDefinitionContext.Builder()
                .withGroup(context.getGroup())
                .withVersion(context.getVersion())
                .withKind(context.getKind())
                .withPlural(context.getPlural())
                .withScope(context.isNamespaceScoped() ? "Namespaced" : "Cluster")
                .build();
    }
}
