package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PodPageParserTest {

    @Test
    void keepsWhatIpamNeedsAndSkipsTheRest() throws IOException {
        byte[] page = fixture("testdata/kube/pages/pods-page.json");
        List<PodObject> pods = new ArrayList<>();
        String next = PodPageParser.parse(page, pods);
        assertThat(next).startsWith("eyJ2Ijoi");
        assertThat(PodPageParser.continueToken(page)).isEqualTo(next);
        assertThat(pods).containsExactly(
                new PodObject("team-a", "p1", "gpu-1", "10.64.0.5", false, "Running", null, null),
                new PodObject("kube-system", "agent", "gpu-1", "192.168.0.1", true, "Running", null, null),
                // the first waiting container's reason, and the age of a waiting pod
                new PodObject("team-b", "p2", "gpu-2", null, false, "Pending", "ContainerCreating",
                        Instant.parse("2026-11-30T07:50:00Z")),
                new PodObject("team-b", "p3", null, null, false, "Pending", null, null));
    }

    @Test
    void lastPageHasNoContinueToken() throws IOException {
        byte[] page = "{\"metadata\":{\"continue\":\"\"},\"items\":[]}".getBytes(StandardCharsets.UTF_8);
        assertThat(PodPageParser.parse(page, new ArrayList<>())).isNull();
        assertThat(PodPageParser.continueToken(page)).isNull();
    }

    @Test
    void somethingElseThanAListIsAnError() {
        assertThatThrownBy(() -> PodPageParser.parse("[1,2]".getBytes(StandardCharsets.UTF_8), new ArrayList<>()))
                .isInstanceOf(IOException.class).hasMessageContaining("not a list response");
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = PodPageParserTest.class.getClassLoader().getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }
}
