package org.vmsched.ui.tasks;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.TaskField;

/**
 * The task table's state: the tasks of the selected VM, the table's title, the selected row,
 * and per cell the text typed but not applied and its problem in words, from a
 * {@link MainViewModel}. Ui thread only.
 */
public final class TaskTableViewModel {

    private final MainViewModel main;
    private final ObservableList<Task> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ReadOnlyLongWrapper cellsChanged = new ReadOnlyLongWrapper();

    public TaskTableViewModel(MainViewModel main) {
        this.main = main;
        main.revisionProperty().addListener((o, a, b) -> refresh());
        main.selectedVmProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    private void refresh() {
        Scenario s = main.scenario();
        int v = main.selectedVmProperty().get();
        if (s != null && v >= 0 && v < s.vms().size()) {
            if (!rows.equals(s.vms().get(v).tasks())) {
                rows.setAll(s.vms().get(v).tasks());
            }
            title.set("Tasks of " + s.vms().get(v).name());
        } else {
            rows.clear();
            title.set("Tasks (select a VM)");
        }
        cellsChanged.set(cellsChanged.get() + 1);
    }

    /** The cell's text as the table shows it when not edited: the draft if any, else the model's value. */
    public String text(int row, TaskField f) {
        String draft = draftAt(row, f);
        if (draft != null) {
            return draft;
        }
        if (row < 0 || row >= rows.size()) {
            return "";
        }
        return shown(rows.get(row), f);
    }

    /** The model's value of {@code f} of {@code t}, as a cell shows it. */
    public static String shown(Task t, TaskField f) {
        return switch (f) {
            case NAME -> t.name();
            case WCET -> Format.typed(t.wcet());
            case PERIOD -> Format.typed(t.period());
            case DEADLINE -> Format.typed(t.deadline());
            case OFFSET -> Format.typed(t.offset());
        };
    }

    /** The text typed into a cell that is not in the model, or null. */
    public String draftAt(int row, TaskField f) {
        return main.draftAt(MainViewModel.taskPath(main.selectedVmProperty().get(), row, f));
    }

    /** The cell's problem in words ("VM1 / t2: wcet must be positive, got -1"), or null. */
    public String problemAt(int row, TaskField f) {
        String path = MainViewModel.taskPath(main.selectedVmProperty().get(), row, f);
        String p = main.problemAt(path);
        return p == null ? null : main.inWords(path) + " " + p;
    }

    /** What would be wrong with {@code text} in that cell, in words, or null; also said on the status line. */
    public String preview(int row, TaskField f, String text) {
        int v = main.selectedVmProperty().get();
        String p = main.previewTaskField(v, row, f, text);
        if (p == null) {
            return null;
        }
        String words = main.inWords(MainViewModel.taskPath(v, row, f)) + " " + p;
        main.statusProperty().set(words);
        return words;
    }

    /** Applies the text typed into a cell (or keeps it as a red draft). */
    public void commit(int row, TaskField f, String text) {
        main.setTaskField(main.selectedVmProperty().get(), row, f, text);
        cellsChanged.set(cellsChanged.get() + 1);
    }

    /** Selects a task row (−1: none). */
    public void select(int row) {
        if (row >= 0) {
            main.selectedTaskProperty().set(row);
        }
    }

    public ObservableList<Task> rows() {
        return rows;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** The selected task's row (−1: none). */
    public IntegerProperty selectedRowProperty() {
        return main.selectedTaskProperty();
    }

    /** Counts changes of cell texts and problems that leave the rows equal: the cells are redrawn on each. */
    public ReadOnlyLongProperty cellsChangedProperty() {
        return cellsChanged.getReadOnlyProperty();
    }
}
