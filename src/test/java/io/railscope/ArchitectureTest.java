package io.railscope;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The layers of README's "Architecture" section, as rules: every class is in a layer, each layer names the layers it
 * may use, no package depends, through any chain, on itself, the store uses the domain layers' types but not their
 * logic, and README draws the same layers.
 */
@Execution(ExecutionMode.CONCURRENT)
class ArchitectureTest {

    private static final String START = "<!-- layers: drawn from ArchitectureTest.LAYERS -->";
    private static final String END = "<!-- /layers -->";

    private static JavaClasses classes;

    @BeforeAll
    static void importMain() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.railscope");
    }

    /** A layer: its packages and the layers it may use. */
    record Layer(String name, List<String> packages, List<String> mayUse) {

        static Layer of(String name, String packages, String... mayUse) {
            return new Layer(name, List.of(packages.split(", ")), List.of(mayUse));
        }
    }

    /** The layers from the bottom up; README's architecture table is drawn from this list. */
    static final List<Layer> LAYERS = List.of(
            Layer.of("database", "database"),
            Layer.of("model", "model"),
            Layer.of("config", "config", "model"),
            Layer.of("replicas", "replica", "model", "config"),
            Layer.of("sources", "source", "model", "config"),
            Layer.of("assessment", "assess, audit, fabric, health", "model", "config", "sources"),
            Layer.of("read models", "read", "model", "config", "sources", "assessment"),
            Layer.of("alerting", "alert", "model", "config", "sources", "assessment"),
            Layer.of("notification", "notify", "model", "config", "alerting", "replicas"),
            Layer.of(
                    "store",
                    "store",
                    "model",
                    "config",
                    "sources",
                    "assessment",
                    "read models",
                    "alerting",
                    "notification",
                    "replicas"),
            Layer.of("telemetry", "telemetry", "model", "config"),
            Layer.of(
                    "collect",
                    "collect",
                    "model",
                    "config",
                    "sources",
                    "assessment",
                    "read models",
                    "alerting",
                    "store",
                    "telemetry",
                    "replicas"),
            Layer.of("http", "http, security", "model", "config"),
            Layer.of(
                    "web and api",
                    "web, api",
                    "model",
                    "config",
                    "sources",
                    "assessment",
                    "read models",
                    "alerting",
                    "notification",
                    "http"),
            Layer.of(
                    "operations",
                    "ops",
                    "database",
                    "model",
                    "config",
                    "sources",
                    "assessment",
                    "read models",
                    "telemetry",
                    "http"));

    static LayeredArchitecture layers() {
        // a class in no layer (a new package) would escape every rule below
        LayeredArchitecture layers = layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture();
        for (Layer layer : LAYERS) {
            layers = layers.layer(layer.name())
                    .definedBy(layer.packages().stream()
                            .map(p -> "io.railscope." + p + "..")
                            .toArray(String[]::new));
        }
        for (Layer layer : LAYERS) {
            layers = layer.mayUse().isEmpty()
                    ? layers.whereLayer(layer.name()).mayNotAccessAnyLayer()
                    : layers.whereLayer(layer.name())
                            .mayOnlyAccessLayers(layer.mayUse().toArray(String[]::new));
        }
        return layers;
    }

    /** The table README shows between its layers markers. */
    static String table() {
        StringBuilder table = new StringBuilder("| Layer | Packages (`io.railscope.…`) | May use |\n|---|---|---|\n");
        for (Layer layer : LAYERS) {
            table.append("| ")
                    .append(layer.name())
                    .append(" | ")
                    .append(String.join(
                            ", ",
                            layer.packages().stream().map(p -> "`" + p + "`").toList()))
                    .append(" | ")
                    .append(layer.mayUse().isEmpty() ? "nothing" : String.join(", ", layer.mayUse()))
                    .append(" |\n");
        }
        return table.toString();
    }

    @Test
    void readmeShowsTheseLayers() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf(START);
        int end = readme.indexOf(END);
        assertThat(start).as("README.md has the markers %s and %s", START, END).isNotNegative();
        assertThat(readme.substring(start + START.length(), end).strip()).isEqualTo(table().strip());
    }

    @Test
    void layersUseOnlyTheLayersBelowThem() {
        layers().check(classes);
    }

    @Test
    void storeUsesTheTypesOfTheDomainLayersNotTheirLogic() {
        DescribedPredicate<JavaClass> domainLogic = resideInAnyPackage(
                        "..assess..", "..audit..", "..health..", "..alert..", "..notify..")
                .and(not(JavaClass.Predicates.RECORDS))
                .and(not(JavaClass.Predicates.ENUMS))
                .and(not(JavaClass.Predicates.INTERFACES))
                .as("hold the logic of assess, audit, health, alert or notify (their classes other than records, enums"
                        + " and interfaces)");
        noClasses()
                .that()
                .resideInAPackage("..store..")
                .should()
                .dependOnClassesThat(domainLogic)
                .because("the store reads and writes rows and nothing else: read, alert and collect apply those"
                        + " layers' rules to the rows it hands them, and the store may use their records, enums and"
                        + " interfaces only")
                .check(classes);
    }

    @Test
    void noPackageDependsOnItself() {
        ArchRule rule = slices().matching("io.railscope.(**)").should().beFreeOfCycles();
        rule.check(classes);
    }
}
