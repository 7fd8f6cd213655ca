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
 * The layering as rules, in one place (this class is where it is written down): {@code ui, cli → io,
 * chart, experiment → analysis, sim → model}, and {@code policy} (the registry over one package per
 * policy, none of which knows another, on what they implement in {@code policy.spi}) above the
 * engines and the model, which never use it; engines free of JavaFX and JFreeChart, files and the command line; exercises
 * ({@code exercise}) on the analysis, the simulator and the model only;
 * chart factories free of JavaFX; ViewModels free of controls and of JFreeChart (they hold a chart's
 * data, the View draws it); and no cycle between any two
 * packages: every package is its own slice, a subpackage apart from its parent and the root
 * {@code ui} package apart from the window's feature packages (issue 31: folding subpackages into
 * their parent hid {@code sim ↔ sim.kernel}, {@code analysis ↔ analysis.hier},
 * {@code analysis ↔ analysis.mpr} and {@code ui ↔ ui.main}). The feature packages
 * ({@code org.vmsched.ui.*}) meet in the {@code ui.document} and {@code ui.main} models, not in
 * each other. {@code linux} (the real-kernel
 * loop) on the engines and the model only.
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

    /**
     * The MPR analysis is a pure engine: Java, commons-math fractions, the analysis's own supply and
     * verdicts, and (since issue 31 moved the scenario-level {@code GlobalAnalysis} here to break the
     * analysis ↔ analysis.mpr cycle) the model it reads and the number formats its notes use; no other
     * analysis package. Its own test class once, which imported every class of the project a second time.
     */
    @ArchTest
    static final ArchRule mprIsAPureEngine = noClasses()
            .that().resideInAPackage("org.vmsched.analysis.mpr..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.analysis.mpr..", "org.vmsched.analysis", "org.vmsched.model..",
                            "org.vmsched.text..", "org.vmsched.progress.."))))
            .because("issue 21's analysis is used by the simulator, the CLI and the window, never the reverse");

    @ArchTest
    static final ArchRule simUsesOnlyTheModelAndTheAnalysis = noClasses()
            .that().resideInAPackage("org.vmsched.sim..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.sim..", "org.vmsched.analysis..", "org.vmsched.model..",
                            "org.vmsched.progress..", "org.vmsched.text.."))))
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule enginesAndModelKnowNoPolicyModule = noClasses()
            .that().resideInAnyPackage("org.vmsched.model..", "org.vmsched.analysis..", "org.vmsched.sim..")
            .should().dependOnClassesThat().resideInAPackage("org.vmsched.policy..")
            .because("a policy module builds its scheduler's and analysis's parameters and hands them in:"
                    + " the engines and the model reach a policy only through the interfaces it implements");

    @ArchTest
    static final ArchRule policiesUseOnlyTheEnginesAndTheModel = noClasses()
            .that().resideInAPackage("org.vmsched.policy..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.policy..", "org.vmsched.analysis..", "org.vmsched.sim..",
                            "org.vmsched.model..", "org.vmsched.progress..", "org.vmsched.text.."))))
            .because("a policy package sits above the engines (its scheduler, its analysis) and below the front ends");

    @ArchTest
    static final ArchRule policyPackagesDoNotKnowEachOther = slices().matching("org.vmsched.policy.(*)..")
            .should().notDependOnEachOther()
            .ignoreDependency(com.tngtech.archunit.base.DescribedPredicate.alwaysTrue(),
                    resideInAPackage("org.vmsched.policy.spi.."))
            .because("a policy is one package: what policies share is what they implement (policy.spi), and the"
                    + " registry above them (org.vmsched.policy) is the one list of them (issue 31)");

    @ArchTest
    static final ArchRule designUsesOnlyTheAnalysisAndTheModel = noClasses()
            .that().resideInAPackage("org.vmsched.design..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.design..", "org.vmsched.analysis..", "org.vmsched.model..",
                            "org.vmsched.progress..", "org.vmsched.text.."))))
            .because("interface design is an engine on the exact analysis (THEORY.md §12)");

    @ArchTest
    static final ArchRule exercisesUseOnlyTheAnalysisAndTheModel = noClasses()
            .that().resideInAPackage("org.vmsched.exercise..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.exercise..", "org.vmsched.analysis..", "org.vmsched.sim..",
                            "org.vmsched.model..", "org.vmsched.text.."))))
            .orShould().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "com.fasterxml..", "picocli..")
            .because("an exercise is worked by the tool's own analysis or simulator (one truth: the gantt kind's"
                    + " slots are the simulator's); files, the command line and the window read it (issue 33)");

    @ArchTest
    static final ArchRule linuxLoopUsesOnlyTheEnginesAndTheModel = noClasses()
            .that().resideInAPackage("org.vmsched.linux..")
            .should().dependOnClassesThat(resideInAPackage(OURS)
                    .and(not(resideInAnyPackage("org.vmsched.linux..", "org.vmsched.design..", "org.vmsched.analysis..",
                            "org.vmsched.model..", "org.vmsched.text.."))))
            .orShould().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "picocli..", "com.fasterxml..")
            .because("the rt-app export and the trace reader are engines (issue 34): the command line and the window"
                    + " bring files, the simulation and the output");

    @ArchTest
    static final ArchRule frontEndsSimulateThroughTheReport = noClasses()
            .that().resideInAnyPackage("org.vmsched.cli..", "org.vmsched.ui..")
            .or().haveFullyQualifiedName("org.vmsched.experiment.PolicyComparison")
            .should().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe("Simulator.run",
                    (com.tngtech.archunit.core.domain.JavaMethodCall c) -> c.getName().equals("run")
                            && c.getTargetOwner().getName().equals("org.vmsched.sim.Simulator")))
            .because("the window, simulate and compare run the simulator through SimulationReport, as analyze"
                    + " and tmax run the analysis through AnalysisReport: one pipeline (issue 17)");

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
    static final ArchRule experimentsUseNoFilesChartsOrCommandLine = noClasses()
            .that().resideInAPackage("org.vmsched.experiment..")
            .should().dependOnClassesThat().resideInAnyPackage("com.fasterxml..", "org.vmsched.io..",
                    "org.vmsched.chart..", "picocli..")
            .because("the experiment engine runs on model, analysis and the simulator only");

    @ArchTest
    static final ArchRule simUsesNoFilesChartsOrCommandLine = noClasses()
            .that().resideInAPackage("org.vmsched.sim..")
            .should().dependOnClassesThat().resideInAnyPackage("org.vmsched.cli..", "org.vmsched.io..",
                    "org.vmsched.ui..", "org.vmsched.chart..", "picocli..")
            .because("the simulation engine stays pure Java");

    @ArchTest
    static final ArchRule chartFactoriesDoNotUseJavaFx = noClasses()
            .that().resideInAPackage("org.vmsched.chart..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree.chart.fx..", "org.vmsched.ui..")
            .because("the command line draws the same charts without a display");

    @ArchTest
    static final ArchRule viewModelsNeverTouchControlsOrTheFxThread = noClasses()
            .that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "org.jfree.chart.fx..")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("javafx.application.Platform")
            .because("MVVM: Views bind, ViewModels stay testable with plain JUnit");

    @ArchTest
    static final ArchRule viewModelsHoldChartDataNotCharts = noClasses()
            .that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().resideInAPackage("org.jfree..")
            .because("a ViewModel holds a chart's data as plain values; its View builds the chart (issue 31)");

    @ArchTest
    static final ArchRule theDocumentKnowsNoView = noClasses()
            .that().resideInAPackage("org.vmsched.ui.document..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "org.jfree..")
            .orShould().dependOnClassesThat(resideInAPackage("org.vmsched.ui..")
                    .and(not(resideInAPackage("org.vmsched.ui.document.."))))
            .because("every feature of the window depends on the document, not the other way round");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("org.vmsched.(**)").should().beFreeOfCycles()
            .because("each package is a slice of its own, subpackages and the root ui package included (issue 31)");

    @ArchTest
    static final ArchRule noCyclesBetweenTheWindowsPackages = slices().matching("org.vmsched.ui.(*)..")
            .should().beFreeOfCycles()
            .because("features meet in the document and the main model, not in each other (issue 17)");
}
