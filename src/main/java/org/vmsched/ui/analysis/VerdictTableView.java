package org.vmsched.ui.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.MapChangeListener;
import javafx.collections.ObservableMap;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.vmsched.analysis.Verdicts;
import org.vmsched.ui.TableRoom;

/**
 * The verdict table: system, cores, VMs and tasks with R, D and a coloured verdict, bound to an
 * {@link AnalysisViewModel}'s rows. R, D and the verdict keep the width of their text at any zoom;
 * the item wraps rather than hiding a VM's Tmax. FX thread only.
 */
public final class VerdictTableView extends VBox {

    /** Follows the font size the style sheet gives (zoom included): the columns' widths are in its units. */
    private final Label probe = new Label("0");

    /** What an Item cell's text leaves of its column: the cell's padding and a pixel of rounding. */
    private static final double CELL_PADDING = 12;

    /** Room kept for the table's vertical scroll bar and borders, in ems. */
    private static final double SCROLL_BAR_EMS = 1.6;

    private final TableView<ResultRow> table = new TableView<>();

    /** Each task's measured R from an imported trace, keyed "VM/task" as the task rows' items; empty for none. */
    private ObservableMap<String, String> measured = FXCollections.observableHashMap();

    /** The measured R column: empty until a trace is imported ({@link #showMeasured}). */
    private final TableColumn<ResultRow, String> mCol;

    public VerdictTableView(AnalysisViewModel analysis) {
        super(4);
        probe.setManaged(false);
        probe.setVisible(false);
        table.setId("resultTable");
        // R, D and the verdict are as wide as their text; the rest of the table goes to Item, whose
        // wrapping doubles a row's height (bound below: JavaFX 21 has no "flex first column" policy)
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(tv -> new TableRow<>() {
            @Override
            protected void updateItem(ResultRow r, boolean empty) {
                super.updateItem(r, empty);
                setTooltip(empty || r == null ? null : new Tooltip(r.item() + ": " + r.verdict()
                        + (r.responseTime().isEmpty() ? "" : ", R = " + r.responseTime() + ", D = " + r.deadline())));
            }
        });
        table.setItems(analysis.rows());
        TableColumn<ResultRow, String> item = itemColumn();
        TableColumn<ResultRow, String> verdict = verdictColumn(analysis);
        // R and D are as wide as their widest value (a lecture hall reads them whole), no wider: every
        // pixel they do not need goes to the Item column, whose wrapping doubles a row's height
        TableColumn<ResultRow, String> rCol = fitted("R", ResultRow::responseTime, 2.2, analysis);
        TableColumn<ResultRow, String> dCol = fitted("D", ResultRow::deadline, 2.2, analysis);
        mCol = measuredColumn(analysis);
        columnWidths(item, rCol, dCol, verdict, analysis);
        table.getColumns().add(item);
        table.getColumns().add(rCol);
        table.getColumns().add(mCol);
        table.getColumns().add(dCol);
        table.getColumns().add(verdict);
        Label placeholder = new Label();
        placeholder.textProperty().bind(analysis.messageProperty());
        placeholder.setWrapText(true);
        table.setPlaceholder(placeholder);
        Label title = new Label("Verdicts (analysis)");
        title.getStyleClass().add("section");
        getChildren().addAll(title, table, probe);
        VBox.setVgrow(table, Priority.ALWAYS);
        setPadding(new Insets(3, 6, 3, 6));
        table.setMinHeight(0);
        setMinHeight(0);
    }

