package org.vmsched.analysis.mpr;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The MPR analysis is a pure engine: Java, commons-math fractions, the analysis's own supply and
 * verdicts, and (since issue 31 moved the scenario-level {@code GlobalAnalysis} here to break the
 * analysis ↔ analysis.mpr cycle) the model it reads and the number formats its notes use.
 */
@AnalyzeClasses(packages = "org.vmsched", importOptions = ImportOption.DoNotIncludeTests.class)
class MprLayerTest {

    @ArchTest
    static final ArchRule mprIsAPureEngine = noClasses()
            .that().resideInAPackage("org.vmsched.analysis.mpr..")
            .should().dependOnClassesThat(resideInAPackage("org.vmsched..")
                    .and(not(resideInAnyPackage("org.vmsched.analysis.mpr..", "org.vmsched.analysis", "org.vmsched.model..",
                            "org.vmsched.text..", "org.vmsched.progress.."))))
            .because("issue 21's analysis is used by the simulator, the CLI and the window, never the reverse");
}
