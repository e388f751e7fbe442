package io.railscope.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One case of a conformance corpus ({@code src/test/resources/conformance/<family>/}): a real published
 * input with its provenance ({@code source}) and the result the upstream's own code gives ({@code expect}).
 * A case is a pair of files {@code <id>.<ext>} and {@code <id>.expect.yaml}, a directory {@code <id>/} holding
 * {@code objects.yaml} and {@code expect.yaml}, or a directory {@code <id>/} holding {@code case.yaml} and one other
 * file, its input.
 *
 * @param input the log, exposition page or objects file
 */
public record ConformanceCase(String family, String id, Path input, JsonNode expectation) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public String source() {
        return expectation.path("source").asText("");
    }

    public JsonNode expect() {
        return expectation.path("expect");
    }

    @Override
    public String toString() {
        return id;
    }

    /** The corpora: the project's, or another directory of the same layout ({@code -Dconformance.root=…}) to try cases before they join. */
    public static Path root() {
        String other = System.getProperty("conformance.root");
        if (other != null && !other.isBlank()) {
            return Path.of(other);
        }
        try {
            return Path.of(ConformanceCase.class
                    .getClassLoader()
                    .getResource("conformance")
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every case of a family, in name order. */
    public static List<ConformanceCase> of(String family) {
        Path directory = root().resolve(family);
        List<ConformanceCase> cases = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return cases;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : entries.sorted().toList()) {
                String name = entry.getFileName().toString();
                if (Files.isDirectory(entry) && Files.exists(entry.resolve("case.yaml"))) {
                    cases.add(new ConformanceCase(
                            family, name, onlyInput(family, entry), read(entry.resolve("case.yaml"))));
                } else if (Files.isDirectory(entry) && Files.exists(entry.resolve("expect.yaml"))) {
                    cases.add(new ConformanceCase(
                            family, name, entry.resolve("objects.yaml"), read(entry.resolve("expect.yaml"))));
                } else if (name.endsWith(".expect.yaml")) {
                    String id = name.substring(0, name.length() - ".expect.yaml".length());
                    try (Stream<Path> inputs = Files.list(directory)) {
                        Path input = inputs.filter(candidate -> candidate
                                                .getFileName()
                                                .toString()
                                                .startsWith(id + ".")
                                        && !candidate.getFileName().toString().endsWith(".expect.yaml"))
                                .findFirst()
                                .orElseThrow(() -> new IllegalStateException(
                                        family + "/" + id + ": no input file next to its expect.yaml"));
                        cases.add(new ConformanceCase(family, id, input, read(entry)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    /** The one file of a case directory other than its {@code case.yaml}. */
    private static Path onlyInput(String family, Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> inputs = files.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().equals("case.yaml"))
                    .toList();
            if (inputs.size() != 1) {
                throw new IllegalStateException(family + "/" + directory.getFileName()
                        + ": a case directory holds case.yaml and exactly one input file, not " + inputs);
            }
            return inputs.get(0);
        }
    }

    private static JsonNode read(Path file) throws IOException {
        return YAML.readTree(file.toFile());
    }

    public static List<JsonNode> documents(Path yaml) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (var parser = YAML.getFactory().createParser(yaml.toFile())) {
            var iterator = YAML.readValues(parser, JsonNode.class);
            while (iterator.hasNext()) {
                JsonNode document = iterator.next();
                if (document != null && !document.isNull() && !document.isMissingNode()) {
                    documents.add(document);
                }
            }
        }
        return documents;
    }
}
