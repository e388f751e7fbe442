package io.railscope;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of README's "Architecture" section, as rules: each layer names the layers it may use,
 * and no package depends, through any chain, on itself.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMain() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.railscope");
    }

    /** The layers and what each may use; README's architecture section lists the same. */
    static LayeredArchitecture layers() {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("model").definedBy("io.railscope.model..")
                .layer("config").definedBy("io.railscope.config..")
                .layer("sources").definedBy("io.railscope.source..")
                .layer("assessment").definedBy("io.railscope.assess..", "io.railscope.audit..", "io.railscope.health..")
                .layer("read models").definedBy("io.railscope.read..")
                .layer("alerting").definedBy("io.railscope.alert..")
                .layer("notification").definedBy("io.railscope.notify..")
                .layer("store").definedBy("io.railscope.store..")
                .layer("telemetry").definedBy("io.railscope.telemetry..")
                .layer("collect").definedBy("io.railscope.collect..")
                .layer("http").definedBy("io.railscope.http..", "io.railscope.security..")
                .layer("web and api").definedBy("io.railscope.web..", "io.railscope.api..")
                .layer("operations").definedBy("io.railscope.ops..")
                .whereLayer("model").mayNotAccessAnyLayer()
                .whereLayer("config").mayOnlyAccessLayers("model")
                .whereLayer("sources").mayOnlyAccessLayers("model", "config")
                .whereLayer("assessment").mayOnlyAccessLayers("model", "config", "sources")
                .whereLayer("read models").mayOnlyAccessLayers("model", "config", "sources", "assessment")
                .whereLayer("alerting").mayOnlyAccessLayers("model", "config", "sources", "assessment")
                .whereLayer("notification").mayOnlyAccessLayers("model", "config", "alerting")
                .whereLayer("store").mayOnlyAccessLayers("model", "config", "sources", "assessment", "read models", "alerting", "notification")
                .whereLayer("telemetry").mayOnlyAccessLayers("model", "config")
                .whereLayer("collect").mayOnlyAccessLayers("model", "config", "sources", "assessment", "read models", "alerting", "store", "telemetry")
                .whereLayer("http").mayOnlyAccessLayers("model", "config")
                .whereLayer("web and api").mayOnlyAccessLayers("model", "config", "sources", "assessment", "read models", "alerting", "notification", "http")
                .whereLayer("operations").mayOnlyAccessLayers("model", "config", "assessment", "read models", "telemetry", "http");
    }

    @Test
    void layersUseOnlyTheLayersBelowThem() {
        layers().check(classes);
    }

    @Test
    void noPackageDependsOnItself() {
        ArchRule rule = slices().matching("io.railscope.(**)").should().beFreeOfCycles();
        rule.check(classes);
    }
}
