package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.ui.Background;

/**
 * Issue 17, symptom 3: under Xen Credit the status line said "NOT schedulable" (from a yes/no
 * flag) while the verdict table said "undecided" (switch to CBS, then undo back to Credit, with a
 * simulation on screen). The status line now reads the table's system row, and only while that
 * row is of the document's revision. Plain JUnit.
 */
class ResultAgreementTest {

    @Test
    void underCreditAfterCbsAndUndoTheStatusLineSaysWhatTheTableSays() throws Exception {
        MainViewModel vm = StaleResultsTest.open(Background.immediate(), Background.immediate(), StaleResultsTest.OK,
                "thesis-example.json");
        vm.setHypervisorPolicy(HypervisorPolicy.CREDIT);
        vm.runSimulation();
        vm.setHypervisorPolicy(HypervisorPolicy.CBS);
        vm.undo();
        assertEquals(HypervisorPolicy.CREDIT, vm.scenario().hypervisor().policy());
        String table = vm.analysis().rows().get(0).verdict();
        String status = vm.statusProperty().get();
        assertEquals("undecided", table);
        assertTrue(status.startsWith("Analysis of this scenario: the system is undecided."), status);
        assertTrue(status.contains("previous scenario"), status);
        // after a run of this scenario, nothing stale: the same words, "up to date"
        vm.runSimulation();
        assertEquals("Analysis up to date: the system is " + vm.analysis().rows().get(0).verdict() + ".",
                vm.statusProperty().get());
    }

    @Test
    void atEveryStepOfAnEditTheStatusLineNamesAVerdictOnlyOfTheTablesRevision() throws Exception {
        MainViewModel vm = StaleResultsTest.open(Background.immediate(), Background.immediate(), StaleResultsTest.OK,
                "thesis-example.json");
        vm.runSimulation();
        List<String> wrong = new ArrayList<>();
        vm.statusProperty().addListener((o, a, b) -> {
            long table = vm.analysis().resultRevisionProperty().get();
            if (b.contains("the system is") && table != vm.revision()) {
                wrong.add("\"" + b + "\" with the table of revision " + table + ", the document at " + vm.revision());
            }
        });
        vm.setTaskField(0, 2, MainViewModel.TaskField.WCET, "5"); // t3 misses: NOT schedulable
        vm.undo();
        vm.setTaskField(0, 2, MainViewModel.TaskField.WCET, "5");
        assertTrue(wrong.isEmpty(), wrong.toString());
        assertEquals(vm.revision(), vm.analysis().resultRevisionProperty().get());
        assertTrue(vm.analysis().verdictsProperty().get().isCurrentAt(vm.revision()));
        assertEquals(vm.analysis().verdictsProperty().get().value().rows(), List.copyOf(vm.analysis().rows()));
        assertTrue(vm.statusProperty().get().contains("the system is " + vm.analysis().rows().get(0).verdict() + "."),
                vm.statusProperty().get());
    }
}
