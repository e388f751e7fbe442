package io.railscope.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.http.RawHttp;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A seeded fuzzer over every route the JAX-RS resources serve: mutated paths (encoded {@code ..}, NUL, overlong
 * segments, bad escapes), query strings, bodies (invalid UTF-8, NUL and bare CR in logs, JSON of the wrong types and
 * dates, {@code 1e308} and {@code Infinity} in forms), headers and content types. No answer may be a 500, and every
 * 4xx says what was wrong: the API as {@code {"error": …}}, the pages as a page.
 */
@QuarkusTest
class EveryBadRequestIsAnsweredTest {

    private static final long SEED = 14L;
    private static final int REQUESTS = Integer.getInteger("fuzz.requests", 2_000);
    private static final int CLIENTS = 4;

    private static final List<String> BAD_SEGMENTS = List.of(
            "..",
            "%2e%2e",
            "%2E%2E%2F..%2F",
            "%00",
            "a%00b",
            "%C0%AE%C0%AE",
            "%c0%af",
            "x".repeat(5_000),
            "%",
            "%zz",
            "%FF%FE",
            "%E2%80%AE",
            "%3Cscript%3E",
            "1e308",
            "-1",
            "2147483648",
            "NaN",
            "Infinity",
            "%20",
            ";a=b",
            "%3B",
            "~",
            "a%2F..%2Fb",
            "%0D%0A",
            "%09",
            "%5C..%5C",
            "%u002e",
            "");
    private static final List<String> NAMES = List.of(
            "alpha",
            "bravo",
            "no-such-cell",
            "team-a",
            "llm-pretrain-job-0",
            "alpha-gpu-00001",
            "1",
            "6",
            "0",
            "primary",
            "backend",
            "rail-1",
            "00000000-0000-0000-0000-000000000000",
            "not-a-uuid");
    private static final List<String> QUERY_NAMES = List.of(
            "limit",
            "offset",
            "q",
            "x",
            "y",
            "nodes",
            "podsPerNode",
            "surge",
            "cell",
            "state",
            "namespace",
            "job",
            "pod",
            "format",
            "hours");
    private static final List<String> QUERY_VALUES = List.of(
            "10",
            "0",
            "-5",
            "1e308",
            "Infinity",
            "NaN",
            "99999999999999999999",
            "-9223372036854775809",
            "2147483648",
            "-2147483649",
            "1e-400",
            "-0",
            "0x10",
            "-NaN",
            "alpha",
            "fuzz",
            "%00",
            "%FF",
            "%",
            "a%20b",
            "firing",
            "json",
            "x".repeat(3_000),
            "10.0.0.1",
            "%C0%AE",
            "");
    /** Dates far outside timestamptz's 4713 BC to 294276 AD, at its edges, and numbers no date can be. */
    private static final List<String> EXTREME_DATES = List.of(
            "\"+300000-01-01T00:00:00Z\"",
            "\"-999999999-01-01T00:00:00Z\"",
            "\"+1000000000-12-31T23:59:59Z\"",
            "\"-4713-01-01T00:00:00Z\"",
            "\"+294276-12-31T23:59:59Z\"",
            "\"+294277-01-01T00:00:00Z\"",
            "\"0000-01-01T00:00:00Z\"",
            "\"2099-01-01T00:00:00Z\"",
            "\"NaN\"",
            "\"\"",
            "1e308",
            "-1e308",
            "1e400",
            "9223372036854775807",
            "-9223372036854775808",
            "99999999999999999999999",
            "-1",
            "0.5",
            "null",
            "true");

    private static final List<String> CONTENT_TYPES = List.of(
            "text/plain",
            "application/json",
            "application/x-www-form-urlencoded",
            "application/octet-stream",
            "text/html",
            "multipart/form-data",
            "garbage",
            "application/json; charset=klingon",
            "text/plain; charset=utf-16",
            "");
    private static final List<String> ACCEPTS =
            List.of("*/*", "application/json", "text/html", "image/png", "garbage/", "text/plain", "");

    @Inject
    CollectionLoop loop;

    @Inject
    AgroalDataSource dataSource;

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    /** A route as its resource declares it. */
    record Route(String method, String template) {}

