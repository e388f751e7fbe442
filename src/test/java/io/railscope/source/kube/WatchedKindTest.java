package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.railscope.source.kube.WatchedKind.Kept;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** List once, then watch from the list's version: events change what is kept; an ended watch is listed again. */
@Execution(ExecutionMode.CONCURRENT)
class WatchedKindTest {

    /** A fake API: what a list returns and at which version, and the watches started from it. */
    private static final class FakeApi {
        final Map<String, String> objects = new LinkedHashMap<>();
        String version = "100";
        boolean served = true;
        final AtomicInteger lists = new AtomicInteger();
        final List<ListOptions> watchedFrom = new ArrayList<>();
        Watcher<ConfigMap> watcher;
        boolean closed;

        WatchedKind<ConfigMap, String> kind() {
            return new WatchedKind<>(
                    "configmaps",
                    each -> {
                        lists.incrementAndGet();
                        if (!served) {
                            return null;
                        }
                        objects.forEach((key, value) -> each.accept(key, new Kept<>(value, null)));
                        return version;
                    },
                    (options, watcher) -> {
                        watchedFrom.add(options);
                        this.watcher = watcher;
                        return () -> closed = true;
                    },
                    map -> map.getData() == null || map.getData().isEmpty()
                            ? new Kept<>(null, "ConfigMap " + WatchedKind.key(map) + ": no data; skipped")
                            : new Kept<>(map.getData().get("v"), null));
        }
    }

    private static ConfigMap map(String name, String value) {
        ConfigMapBuilder builder = new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace("ns")
                .withName(name)
                .endMetadata();
        return value == null ? builder.build() : builder.addToData("v", value).build();
    }

    @Test
    void aListThenItsWatchFromTheListsVersionWithBookmarks() {
        FakeApi api = new FakeApi();
        api.objects.put("ns/a", "1");
        WatchedKind<ConfigMap, String> kind = api.kind();
        assertThat(kind.current().values()).containsExactly("1");
        assertThat(api.watchedFrom).hasSize(1);
        assertThat(api.watchedFrom.get(0).getResourceVersion()).isEqualTo("100");
        assertThat(api.watchedFrom.get(0).getAllowWatchBookmarks()).isTrue();
    }

    @Test
    void eventsChangeWhatIsKeptWithoutAnotherList() {
        FakeApi api = new FakeApi();
        api.objects.put("ns/a", "1");
        WatchedKind<ConfigMap, String> kind = api.kind();
        kind.current();
        api.watcher.eventReceived(Watcher.Action.ADDED, map("b", "2"));
        api.watcher.eventReceived(Watcher.Action.MODIFIED, map("a", "1b"));
        api.watcher.eventReceived(Watcher.Action.BOOKMARK, map("a", null));
        api.watcher.eventReceived(Watcher.Action.ADDED, map("c", null));
        assertThat(kind.current().values()).containsExactlyInAnyOrder("1b", "2");
        assertThat(kind.current().problems()).containsExactly("ConfigMap ns/c: no data; skipped");
        api.watcher.eventReceived(Watcher.Action.DELETED, map("b", "2"));
        api.watcher.eventReceived(Watcher.Action.DELETED, map("c", null));
        assertThat(kind.current().values()).containsExactly("1b");
        assertThat(kind.current().problems()).isEmpty();
        assertThat(api.lists).hasValue(1);
        assertThat(kind.events()).isEqualTo(5);
    }

    @Test
    void aWatchEndedBy410IsListedAgainAndWatchedFromTheNewVersion() {
        FakeApi api = new FakeApi();
        api.objects.put("ns/a", "1");
        api.objects.put("ns/b", "2");
        WatchedKind<ConfigMap, String> kind = api.kind();
        kind.current();
        // meanwhile b was deleted and c created, and the events are compacted away
        api.objects.remove("ns/b");
        api.objects.put("ns/c", "3");
        api.version = "250";
        api.watcher.onClose(new WatcherException(
                "too old resource version",
                new KubernetesClientException(
                        new StatusBuilder().withCode(410).withReason("Expired").build())));
        assertThat(kind.current().values()).containsExactlyInAnyOrder("1", "3");
        assertThat(api.lists).hasValue(2);
        assertThat(api.watchedFrom).extracting(ListOptions::getResourceVersion).containsExactly("100", "250");
    }

    @Test
    void aWatchThatEndsForAnyOtherReasonIsListedAgainToo() {
        FakeApi api = new FakeApi();
        WatchedKind<ConfigMap, String> kind = api.kind();
        kind.current();
        api.watcher.onClose(new WatcherException("exhausted reconnects"));
        kind.current();
        assertThat(api.lists).hasValue(2);
        assertThat(api.closed)
                .as("the old watch is closed before the new one starts")
                .isTrue();
    }

    @Test
    void aKindNotServedIsAskedForAgainAtEachReadAndNotWatched() {
        FakeApi api = new FakeApi();
        api.served = false;
        WatchedKind<ConfigMap, String> kind = api.kind();
        assertThat(kind.current().values()).isEmpty();
        assertThat(kind.current().values()).isEmpty();
        assertThat(api.lists).hasValue(2);
        assertThat(api.watchedFrom).isEmpty();
    }

    @Test
    void aListThatFailsFailsTheReadAndIsTriedAgainAtTheNext() {
        AtomicInteger attempts = new AtomicInteger();
        WatchedKind<ConfigMap, String> kind = new WatchedKind<>(
                "configmaps",
                each -> {
                    if (attempts.incrementAndGet() == 1) {
                        throw new KubernetesClientException("connection refused");
                    }
                    each.accept("ns/a", new Kept<>("1", null));
                    return "7";
                },
                (options, watcher) -> (Watch) () -> {},
                map -> new Kept<>("x", null));
        assertThatThrownBy(kind::current).hasMessageContaining("connection refused");
        assertThat(kind.current().values()).containsExactly("1");
    }
}
