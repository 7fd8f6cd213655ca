package org.vmsched.analysis.mpr;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The MPR analysis is a pure engine: Java, commons-math fractions and the analysis's own supply and verdicts. */
@AnalyzeClasses(packages = "org.vmsched", importOptions = ImportOption.DoNotIncludeTests.class)
class MprLayerTest {

    @ArchTest
    static final ArchRule mprIsAPureEngine = noClasses()
            .that().resideInAPackage("org.vmsched.analysis.mpr..")
            .should().dependOnClassesThat(resideInAPackage("org.vmsched..")
                    .and(not(resideInAnyPackage("org.vmsched.analysis.mpr..", "org.vmsched.analysis"))))
            .because("issue 21's analysis is used by the simulator, the CLI and the window, never the reverse");
}