    @Test
    void noRequestIsAnsweredWithA500OrAnUnexplained4xx() throws Exception {
        List<Route> routes = routes();
        assertThat(routes)
                .extracting(Route::template)
                .contains(
                        "/api/v1/cells/{cell}/nccl/logs",
                        "/api/v1/silences",
                        "/silences",
                        "/cells/{cell}/jobs/{namespace}/{name}");
        Random random = new Random(SEED);
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            Route route = routes.get(random.nextInt(routes.size()));
            String target = path(route, random) + query(random);
            // the silences API reads JSON: half its requests are JSON, so that the values inside reach it
            String contentType = route.template().equals("/api/v1/silences") && random.nextBoolean()
                    ? "application/json"
                    : pick(random, CONTENT_TYPES);
            byte[] body =
                    route.method().equals("GET") && random.nextInt(4) > 0 ? new byte[0] : body(random, contentType);
            requests.add(new Request(route.method(), target, contentType, pick(random, ACCEPTS), body));
        }
        // the requests are the seed's; they are sent by several clients at once, as a server is asked
        Map<String, Integer> kinds = new ConcurrentSkipListMap<>();
        List<String> failures = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            for (Future<String> failure : clients.invokeAll(requests.stream()
                    .map(request -> (Callable<String>) () -> failure(request, kinds))
                    .toList())) {
                if (failure.get() != null) {
                    failures.add(failure.get());
                }
            }
        } finally {
            clients.shutdownNow();
        }
        assertThat(failures.subList(0, Math.min(failures.size(), 40)))
                .as(failures.size() + " bad answers of " + REQUESTS + " " + kinds)
                .isEmpty();
    }

    @Test
    void headersHttpDoesNotAllowAreRefusedWithWhatIsWrong() throws Exception {
        String big = "X-Big: " + "a".repeat(30_000) + "\r\n";
        Map<String, String> said = Map.of(
                "X-Bad: a\u0001b\r\n",
                "The header X-Bad has a control character (0x01 at 1) in its value.",
                "X-Nul: a\u0000b\r\n",
                "The header X-Nul has a control character (0x00 at 1) in its value.",
                "X-Del: a\u007fb\r\n",
                "The header X-Del has a control character (0x7f at 1) in its value.",
                "Bad Name: v\r\n",
                "The header name 'Bad Name' has a character a header name may not have",
                big,
                "The request's headers take");
        for (String target : List.of("/api/v1/cells", "/cells/bravo")) {
            for (Map.Entry<String, String> header : said.entrySet()) {
                RawHttp.Answer answer = RawHttp.send(port, "GET", target, header.getKey(), new byte[0]);

                assertThat(answer.status())
                        .as("%s with %s", target, abbreviate(header.getKey()))
                        .isEqualTo(header.getKey().equals(big) ? 431 : 400);
                assertThat(problem(target, answer))
                        .as("%s with %s", target, abbreviate(header.getKey()))
                        .isNull();
                // a page escapes what it says
                assertThat(target.startsWith("/api/") ? answer.message() : answer.body())
                        .contains(
                                target.startsWith("/api/")
                                        ? header.getValue()
                                        : header.getValue().replace("'", "&#39;"));
            }
        }
    }

    @AfterEach
    void forgetWhatTheFuzzerPushed() throws SQLException {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("DELETE FROM nccl_log WHERE namespace LIKE 'fuzz%'");
        }
        loop.collector("bravo").orElseThrow().collect();
    }

    /** A request as the fuzzer wrote it. */
    record Request(String method, String target, String contentType, String accept, byte[] body) {}

    /** What was wrong with the answer to {@code request}, counted by kind; null when nothing was. */
    private String failure(Request request, Map<String, Integer> kinds) throws IOException {
        RawHttp.Answer answer =
                send(request.method(), request.target(), request.contentType(), request.accept(), request.body());
        String problem = problem(request.target(), answer);
        if (problem == null) {
            return null;
        }
        kinds.merge(answer.status() + " " + problem, 1, Integer::sum);
        String target = request.target();
        return request.method() + " " + abbreviate(target) + " [" + target.length() + " chars"
                + (target.contains("%") ? ", has %" : "") + "] (" + request.contentType() + ", " + request.body().length
                + " bytes) → " + answer.status() + " " + problem + ": " + abbreviate(answer.body())
                + (answer.body().isBlank() ? " [" + answer.head().replace("\r\n", " | ") + "]" : "");
    }

    /** Why an answer is wrong, or null. */
    private static String problem(String target, RawHttp.Answer answer) {
        // MicroProfile Health answers 503 with its checks when one is down (a stale cell, a replica not ready): an
        // answer, not a failure
        if (answer.status() == 503
                && target.startsWith("/q/health")
                && answer.body().contains("\"status\": \"DOWN\"")
                && answer.body().contains("\"checks\"")) {
            return null;
        }
        if (answer.status() >= 500) {
            return "a server error";
        }
        if (answer.status() < 400) {
            return null;
        }
        if (answer.message() == null) {
            return "no message";
        }
        boolean json = answer.contentType().startsWith("application/json");
        return target.startsWith("/api/") != json ? "a " + (json ? "JSON answer to a page" : "page to the API") : null;
    }

    private static String path(Route route, Random random) {
        Matcher parameter = Pattern.compile("\\{([^}]+)}").matcher(route.template());
        StringBuilder path = new StringBuilder();
        while (parameter.find()) {
            String value = random.nextInt(3) == 0 ? pick(random, BAD_SEGMENTS) : pick(random, NAMES);
            if (parameter.group(1).equals("cell") && route.template().contains("nccl") && random.nextBoolean()) {
                value = "bravo";
            }
            parameter.appendReplacement(path, Matcher.quoteReplacement(value));
        }
        parameter.appendTail(path);
        if (random.nextInt(8) == 0) {
            path.append('/').append(pick(random, BAD_SEGMENTS));
        }
        return path.toString();
    }

    private static String query(Random random) {
        int parameters = random.nextInt(4);
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < parameters; i++) {
            String name = pick(random, QUERY_NAMES);
            String value = name.equals("namespace") && random.nextBoolean() ? "fuzz" : pick(random, QUERY_VALUES);
            query.append(i == 0 ? '?' : '&').append(name).append('=').append(value);
        }
        return query.toString();
    }

    private static byte[] body(Random random, String contentType) {
        return switch (random.nextInt(contentType.contains("json") ? 2 : 5)) {
            case 0 -> json(random);
            case 1 -> randomBytes(random);
            case 2 -> ncclLog(random);
            case 3 -> form(random);
            default -> new byte[0];
        };
    }

    private static byte[] json(Random random) {
        if (random.nextInt(3) == 0) {
            return ("{\"matchers\":[{\"name\":\"alertname\",\"value\":\"X\",\"isRegex\":false,\"isEqual\":true}],"
                            + "\"startsAt\":" + pick(random, EXTREME_DATES) + ",\"endsAt\":"
                            + pick(random, EXTREME_DATES)
                            + ",\"createdBy\":\"fuzz\",\"comment\":\"c\"}")
                    .getBytes(StandardCharsets.UTF_8);
        }
        List<String> bodies = List.of(
                "{\"matchers\":[{\"name\":\"alertname\",\"value\":\"X\",\"isRegex\":false,\"isEqual\":true}],\"endsAt\":\"2099-01-01T00:00:00Z\",\"createdBy\":\"fuzz\",\"comment\":\"c\"}",
                "{\"matchers\":\"alertname=X\",\"endsAt\":\"2099-01-01T00:00:00Z\",\"createdBy\":\"fuzz\",\"comment\":\"c\"}",
                "{\"matchers\":[{\"name\":1,\"value\":[],\"isRegex\":\"yes\",\"isEqual\":{}}],\"endsAt\":12,\"createdBy\":\"fuzz\",\"comment\":\"c\"}",
                "{\"matchers\":[null],\"startsAt\":\"yesterday\",\"endsAt\":\"2026-13-45T99:00:00Z\",\"createdBy\":\"fuzz\",\"comment\":\"c\"}",
                "{\"matchers\":[{\"name\":\"a\",\"value\":\"b\"}],\"endsAt\":\"+1000000000-01-01T00:00:00Z\",\"createdBy\":\"\\u0000\",\"comment\":\"\\u0000\"}",
                "{\"matchers\":[{\"name\":\"a\",\"value\":\"b\",\"isRegex\":true}],\"endsAt\":1e308,\"createdBy\":\"fuzz\",\"comment\":\"c\"}",
                "{\"matchers\":[{\"name\":\"a\",\"value\":\"(\",\"isRegex\":true}],\"endsAt\":\"2099-01-01T00:00:00Z\",\"createdBy\":\"f\",\"comment\":\"c\"}",
                "[]",
                "null",
                "\"text\"",
                "42",
                "{",
                "{\"matchers\":",
                "[".repeat(5_000),
                "{\"a\":" + "1".repeat(400) + "}",
                "{}");
        return pick(random, bodies).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] randomBytes(Random random) {
        byte[] bytes = new byte[random.nextInt(2_000)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** NCCL lines with invalid UTF-8, NUL and bare CR bytes spliced into them. */
    private static byte[] ncclLog(Random random) {
        List<byte[]> noise = List.of(
                new byte[] {(byte) 0xC0, (byte) 0xAE},
                new byte[] {0},
                new byte[] {'\r'},
                new byte[] {(byte) 0xFF},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80});
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int lines = 1 + random.nextInt(40);
        for (int i = 0; i < lines; i++) {
            String line = "host-" + i % 4 + ":" + (100 + i) + ":" + (200 + i) + " [" + i % 8 + "] NCCL "
                    + (random.nextInt(5) == 0 ? "WARN x" : "INFO") + " Using network "
                    + (random.nextBoolean() ? "IB" : "Socket") + "\n";
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            int cut = random.nextInt(bytes.length);
            log.write(bytes, 0, cut);
            log.writeBytes(pick(random, noise));
            log.write(bytes, cut, bytes.length - cut);
        }
        return log.toByteArray();
    }

    private static byte[] form(Random random) {
        String hours = pick(
                random,
                List.of(
                        "1e308",
                        "Infinity",
                        "-Infinity",
                        "NaN",
                        "-1",
                        "0",
                        "2",
                        "1e-300",
                        "9223372036854775807",
                        "x",
                        ""));
        String matchers = pick(random, List.of("alertname%3DX", "cell%3D~%28", "%00%3D%00", "x", "", "a%3Db%0Db"));
        return ("matchers=" + matchers + "&hours=" + hours + "&createdBy=fuzz&comment=c")
                .getBytes(StandardCharsets.UTF_8);
    }

    private RawHttp.Answer send(String method, String target, String contentType, String accept, byte[] body)
            throws IOException {
        String headers = (contentType.isEmpty() ? "" : "Content-Type: " + contentType + "\r\n")
                + (accept.isEmpty() ? "" : "Accept: " + accept + "\r\n");
        return RawHttp.send(port, method, target, headers, body);
    }

    /** Every route of every JAX-RS resource of the application, with the health and OpenAPI endpoints. */
    static List<Route> routes() throws IOException, URISyntaxException {
        TreeSet<String> seen = new TreeSet<>();
        List<Route> routes = new ArrayList<>();
        for (Class<?> resource : resources()) {
            String base = resource.getAnnotation(Path.class).value();
            for (Method method : resource.getDeclaredMethods()) {
                String verb = method.isAnnotationPresent(GET.class)
                        ? "GET"
                        : method.isAnnotationPresent(POST.class)
                                ? "POST"
                                : method.isAnnotationPresent(DELETE.class) ? "DELETE" : null;
                if (verb == null) {
                    continue;
                }
                Path sub = method.getAnnotation(Path.class);
                String template = ("/" + base + "/" + (sub == null ? "" : sub.value())).replaceAll("/+", "/");
                template = template.length() > 1 && template.endsWith("/")
                        ? template.substring(0, template.length() - 1)
                        : template;
                if (seen.add(verb + " " + template)) {
                    routes.add(new Route(verb, template));
                }
            }
        }
        for (String extra :
                List.of("/q/health", "/q/health/ready", "/q/openapi", "/no/such/page", "/api/v1/no-such-thing")) {
            routes.add(new Route("GET", extra));
        }
        routes.sort(Comparator.comparing(Route::template).thenComparing(Route::method));
        return routes;
    }

    private static List<Class<?>> resources() throws IOException, URISyntaxException {
        URL root = EveryBadRequestIsAnsweredTest.class
                .getClassLoader()
                .getResource("io/railscope/api/CellsResource.class");
        java.nio.file.Path base =
                java.nio.file.Path.of(root.toURI()).getParent().getParent();
        List<Class<?>> resources = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.walk(base)) {
            for (java.nio.file.Path file : files.filter(f ->
                            f.toString().endsWith(".class") && !f.toString().contains("$"))
                    .sorted()
                    .toList()) {
                String name = "io.railscope."
                        + base.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                try {
                    Class<?> type = Class.forName(name, false, EveryBadRequestIsAnsweredTest.class.getClassLoader());
                    if (type.isAnnotationPresent(Path.class)) {
                        resources.add(type);
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    // not a class of the application
                }
            }
        }
        return resources;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static String abbreviate(String text) {
        String line = text.replaceAll("\\s+", " ");
        return line.length() > 160 ? line.substring(0, 160) + "…" : line;
    }
}
