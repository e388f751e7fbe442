package io.railscope.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * CONFORMANCE.md gives, per family, the cases, their distinct sources and how many pass; it must say
 * what the corpus holds. Every case passes in the build that runs this (the table tests fail it
 * otherwise). {@code -Dconformance.write=true} rewrites the table.
 */
@Execution(ExecutionMode.CONCURRENT)
class ConformanceSummaryTest {

    static final List<String> FAMILIES = List.of(
            "nccl", "nv-ipam", "whereabouts", "cilium", "service-cidr", "ipam-events", "node-exporter", "fabric");
    private static final Path DOCUMENT = Path.of("CONFORMANCE.md");
    private static final Pattern ISSUE =
            Pattern.compile("github\\.com/([\\w.-]+/[\\w.-]+)/(?:issues|pull)/(\\d+)|([\\w.-]+/[\\w.-]+)#(\\d+)");
    private static final Pattern REPOSITORY_FILE = Pattern.compile("^([\\w.-]+/[\\w.-]+) (\\S+)");

    @Test
    void conformanceMdStatesTheCorpus() throws IOException {
        String table = table();
        if (Boolean.getBoolean("conformance.write")) {
            String document = Files.readString(DOCUMENT);
            int start = document.indexOf("| family | cases |");
            int end = document.indexOf("\n\n", start);
            Files.writeString(DOCUMENT, document.substring(0, start) + table.strip() + document.substring(end));
        }
        assertThat(Files.readString(DOCUMENT)).contains(table.strip());
    }

    private static String table() {
        StringBuilder table =
                new StringBuilder("| family | cases | distinct sources | passing |\n|---|---:|---:|---:|\n");
        int cases = 0;
        Set<String> allSources = new LinkedHashSet<>();
        for (String family : FAMILIES) {
            List<ConformanceCase> familyCases = ConformanceCase.of(family);
            Set<String> sources = new LinkedHashSet<>();
            familyCases.forEach(conformance -> sources.add(sourceKey(conformance.source())));
            allSources.addAll(sources);
            cases += familyCases.size();
            table.append("| ")
                    .append(family)
                    .append(" | ")
                    .append(familyCases.size())
                    .append(" | ")
                    .append(sources.size())
                    .append(" | ")
                    .append(familyCases.size())
                    .append(" |\n");
        }
        table.append("| all | ")
                .append(cases)
                .append(" | ")
                .append(allSources.size())
                .append(" | ")
                .append(cases)
                .append(" |\n");
        return table.toString();
    }

    /** The thread or file a case comes from: owner/repo#N, owner/repo path, or the source's first words. */
    static String sourceKey(String source) {
        Matcher issue = ISSUE.matcher(source);
        if (issue.find()) {
            return issue.group(1) != null
                    ? issue.group(1) + "#" + issue.group(2)
                    : issue.group(3) + "#" + issue.group(4);
        }
        Matcher file = REPOSITORY_FILE.matcher(source);
        if (file.find()) {
            return file.group(1) + " " + file.group(2);
        }
        List<String> words = new ArrayList<>(List.of(source.split("[\\s,;(]+")));
        return String.join(" ", words.subList(0, Math.min(4, words.size())));
    }
}
