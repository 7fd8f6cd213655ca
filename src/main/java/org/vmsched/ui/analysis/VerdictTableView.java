package org.vmsched.ui.analysis;

import java.util.function.Function;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The verdict table: system, cores, VMs and tasks with R, D and a coloured verdict, bound to an
 * {@link AnalysisViewModel}'s rows. R, D and the verdict keep the width of their text at any zoom;
 * the item wraps rather than hiding a VM's Tmax. FX thread only.
 */
public final class VerdictTableView extends VBox {

    /** Follows the font size the style sheet gives (zoom included): the columns' widths are in its units. */
    private final Label probe = new Label("0");

    public VerdictTableView(AnalysisViewModel analysis) {
        super(4);
        probe.setManaged(false);
        probe.setVisible(false);
        TableView<ResultRow> table = new TableView<>();
        table.setId("resultTable");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(tv -> new TableRow<>() {
            @Override
            protected void updateItem(ResultRow r, boolean empty) {
                super.updateItem(r, empty);
                setTooltip(empty || r == null ? null : new Tooltip(r.item() + ": " + r.verdict()
                        + (r.responseTime().isEmpty() ? "" : ", R = " + r.responseTime() + ", D = " + r.deadline())));
            }
        });
        table.setItems(analysis.rows());
        TableColumn<ResultRow, String> item = column("Item", ResultRow::item, 5);
        item.setCellFactory(col -> new TableCell<>() {
            private final Text text = new Text();

            {
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(12));
                text.getStyleClass().add("text");
            }

            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                text.setText(empty || s == null ? "" : s);
                setGraphic(empty ? null : text);
                setText(null);
            }
        });
        table.getColumns().add(item);
        table.getColumns().add(column("R", ResultRow::responseTime, 4.2));
        table.getColumns().add(column("D", ResultRow::deadline, 4.2));
        TableColumn<ResultRow, String> verdict = column("OK?", r -> r.undecided() ? "? undecided" : r.ok() ? "✔ yes" : "✖ NO", 6);
        verdict.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                getStyleClass().removeAll("verdict-ok", "verdict-bad", "verdict-undecided");
                ResultRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : s);
                if (r != null) {
                    getStyleClass().add(r.undecided() ? "verdict-undecided" : r.ok() ? "verdict-ok" : "verdict-bad");
                }
            }
        });
        table.getColumns().add(verdict);
        Label placeholder = new Label();
        placeholder.textProperty().bind(analysis.messageProperty());
        placeholder.setWrapText(true);
        table.setPlaceholder(placeholder);
        Label title = new Label("Verdicts (analysis)");
        title.getStyleClass().add("section");
        getChildren().addAll(title, table, probe);
        VBox.setVgrow(table, Priority.ALWAYS);
        setPadding(new Insets(6));
        table.setMinHeight(0);
        setMinHeight(0);
    }

    /** A column at least {@code ems} wide in the font of the table, so it grows with the zoom. */
    private TableColumn<ResultRow, String> column(String name, Function<ResultRow, String> f, double ems) {
        TableColumn<ResultRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(f.apply(d.getValue())));
        c.setSortable(false);
        c.minWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                () -> ems * probe.getFont().getSize(), probe.fontProperty()));
        return c;
    }
}
