package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A cell read through its watches on the fabric8 mock server: after the first read, changes reach Railscope by watch
 * and the pods are not listed again; a watch the server drops is resumed from its last version; a watch the server
 * answers with 410 Gone is listed again and watched anew.
 */
@Execution(ExecutionMode.CONCURRENT)
class CellWatchesTest {

    @Test
    void podsChangeByWatchWithoutAnotherList() throws Exception {
        try (MockCell cell = MockCell.loaded()) {
            ClusterObjectReader reader = reader(cell);
            try {
                assertThat(reader.read().pods()).hasSize(8);
                int listed = cell.watches().lists("/api/v1/pods");
                create(
                        cell,
                        new PodBuilder()
                                .withNewMetadata()
                                .withName("late-joiner")
                                .endMetadata()
                                .withNewSpec()
                                .withNodeName("gpu-node-001")
                                .endSpec()
                                .withNewStatus()
                                .withPhase("Running")
                                .withPodIP("10.64.0.77")
                                .endStatus());
                PodObject joined = await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> pod(reader.read(), "late-joiner"), pod -> pod != null);
                assertThat(joined.ip()).isEqualTo("10.64.0.77");
                assertThat(joined.node()).isEqualTo("gpu-node-001");
                cell.client()
                        .pods()
                        .inNamespace("team-a")
                        .withName("late-joiner")
                        .delete();
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> pod(reader.read(), "late-joiner") == null);
                assertThat(cell.watches().lists("/api/v1/pods"))
                        .as("pods listed after the first read")
                        .isEqualTo(listed);
            } finally {
                reader.close();
            }
        }
    }

    @Test
    void aWatchAnsweredWith410IsListedAgainThenWatched() throws Exception {
        try (MockCell cell = MockCell.loaded()) {
            cell.watches().expire("/api/v1/nodes", 1);
            ClusterObjectReader reader = reader(cell);
            try {
                assertThat(reader.read().nodes()).hasSize(3);
                // the first watch was refused as expired: the next read lists again, and its watch holds
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> reader.read().nodes().size() == 3
                                && reader.watches().nodes.lists() >= 2);
                long lists = reader.watches().nodes.lists();
                reader.read();
                reader.read();
                assertThat(reader.watches().nodes.lists()).isEqualTo(lists);
                assertThat(reader.read().nodes()).hasSize(3);
            } finally {
                reader.close();
            }
        }
    }

    @Test
    void aDroppedWatchIsResumedFromItsLastVersionWithoutAnotherList() throws Exception {
        try (MockCell cell = MockCell.loaded()) {
            ClusterObjectReader reader = reader(cell);
            try {
                readAndAwaitThePodWatch(cell, reader);
                int listed = cell.watches().lists("/api/v1/pods");
                long watches = podWatches(cell);

                cell.watches().drop();
                // the client comes back on its own, from the version it had seen
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() ->
                                podWatches(cell) > watches && cell.watches().open("/api/v1/pods") == 1);
                assertThat(cell.watches().requests().stream()
                                .filter(path -> path.startsWith("/api/v1/pods?"))
                                .reduce((first, second) -> second)
                                .orElseThrow())
                        .contains("resourceVersion=");
                create(
                        cell,
                        new PodBuilder()
                                .withNewMetadata()
                                .withName("after-the-drop")
                                .endMetadata());
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> pod(reader.read(), "after-the-drop") != null);
                assertThat(cell.watches().lists("/api/v1/pods")).isEqualTo(listed);
                assertThat(reader.watches().pods.lists()).isEqualTo(1);
            } finally {
                reader.close();
            }
        }
    }

    @Test
    void aWatchThatResumesPastCompactionIsListedAgain() throws Exception {
        try (MockCell cell = MockCell.loaded()) {
            ClusterObjectReader reader = reader(cell);
            try {
                readAndAwaitThePodWatch(cell, reader);
                // while the connection is down the server compacts past the last version (bookmark) the client
                // saw: the resumed watch is answered 410 Gone, and the next read lists again
                cell.watches().expire("/api/v1/pods", 1);
                cell.watches().drop();
                create(
                        cell,
                        new PodBuilder()
                                .withNewMetadata()
                                .withName("during-the-gap")
                                .endMetadata());
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> pod(reader.read(), "during-the-gap") != null);
                assertThat(reader.watches().pods.lists()).isEqualTo(2);
                await().atMost(Duration.ofSeconds(20))
                        .until(() -> cell.watches().open("/api/v1/pods") == 1);
            } finally {
                reader.close();
            }
        }
    }

    private static ClusterObjectReader reader(MockCell cell) {
        return new ClusterObjectReader(
                cell.client(), IpamSettings.defaults(), AuditSettings.defaults(), Clock.systemUTC());
    }

    /** Creates the pod in namespace team-a through the API, as a controller would. */
    private static void create(MockCell cell, PodBuilder pod) {
        Pod created = pod.editMetadata().withNamespace("team-a").endMetadata().build();
        cell.client().pods().inNamespace("team-a").resource(created).create();
    }

    private static long podWatches(MockCell cell) {
        return cell.watches().requests().stream()
                .filter(path -> path.startsWith("/api/v1/pods?"))
                .count();
    }

    private static PodObject pod(ClusterObjects objects, String name) {
        return objects.pods().stream()
                .filter(pod -> pod.name().equals(name))
                .findFirst()
                .orElse(null);
    }

    /** The first read lists the eight pods of the fixture and opens the watch of pods. */
    private static void readAndAwaitThePodWatch(MockCell cell, ClusterObjectReader reader) {
        assertThat(reader.read().pods()).hasSize(8);
        await().atMost(Duration.ofSeconds(20)).until(() -> cell.watches().open("/api/v1/pods") == 1);
    }
}
