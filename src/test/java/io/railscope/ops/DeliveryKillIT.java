package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.railscope.TestDatabases;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The packaged Railscope killed with SIGKILL while a webhook notification is in flight (the receiver
 * took it and has not answered yet), then started again on the same database: the notification is
 * sent again with the same Idempotency-Key, once, and nothing else is repeated.
 */
// the packaged jar's tests start first, and wait on their processes beside the others
@Order(3)
@ExtendWith(WaitsOnProcesses.class)
@Execution(ExecutionMode.CONCURRENT)
class DeliveryKillIT {

    @Test
    void aNotificationInFlightAtKillNineGoesAgainOnceWithItsKey() throws Exception {
        // its own database: StartupIT's cases run beside this test
        String database = RailscopeProcess.emptyDatabase("delivery");
        List<String> keys = new CopyOnWriteArrayList<>();
        CountDownLatch firstInFlight = new CountDownLatch(1);
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        receiver.setExecutor(Executors.newFixedThreadPool(4));
        receiver.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            keys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            if (keys.size() == 1) {
                // the first notification is held unanswered until its sender is killed
                firstInFlight.countDown();
                try {
                    Thread.sleep(30_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
            try {
                exchange.sendResponseHeaders(200, ok.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(ok);
                }
            } catch (IOException e) {
                // the sender is gone
            }
        });
        receiver.start();
        String[] properties = {
            "-Drailscope.cells.kill.simulated.nodes=4",
            "-Drailscope.cells.kill.simulated.faults=rail-down",
            "-Drailscope.collect.interval=2s",
            "-Drailscope.alerts.default-for=0s",
            "-Drailscope.alerts.receivers.oncall.url=http://127.0.0.1:"
                    + receiver.getAddress().getPort() + "/hook",
            "-Drailscope.alerts.receivers.oncall.group-wait=1s",
            "-Drailscope.alerts.receivers.oncall.group-by=...",
            "-Drailscope.alerts.delivery-timeout=2s",
            // the killed replica's leases (its cell, the notifications) pass to the next one within 3 s
            "-Drailscope.replicas.heartbeat-interval=1s",
            "-Drailscope.replicas.lease-duration=3s",
            "-Dquarkus.datasource.jdbc.url=" + database
        };
        try {
            RailscopeProcess first = RailscopeProcess.start(properties);
            try {
                assertThat(firstInFlight.await(120, TimeUnit.SECONDS))
                        .as("a notification reached the receiver:\n%s", first.output())
                        .isTrue();
            } finally {
                first.kill();
            }
            String inFlight = keys.get(0);
            assertThat(inFlight).isNotBlank();
            try (RailscopeProcess second = RailscopeProcess.start(properties)) {
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofSeconds(1))
                        .untilAsserted(() -> {
                            // a copy: the receiver appends while the assertion reads (and formats) the list
                            List<String> received = List.copyOf(keys);
                            assertThat(received.subList(1, received.size())).contains(inFlight);
                        });
                // whatever else was queued goes once: wait until the outbox holds nothing undelivered
                await().atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(250))
                        .until(() -> undelivered(database) == 0);
            }
            Map<String, Long> perKey = keys.stream().collect(Collectors.groupingBy(key -> key, Collectors.counting()));
            assertThat(perKey.get(inFlight)).isEqualTo(2L);
            assertThat(perKey)
                    .allSatisfy((key, count) -> assertThat(count).isLessThanOrEqualTo(key.equals(inFlight) ? 2L : 1L));
        } finally {
            receiver.stop(0);
        }
    }

    private static long undelivered(String database) throws SQLException {
        try (Connection connection = TestDatabases.connect(database);
                Statement statement = connection.createStatement();
                ResultSet count =
                        statement.executeQuery("SELECT count(*) FROM notification_outbox WHERE delivered_at IS NULL")) {
            count.next();
            return count.getLong(1);
        }
    }
}
