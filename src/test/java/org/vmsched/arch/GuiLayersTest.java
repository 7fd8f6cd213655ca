package org.vmsched.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The GUI's layering: chart factories free of JavaFX, ViewModels free of controls. */
class GuiLayersTest {

    static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.vmsched");

    @Test
    void chartFactoriesDoNotUseJavaFx() {
        noClasses().that().resideInAPackage("org.vmsched.chart..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree.chart.fx..", "org.vmsched.ui..")
                .check(CLASSES);
    }

    @Test
    void viewModelsNeverTouchControlsOrTheFxThread() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "org.jfree.chart.fx..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("javafx.application.Platform")
                .check(CLASSES);
    }

    @Test
    void enginesDoNotUseTheGui() {
        noClasses().that().resideInAnyPackage("org.vmsched.model..", "org.vmsched.analysis..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "org.vmsched.ui..", "org.vmsched.chart..")
                .check(CLASSES);
    }
}
