package org.vmsched.experiment;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The experiment engine stays pure: no GUI, no charts, no files, no CLI (model, analysis and the simulator only). */
class ExperimentLayeringTest {

    @Test
    void experimentEngineDependsOnlyOnModelAnalysisAndTheSimulator() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.vmsched");
        noClasses().that().resideInAPackage("org.vmsched.experiment..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "com.fasterxml..",
                        "org.vmsched.io..", "org.vmsched.chart..", "org.vmsched.cli..", "org.vmsched.ui..", "picocli..")
                .check(classes);
    }
}
