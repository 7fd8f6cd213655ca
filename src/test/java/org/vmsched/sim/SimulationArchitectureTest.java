package org.vmsched.sim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The simulation engine stays pure Java: no GUI, chart, CLI or file code in it. */
class SimulationArchitectureTest {

    @Test
    void simPackageUsesNoJavaFxJFreeChartCliOrIo() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.vmsched.sim");
        noClasses().that().resideInAPackage("org.vmsched.sim..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "org.vmsched.cli..",
                        "org.vmsched.io..", "org.vmsched.ui..", "org.vmsched.chart..", "picocli..")
                .check(classes);
    }
}
