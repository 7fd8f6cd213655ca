package org.vmsched.ui.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/** The task table's cells against the thesis example, without the FX toolkit. */
class TaskTableViewModelTest {

    // Issue 30, item 10: a cell showed a stored 9.16666 as 9.1667; retyped, that was another task
    @Test
    void aCellShowsTheStoredValueUnrounded() throws InvalidScenarioException {
        MainViewModel main = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        main.openExample("thesis-example.json");
        TaskTableViewModel table = new TaskTableViewModel(main);
        main.setTaskField(0, 2, TaskField.PERIOD, "36.123456");
        main.setTaskField(0, 2, TaskField.DEADLINE, "29.16666");
        main.setTaskField(0, 2, TaskField.WCET, "1.000001");
        main.setTaskField(0, 2, TaskField.OFFSET, "0.33333");
        assertEquals("36.123456", table.text(2, TaskField.PERIOD));
        assertEquals("29.16666", table.text(2, TaskField.DEADLINE));
        assertEquals("1.000001", table.text(2, TaskField.WCET));
        assertEquals("0.33333", table.text(2, TaskField.OFFSET));
    }
}
