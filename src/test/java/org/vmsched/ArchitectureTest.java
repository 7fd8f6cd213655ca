package org.vmsched;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of HOUSE-STYLE.md as rules: {@code ui, cli → io, chart, experiment → analysis, sim →
 * model}; engines free of JavaFX and JFreeChart; no package cycles. Packages that do not exist
 * yet (sim, experiment, ui) do not fail a rule.
 */
@AnalyzeClasses(packages = "org.vmsched", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String OURS = "org.vmsched..";

    @ArchTest
    static final ArchRule modelDependsOnNothingOfOurs = noClasses()
            .that().resideInAPackage("org.vmsched.model..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.model..", "org.vmsched.text.."))))
            .because("the model is the bottom layer (above only the vocabulary of numbers, text)");

    @ArchTest
    static final ArchRule textDependsOnNothingOfOurs = noClasses()
            .that().resideInAPackage("org.vmsched.text..")
            .should().dependOnClassesThat(resideInAPackage(OURS).and(not(resideInAPackage("org.vmsched.text.."))))
            .because("number formats and CSV are the vocabulary below every layer (issue 17)");

    @ArchTest
    static final ArchRule reportDoesNotKnowFilesOrUserInterfaces = noClasses()
            .that().resideInAPackage("org.vmsched.report..")
            .should().dependOnClassesThat().resideInAnyPackage("org.vmsched.io..", "org.vmsched.cli..",
                    "org.vmsched.ui..", "org.vmsched.chart..", "javafx..", "org.jfree..")
            .because("the report is what the window and the command line both read (issue 17)");

    @ArchTest
    static final ArchRule progressDependsOnNothingOfOurs = noClasses()
            .that().resideInAPackage("org.vmsched.progress..")
            .should().dependOnClassesThat(resideInAPackage(OURS).and(not(resideInAPackage("org.vmsched.progress.."))))
            .because("progress and cancellation are the vocabulary below every engine");

    @ArchTest
    static final ArchRule analysisUsesOnlyTheModel = noClasses()
            .that().resideInAPackage("org.vmsched.analysis..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.analysis..", "org.vmsched.model..", "org.vmsched.progress..",
                            "org.vmsched.text.."))))
            .because("the analytic engine must not know the simulator, files or user interfaces");

    @ArchTest
    static final ArchRule simUsesOnlyTheModelAndTheAnalysis = noClasses()
            .that().resideInAPackage("org.vmsched.sim..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.sim..", "org.vmsched.analysis..", "org.vmsched.model..",
                            "org.vmsched.progress.."))))
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule designUsesOnlyTheAnalysisAndTheModel = noClasses()
            .that().resideInAPackage("org.vmsched.design..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.design..", "org.vmsched.analysis..", "org.vmsched.model..",
                            "org.vmsched.progress.."))))
            .because("interface design is an engine on the exact analysis (THEORY.md §12)");

    @ArchTest
    static final ArchRule experimentsDoNotUseUserInterfaces = noClasses()
            .that().resideInAPackage("org.vmsched.experiment..")
            .should().dependOnClassesThat().resideInAnyPackage("org.vmsched.ui..", "org.vmsched.cli..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule onlyTheGuiUsesJavaFx = noClasses()
            .that().resideOutsideOfPackage("org.vmsched.ui..")
            .should().dependOnClassesThat().resideInAPackage("javafx..")
            .because("only the GUI may need a display");

    @ArchTest
    static final ArchRule enginesUseNeitherJavaFxNorJFreeChart = noClasses()
            .that().resideInAnyPackage("org.vmsched.model..", "org.vmsched.analysis..", "org.vmsched.sim..",
                    "org.vmsched.experiment..", "org.vmsched.design..", "org.vmsched.progress..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..")
            .because("engines run headless and in tests without a chart library");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("org.vmsched.(*)..").should().beFreeOfCycles();
}
