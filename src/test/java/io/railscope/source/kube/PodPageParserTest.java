package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class PodPageParserTest {

    @Test
    void keepsWhatIpamNeedsAndSkipsTheRest() throws IOException {
        byte[] page = fixture("testdata/kube/pages/pods-page.json");
        List<PodObject> pods = new ArrayList<>();
        List<PodSecurity> audited = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        // the audit matches pods on the label "app": other labels are not kept
        PodPageParser.parseEntries(page, Set.of("app"), (key, entry) -> {
            keys.add(key);
            pods.add(entry.pod());
            if (entry.security() != null) {
                audited.add(entry.security());
            }
            problems.addAll(entry.problems());
        });
        assertThat(PodPageParser.continueToken(page)).startsWith("eyJ2Ijoi");
        assertThat(keys).startsWith("team-a/p1", "kube-system/agent");
        assertThat(pods)
                .containsExactly(
                        new PodObject("team-a", "p1", "gpu-1", "10.64.0.5", false, "Running", null, null),
                        new PodObject("kube-system", "agent", "gpu-1", "192.168.0.1", true, "Running", null, null),
                        // the first waiting container's reason, and the age of a waiting pod
                        new PodObject(
                                "team-b",
                                "p2",
                                "gpu-2",
                                null,
                                false,
                                "Pending",
                                "ContainerCreating",
                                Instant.parse("2026-11-30T07:50:00Z")),
                        new PodObject("team-b", "p3", null, null, false, "Pending", null, null),
                        new PodObject("team-c", "serve-5c9d7-x2", "gpu-3", "10.64.1.9", false, "Running", null, null),
                        new PodObject("team-c", "broken-status", "gpu-3", "192.168.0.3", true, "Running", null, null));
        // only pods that concern isolation are kept for the audit: the kube-system agent runs hostNetwork, p1..p3
        // nothing
        assertThat(audited)
                .containsExactly(
                        new PodSecurity("kube-system", "agent", "gpu-1", null, true, List.of(), Map.of(), 0, List.of()),
                        new PodSecurity(
                                "team-c",
                                "serve-5c9d7-x2",
                                "gpu-3",
                                "Deployment serve",
                                false,
                                List.of("setup: NET_ADMIN", "main: privileged"),
                                Map.of("app", "serve"),
                                3,
                                List.of(new Attachment("team-b/rail-1", "net1", 9000, "mlx5_4"))),
                        new PodSecurity(
                                "team-c", "broken-status", "gpu-3", null, true, List.of(), Map.of(), 0, List.of()));
        assertThat(problems)
                .singleElement()
                .asString()
                .startsWith("Pod team-c/broken-status: annotation k8s.v1.cni.cncf.io/network-status is malformed (")
                .endsWith("; its attachments skipped");
    }

    @Test
    void lastPageHasNoContinueTokenAndEveryPageTheListsVersion() throws IOException {
        byte[] page = "{\"metadata\":{\"resourceVersion\":\"4711\",\"continue\":\"\"},\"items\":[]}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(PodPageParser.continueToken(page)).isNull();
        assertThat(PodPageParser.resourceVersion(page)).isEqualTo("4711");
    }

    @Test
    void aPodOfAWatchEventIsReadAsAPodOfAPage() throws IOException {
        byte[] pod = """
                {"metadata":{"namespace":"team-a","name":"p9","creationTimestamp":"2026-11-30T07:50:00Z"},
                 "spec":{"nodeName":"gpu-9","hostNetwork":true},
                 "status":{"phase":"Running","podIP":"192.168.0.9"}}""".getBytes(StandardCharsets.UTF_8);
        PodPageParser.PodEntry entry = PodPageParser.parseOne(pod, Set.of());
        assertThat(entry.pod())
                .isEqualTo(new PodObject("team-a", "p9", "gpu-9", "192.168.0.9", true, "Running", null, null));
        assertThat(entry.security())
                .isEqualTo(new PodSecurity("team-a", "p9", "gpu-9", null, true, List.of(), Map.of(), 0, List.of()));
    }

    @Test
    void somethingElseThanAListIsAnError() {
        assertThatThrownBy(() -> PodPageParser.parseEntries(
                        "[1,2]".getBytes(StandardCharsets.UTF_8), Set.of(), (key, entry) -> {}))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a list response");
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = PodPageParserTest.class.getClassLoader().getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }
}
