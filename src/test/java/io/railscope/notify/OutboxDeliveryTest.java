package io.railscope.notify;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.notify.NotificationStore.GroupChanges;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Delivery as the outbox's state machine (claim, send outside any transaction, record) against a real
 * HTTP receiver on 127.0.0.1, with the faults an operator meets: a replica killed between send and
 * record, two replicas, a receiver down then up, a slow receiver.
 */
@QuarkusTest
class OutboxDeliveryTest {

    @Inject
    NotificationStore store;

    private WebhookCapture receiver;
    private final HttpPost http = new HttpPost(Duration.ofSeconds(10));
    private String name;

    @BeforeEach
    void start() throws Exception {
        receiver = new WebhookCapture();
        name = "outbox-" + UUID.randomUUID();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    /** Queues one notification of this receiver for each group key, as a grouping pass does. */
    private void queue(String path, Instant now, String... groupKeys) {
        List<String> keys = List.of(groupKeys);
        List<String> payloads = keys.stream()
                .map(key -> "{\"groupKey\":\"" + key + "\",\"at\":\"" + now + "\"}")
                .toList();
        GroupChanges changes = new GroupChanges(List.of(), List.of(), payloads, keys, null);
        assertThat(QuarkusTransaction.requiringNew().call(() -> {
                    assertThat(store.lockGrouping()).isTrue();
                    return store.write(name, receiver.url(path).toString(), 1000, now, changes);
                }))
                .isNull();
    }

    private List<String> keysReceived() {
        return receiver.received().stream()
                .map(WebhookCapture.Received::idempotencyKey)
                .toList();
    }

    private void sendAndRecord(String replica, List<OutboxEntry> claimed, Instant at) {
        for (OutboxEntry entry : claimed) {
            String error = http.post(URI.create(entry.url()), entry.payload(), entry.idempotencyKey());
            store.record(entry, replica, error, at, at.plusSeconds(1));
        }
    }

    @Test
    void aReplicaKilledBetweenSendAndRecordRepeatsOnlyThatNotificationWithTheSameKey() {
        Instant now = Instant.now();
        queue("/hook", now, "{}:{alertname=\"RailPortDown\"}");
        List<OutboxEntry> claimed = store.claim("replica-a", name, now, now.plusSeconds(60), 20);
        assertThat(claimed).hasSize(1);
        // replica-a sends, and dies before it records
        assertThat(http.post(
                        URI.create(claimed.get(0).url()),
                        claimed.get(0).payload(),
                        claimed.get(0).idempotencyKey()))
                .isNull();
        // while its claim lasts, nobody else takes the notification
        assertThat(store.claim("replica-b", name, now.plusSeconds(30), now.plusSeconds(90), 20))
                .isEmpty();
        // once it expired, a live replica sends it again, with the same key, and records it
        List<OutboxEntry> retaken = store.claim("replica-b", name, now.plusSeconds(61), now.plusSeconds(120), 20);
        assertThat(retaken)
                .extracting(OutboxEntry::id)
                .containsExactly(claimed.get(0).id());
        sendAndRecord("replica-b", retaken, now.plusSeconds(61));
        assertThat(store.claim("replica-c", name, now.plusSeconds(500), now.plusSeconds(600), 20))
                .isEmpty();
        assertThat(keysReceived()).hasSize(2).containsOnly(claimed.get(0).idempotencyKey());
    }

    @Test
    void twoReplicasDeliverEachNotificationOnce() throws Exception {
        Instant now = Instant.now();
        String[] groups = new String[40];
        for (int i = 0; i < groups.length; i++) {
            groups[i] = "{}:{node=\"gpu-" + i + "\"}";
        }
        queue("/hook", now, groups);
        ExecutorService replicas = Executors.newFixedThreadPool(2);
        List<Future<?>> running = new ArrayList<>();
        for (String replica : List.of("replica-a", "replica-b")) {
            running.add(replicas.submit(() -> {
                List<OutboxEntry> claimed;
                while (!(claimed = store.claim(
                                replica, name, Instant.now(), Instant.now().plusSeconds(60), 3))
                        .isEmpty()) {
                    sendAndRecord(replica, claimed, Instant.now());
                }
            }));
        }
        for (Future<?> replica : running) {
            replica.get();
        }
        replicas.shutdown();
        Map<String, Long> perKey =
                keysReceived().stream().collect(Collectors.groupingBy(key -> key, Collectors.counting()));
        assertThat(perKey)
                .hasSize(groups.length)
                .allSatisfy((key, count) -> assertThat(count).isEqualTo(1L));
    }

    @Test
    void aReceiverDownThenUpEndsWithEachGroupsCurrentState() {
        Instant now = Instant.now();
        String group = "{}:{alertname=\"RailPortDown\"}";
        receiver.down(true);
        queue("/hook", now, group);
        sendAndRecord("replica-a", store.claim("replica-a", name, now, now.plusSeconds(60), 20), now);
        // while it is down the alert resolves: the resolution supersedes the firing notification never delivered
        queue("/hook", now.plusSeconds(5), group);
        receiver.down(false);
        for (int pass = 0; pass < 3; pass++) {
            Instant at = now.plusSeconds(10L + 10L * pass);
            sendAndRecord("replica-a", store.claim("replica-a", name, at, at.plusSeconds(60), 20), at);
        }
        assertThat(receiver.received())
                .singleElement()
                .satisfies(received ->
                        assertThat(received.body()).contains(now.plusSeconds(5).toString()));
    }

    @Test
    void aSlowReceiverGetsEachNotificationOnce() {
        Instant now = Instant.now();
        queue("/late", now, "{}:{node=\"a\"}", "{}:{node=\"b\"}", "{}:{node=\"c\"}");
        List<OutboxEntry> claimed = store.claim("replica-a", name, now, now.plusSeconds(120), 20);
        sendAndRecord("replica-a", claimed, Instant.now());
        assertThat(store.claim(
                        "replica-a",
                        name,
                        Instant.now().plusSeconds(600),
                        Instant.now().plusSeconds(700),
                        20))
                .isEmpty();
        assertThat(keysReceived()).hasSize(3).doesNotHaveDuplicates();
        assertThat(store.recent(1000))
                .filteredOn(entry -> entry.receiver().equals(name))
                .allSatisfy(entry -> {
                    assertThat(entry.deliveredAt()).isNotNull();
                    assertThat(entry.attempts()).isEqualTo(1);
                });
    }
}
