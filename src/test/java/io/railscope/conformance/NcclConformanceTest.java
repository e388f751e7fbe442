package io.railscope.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.railscope.assess.JobAssessment;
import io.railscope.source.nccl.ContainerLog;
import io.railscope.source.nccl.JobAssembler;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclLogFacts;
import io.railscope.source.nccl.NcclLogParser;
import io.railscope.source.nccl.NcclRankObservation;
import io.railscope.source.nccl.NcclWarning;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeSet;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every NCCL log of the corpus, pushed as a job ships its log, gets the verdict, transport, GPUDirect
 * state, hosts and warning kinds that an expert reading it with NCCL's source at hand gives.
 */
@Execution(ExecutionMode.CONCURRENT)
class NcclConformanceTest {

    static List<ConformanceCase> cases() {
        return ConformanceCase.of("nccl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void verdictAsAnExpertGivesIt(ConformanceCase conformance) throws IOException {
        NcclLogFacts facts;
        try (InputStream log = Files.newInputStream(conformance.input())) {
            facts = NcclLogParser.parse(log, Long.MAX_VALUE);
        }
        ContainerLog pushed = new ContainerLog(
                "conformance", conformance.id(), "launcher", "", ContainerLog.PUSHED, null, Instant.EPOCH, facts);
        NcclJobObservation job = JobAssembler.assemble(List.of(), Map.of(), List.of(pushed), Map.of())
                .get(0);
        JobAssessment assessment = JobAssessment.of(job, OptionalDouble.empty(), 0.7);
        JsonNode expect = conformance.expect();

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(assessment.verdict().name())
                .as("verdict (%s) of %s", assessment.reason(), conformance.source())
                .isEqualTo(expect.path("verdict").asText());
        if (expect.has("transport")) {
            soft.assertThat(job.transport()).as("transport").isEqualTo(text(expect.get("transport")));
        }
        if (expect.has("gdr")) {
            soft.assertThat(gdr(job))
                    .as("gdr")
                    .isEqualTo(
                            expect.get("gdr").isNull()
                                    ? null
                                    : expect.get("gdr").asBoolean());
        }
        if (expect.has("hosts")) {
            List<String> hosts = new ArrayList<>();
            expect.get("hosts").forEach(host -> hosts.add(host.asText()));
            soft.assertThat(hosts(job)).as("hosts").containsExactlyInAnyOrderElementsOf(new TreeSet<>(hosts));
        }
        List<String> lines = Files.readAllLines(conformance.input(), StandardCharsets.ISO_8859_1);
        for (JsonNode warning : expect.path("warnings")) {
            // what NCCL printed after its level, the part a warning keeps
            String text = warning.path("text").asText().replaceFirst("^.*NCCL WARN\\s*", "");
            NcclWarning.Kind kind = kind(warning.path("class").asText());
            if (lines.stream().filter(line -> line.contains(text)).allMatch(line -> line.contains("NCCL INFO"))) {
                // NCCL printed it at INFO level (a fact of the rank, or an error trace "file:line -> N" that fallbacks
                // print
                // too): never a warning by itself; the verdict above says whether the job failed
                soft.assertThat(job.warnings())
                        .as("INFO line '%s' is no failure", text)
                        .noneMatch(seen -> seen.text().contains(text));
                continue;
            }
            soft.assertThat(job.warnings())
                    .as("a %s warning containing '%s'", kind, text)
                    .anyMatch(seen -> seen.text().contains(text) && seen.kind() == kind);
        }
        soft.assertAll();
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }

    private static NcclWarning.Kind kind(String name) {
        return switch (name) {
            case "fatal" -> NcclWarning.Kind.FATAL;
            case "transport" -> NcclWarning.Kind.TRANSPORT;
            case "benign" -> NcclWarning.Kind.BENIGN;
            default -> throw new IllegalArgumentException("unknown warning class " + name);
        };
    }

    /** True when every rank with NET channels ran them with GPUDirect RDMA, false when one did not, null without NET channels. */
    private static Boolean gdr(NcclJobObservation job) {
        List<Boolean> known = job.ranks().stream()
                .map(NcclRankObservation::gdr)
                .filter(Objects::nonNull)
                .toList();
        return known.isEmpty() ? null : known.stream().allMatch(Boolean::booleanValue);
    }

    private static TreeSet<String> hosts(NcclJobObservation job) {
        TreeSet<String> hosts = new TreeSet<>();
        job.ranks().stream()
                .map(NcclRankObservation::host)
                .filter(host -> !host.equals("?"))
                .forEach(hosts::add);
        return hosts;
    }
}