    /** The Item column, whose text wraps in its width (after a "/" rather than mid-word). */
    private TableColumn<ResultRow, String> itemColumn() {
        TableColumn<ResultRow, String> item = column("Item", ResultRow::item, 5);
        item.setCellFactory(col -> new TableCell<>() {
            private final Text text = new Text();

            {
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(CELL_PADDING));
                text.getStyleClass().add("text");
            }

            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                // a thin space after "/" lets a task's "VM/task" wrap there rather than mid-word
                text.setText(empty || s == null ? "" : s.replace("/", "/\u2009"));
                setGraphic(empty ? null : text);
                setText(null);
            }
        });
        return item;
    }

    /** The OK? column: as wide as its widest verdict, each cell coloured by its row's verdict. */
    private TableColumn<ResultRow, String> verdictColumn(AnalysisViewModel analysis) {
        TableColumn<ResultRow, String> verdict = column("OK?", VerdictTableView::verdictText, 6);
        // the verdict column is as wide as its widest (bold) text, "? undecided" included
        verdict.minWidthProperty().unbind();
        verdict.minWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(3.5 * probe.getFont().getSize(), widestVerdict(analysis.rows(), probe.getFont()) + CELL_PADDING + 2),
                analysis.rows(), probe.fontProperty()));
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
        return verdict;
    }

    /** The R meas. column: as wide as its widest value, shown only while a trace is imported. */
    private TableColumn<ResultRow, String> measuredColumn(AnalysisViewModel analysis) {
        TableColumn<ResultRow, String> m = column("", this::measuredR, 2.6);
        Label mHead = new Label("R meas.");
        mHead.setTooltip(new Tooltip("Measured R: the longest response time of the task in the imported trace"
                + " (File > Import Trace…), beside the analytic R; empty while no trace is imported"));
        m.setGraphic(mHead);
        m.setId("measuredR");
        // shown only with an imported trace: without one it took the Item column's room, and at
        // 1024×768 the verdict rows wrapped out of sight (LectureHallTest)
        m.visibleProperty().bind(Bindings.createBooleanBinding(() -> !measured.isEmpty(), measuredVersion));
        m.minWidthProperty().unbind();
        m.minWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            Text t = new Text();
            t.setFont(probe.getFont());
            double w = 0;
            for (ResultRow r : analysis.rows()) {
                t.setText(measuredR(r));
                w = Math.max(w, t.getLayoutBounds().getWidth());
            }
            t.setText("R meas.");
            w = Math.max(w, t.getLayoutBounds().getWidth());
            return Math.max(2.6 * probe.getFont().getSize(), w + CELL_PADDING + 2);
        }, analysis.rows(), probe.fontProperty(), table.itemsProperty(), measuredVersion));
        return m;
    }

    /**
     * Binds the columns' widths: R, D, R meas. and the verdict at their least, the Item column
     * the rest of the table, and at least as wide as its longest word while that fits.
     */
    private void columnWidths(TableColumn<ResultRow, String> item, TableColumn<ResultRow, String> rCol,
                            TableColumn<ResultRow, String> dCol, TableColumn<ResultRow, String> verdict,
                            AnalysisViewModel analysis) {
        // wrapping breaks between words only while the longest word fits: the column is at least
        // that wide (up to 12 ems, and never so wide that R, D and the verdict no longer fit in
        // the table beside it: a longer word is broken rather than push the verdict away)
        item.minWidthProperty().bind(Bindings.createDoubleBinding(
                () -> {
                    double em = probe.getFont().getSize();
                    double room = table.getWidth() - rCol.getMinWidth() - dCol.getMinWidth() - shown(mCol, mCol.getMinWidth())
                            - verdict.getMinWidth() - SCROLL_BAR_EMS * em;
                    double wanted = Math.min(12 * em, widestWord(analysis.rows(), probe.getFont()) + CELL_PADDING + 2);
                    return Math.max(5 * em, table.getWidth() > 0 ? Math.min(wanted, room) : wanted);
                },
                analysis.rows(), probe.fontProperty(), table.widthProperty(), rCol.minWidthProperty(), dCol.minWidthProperty(),
                mCol.minWidthProperty(), mCol.visibleProperty(), verdict.minWidthProperty()));
        for (TableColumn<ResultRow, String> c : List.of(rCol, dCol, mCol, verdict)) {
            c.prefWidthProperty().bind(c.minWidthProperty());
        }
        item.prefWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(item.getMinWidth(), table.getWidth() - rCol.getWidth() - dCol.getWidth() - shown(mCol, mCol.getWidth())
                        - verdict.getWidth() - SCROLL_BAR_EMS * probe.getFont().getSize()),
                table.widthProperty(), item.minWidthProperty(), rCol.widthProperty(), dCol.widthProperty(),
                mCol.widthProperty(), mCol.visibleProperty(), verdict.widthProperty(), probe.fontProperty()));
    }

    /** {@code width} of {@code c} while it is shown, else 0. */
    private static double shown(TableColumn<?, ?> c, double width) {
        return c.isVisible() ? width : 0;
    }

    /** Bumped when the measured R change, so that the column's width and cells follow. */
    private final IntegerProperty measuredVersion = new SimpleIntegerProperty();

    private String measuredR(ResultRow r) {
        return "task".equals(r.level()) ? measured.getOrDefault(r.item(), "") : "";
    }

    /**
     * Shows each task's measured R of {@code byTask} (keyed "VM/task", as an imported trace gives
     * them) in the R meas. column, dimmed while {@code stale} (the trace was read for an earlier
     * revision of the scenario).
     */
    public void showMeasured(ObservableMap<String, String> byTask, ObservableBooleanValue stale) {
        measured = byTask;
        byTask.addListener((MapChangeListener<String, String>) c -> {
            measuredVersion.set(measuredVersion.get() + 1);
            table.refresh();
        });
        mCol.setStyle(stale.get() ? "-fx-opacity: 0.45;" : "");
        stale.addListener((o, a, b) -> mCol.setStyle(b ? "-fx-opacity: 0.45;" : ""));
        measuredVersion.set(measuredVersion.get() + 1);
        table.refresh();
    }

    /**
     * Makes this view at least as wide as its columns at their least widths, the vertical scroll bar
     * and its padding: where it stands in a split beside a chart (present mode's Gantt), the split then
     * gives it that much rather than cut the verdict column behind a sideways scroll bar.
     */
    public void keepColumnsWhole() {
        List<Observable> deps = new ArrayList<>();
        table.getColumns().forEach(c -> {
            deps.add(c.minWidthProperty());
            deps.add(c.visibleProperty());
        });
        deps.add(probe.fontProperty());
        minWidthProperty().bind(Bindings.createDoubleBinding(
                () -> table.getColumns().stream().mapToDouble(c -> shown(c, c.getMinWidth())).sum()
                        + SCROLL_BAR_EMS * probe.getFont().getSize() + getPadding().getLeft() + getPadding().getRight() + 4,
                deps.toArray(Observable[]::new)));
    }

    /**
     * The height, in px, this view needs to show {@code rows} one-line verdict rows whole at its
     * current width and font.
     */
    public double heightFor(int rows) {
        // a row is 24 px at the 14 px root font before the table has laid one out
        double row = TableRoom.rowHeight(table, probe.getFont().getSize() * 24 / 14);
        return TableRoom.height(this, table, rows, row);
    }

    private static String verdictText(ResultRow r) {
        return Verdicts.mark(r.ok(), r.undecided(), r.notGuaranteed());
    }

    /** The widest verdict text of the rows, in the bold of the verdict cells. */
    private static double widestVerdict(List<ResultRow> rows, Font font) {
        Text t = new Text();
        t.setFont(Font.font(font.getFamily(), FontWeight.BOLD, font.getSize()));
        double w = 0;
        for (ResultRow r : rows) {
            t.setText(verdictText(r));
            w = Math.max(w, t.getLayoutBounds().getWidth());
        }
        return w;
    }

    /** A column as wide as the widest of the rows' {@code f} in the table's font, and at least {@code ems}. */
    private TableColumn<ResultRow, String> fitted(String name, Function<ResultRow, String> f, double ems,
                                                  AnalysisViewModel analysis) {
        TableColumn<ResultRow, String> c = column(name, f, ems);
        c.minWidthProperty().unbind();
        c.minWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            Text t = new Text();
            t.setFont(probe.getFont());
            double w = 0;
            for (ResultRow r : analysis.rows()) {
                t.setText(f.apply(r));
                w = Math.max(w, t.getLayoutBounds().getWidth());
            }
            return Math.max(ems * probe.getFont().getSize(), w + CELL_PADDING + 2);
        }, analysis.rows(), probe.fontProperty()));
        return c;
    }

    /** The widest word of the rows' items in {@code font}, in pixels. */
    private static double widestWord(List<ResultRow> rows, Font font) {
        Text t = new Text();
        t.setFont(font);
        double w = 0;
        for (ResultRow r : rows) {
            for (String word : r.item().split("\\s+|(?<=/)")) {
                t.setText(word);
                w = Math.max(w, t.getLayoutBounds().getWidth());
            }
        }
        return w;
    }

    /** A column at least {@code ems} wide in the font of the table, so it grows with the zoom. */
    private TableColumn<ResultRow, String> column(String name, Function<ResultRow, String> f, double ems) {
        TableColumn<ResultRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(f.apply(d.getValue())));
        c.setSortable(false);
        c.minWidthProperty().bind(Bindings.createDoubleBinding(
                () -> ems * probe.getFont().getSize(), probe.fontProperty()));
        return c;
    }
}
