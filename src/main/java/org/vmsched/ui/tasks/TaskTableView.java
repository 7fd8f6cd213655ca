package org.vmsched.ui.tasks;

import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.util.converter.DefaultStringConverter;
import org.vmsched.model.Task;
import org.vmsched.ui.TableRoom;
import org.vmsched.ui.main.MainViewModel.TaskField;

/**
 * The tasks of the selected VM, edited in place; a cell with a problem is red with the reason in
 * its tooltip. Bound to a {@link TaskTableViewModel}. FX thread only.
 */
public final class TaskTableView extends VBox {

    private final TaskTableViewModel vm;
    private final TableView<Task> table = new TableView<>();

    /** Follows the font size the style sheet gives (zoom included): the columns' widths are in its units. */
    private final Label probe = new Label("0");

    public TaskTableView(TaskTableViewModel vm) {
        super(4);
        this.vm = vm;
        table.setId("taskTable");
        table.setEditable(true);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        for (TaskField f : TaskField.values()) {
            TableColumn<Task, String> c = new TableColumn<>(f.json);
            c.setCellValueFactory(d -> new SimpleStringProperty(TaskTableViewModel.shown(d.getValue(), f)));
            c.setCellFactory(col -> new TaskCell(f));
            c.setOnEditCommit(e -> {
                vm.commit(e.getTablePosition().getRow(), f, e.getNewValue());
                // the edited cell's editor is gone: keep the focus here, not on the first text field of the window
                table.requestFocus();
            });
            c.setSortable(false);
            // as wide as its (bold) header at any zoom: Ctrl+Plus twice cut the headers to "pe…", "de…"
            // (issue 19); the table scrolls sideways instead when the window is too narrow
            c.minWidthProperty().bind(Bindings.createDoubleBinding(() -> {
                Text t = new Text(f.json);
                t.setFont(Font.font(probe.getFont().getFamily(), FontWeight.BOLD,
                        probe.getFont().getSize()));
                return Math.max(40, t.getLayoutBounds().getWidth() + probe.getFont().getSize());
            }, probe.fontProperty()));
            table.getColumns().add(c);
        }
        probe.setManaged(false);
        probe.setVisible(false);
        // the table's own list: emptied only after its selection is, which an empty table cannot hold
        vm.rows().addListener((ListChangeListener<Task>) ch -> showRows());
        showRows();
        table.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> vm.select(b.intValue()));
        vm.selectedRowProperty().addListener((o, a, b) -> showSelection());
        vm.cellsChangedProperty().addListener((o, a, b) -> table.refresh());
        Label title = new Label();
        title.getStyleClass().add("section");
        title.textProperty().bind(vm.titleProperty());
        title.setTooltip(new Tooltip("Double-click a cell to edit it; Enter applies, Esc cancels"));
        table.setTooltip(new Tooltip("Double-click a cell to edit it; Enter applies, Esc cancels"));
        getChildren().addAll(title, table, probe);
        VBox.setVgrow(table, Priority.ALWAYS);
        setPadding(new Insets(6));
    }

    /**
     * The height, in px, this view needs to show {@code rows} task rows whole at its current
     * width and font (the main window gives it room for four: issue 19).
     */
    public double heightFor(int rows) {
        // a row is 24 px at the 14 px root font before the table has laid one out
        double row = TableRoom.rowHeight(table, probe.getFont().getSize() * 24 / 14);
        return TableRoom.height(this, table, rows, row);
    }

    private void showRows() {
        table.getSelectionModel().clearSelection();
        table.getItems().setAll(vm.rows());
        showSelection();
    }

    private void showSelection() {
        int t = vm.selectedRowProperty().get();
        if (t >= 0 && t < table.getItems().size()) {
            if (table.getSelectionModel().getSelectedIndex() != t) {
                table.getSelectionModel().select(t);
            }
        } else if (!table.getSelectionModel().isEmpty()) {
            table.getSelectionModel().clearSelection();
        }
    }

    /** A task cell: inline text editing, red with the reason in a tooltip when it has a problem. */
    private final class TaskCell extends TextFieldTableCell<Task, String> {
        private final TaskField field;

        TaskCell(TaskField field) {
            super(new DefaultStringConverter());
            this.field = field;
        }

        @Override
        public void startEdit() {
            super.startEdit();
            if (getGraphic() instanceof TextField tf) {
                tf.setId("cellEditor");
                int row = getIndex();
                if (vm.draftAt(row, field) != null) {
                    tf.setText(vm.draftAt(row, field)); // go on from what was typed, not from the model's value
                    tf.selectAll();
                }
                tf.textProperty().addListener((o, a, b) -> {
                    String p = vm.preview(row, field, b);
                    tf.getStyleClass().remove("invalid");
                    tf.setTooltip(p == null ? null : new Tooltip(p));
                    if (p != null) {
                        tf.getStyleClass().add("invalid");
                    }
                });
            }
        }

        @Override
        public void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().remove("invalid");
            setTooltip(null);
            if (empty || getIndex() < 0) {
                setId(null);
                return;
            }
            setId("task-" + getIndex() + "-" + field.json);
            if (!isEditing()) {
                setText(vm.text(getIndex(), field)); // a draft shows red until corrected
            }
            String p = vm.problemAt(getIndex(), field);
            if (p != null) {
                getStyleClass().add("invalid");
                setTooltip(new Tooltip(p));
            }
        }
    }
}
