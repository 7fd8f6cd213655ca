package org.vmsched.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.vmsched.chart.ExportOptions;
import org.vmsched.text.Format;

/**
 * The chart export dialog: width, height and font size, with the printed size of the text at
 * column and page width shown as the user types, and a message naming the field while a value
 * is wrong (OK is disabled until all are fine). Use on the FX thread.
 */
final class ExportOptionsDialog {

    private ExportOptionsDialog() {
    }

    /** The options the user chose starting from {@code start}, or null when cancelled. */
    static ExportOptions ask(Window owner, ExportOptions start) {
        Dialog<ExportOptions> d = new Dialog<>();
        d.initOwner(owner);
        FxDialogs.fit(d, "Export chart");
        d.setHeaderText("Size of the exported chart (pixels for PNG, points for PDF and SVG)\n"
                + "and of its tick and legend text (titles and axis labels are drawn larger)");
        TextField w = field("exportWidth", String.valueOf(start.width()));
        TextField h = field("exportHeight", String.valueOf(start.height()));
        TextField f = field("exportFontSize", Format.upTo(start.fontSize(), 1));
        Label printed = new Label();
        printed.setId("exportPrinted");
        printed.setWrapText(true);
        Label problem = new Label();
        problem.setId("exportProblem");
        problem.getStyleClass().add("field-error");
        problem.setStyle("-fx-text-fill: #b00020;");
        problem.setWrapText(true);
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(8);
        g.addRow(0, new Label("Width"), w);
        g.addRow(1, new Label("Height"), h);
        g.addRow(2, new Label("Font size"), f);
        g.add(printed, 0, 3, 2, 1);
        g.add(problem, 0, 4, 2, 1);
        printed.setMaxWidth(420);
        problem.setMaxWidth(420);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Runnable check = () -> {
            Parsed p = parse(w.getText(), h.getText(), f.getText());
            problem.setText(String.join("\n", p.problems()));
            printed.setText(p.options() == null ? "" : printedText(p.options()));
            d.getDialogPane().lookupButton(ButtonType.OK).setDisable(p.options() == null);
        };
        w.textProperty().addListener((o, a, b) -> check.run());
        h.textProperty().addListener((o, a, b) -> check.run());
        f.textProperty().addListener((o, a, b) -> check.run());
        check.run();
        d.setResultConverter(b -> b == ButtonType.OK ? parse(w.getText(), h.getText(), f.getText()).options() : null);
        return d.showAndWait().orElse(null);
    }

    /** What the typed fields mean: options, or the problems (each naming its field). */
    record Parsed(ExportOptions options, List<String> problems) {
    }

    /** Parses the three fields. */
    static Parsed parse(String width, String height, String fontSize) {
        List<String> out = new ArrayList<>();
        Integer w = whole("width", width, out);
        Integer h = whole("height", height, out);
        Double f = number("font size", fontSize, out);
        if (!out.isEmpty()) {
            return new Parsed(null, out);
        }
        List<String> p = ExportOptions.problems(w, h, f);
        return p.isEmpty() ? new Parsed(new ExportOptions(w, h, f.floatValue()), List.of()) : new Parsed(null, p);
    }

    /** "At one column's width (3.5 in) the tick text prints at 7 pt; at a page's text width at 14.3 pt." */
    static String printedText(ExportOptions o) {
        return "Printed one journal column wide (3.5 in), the tick text is "
                + Format.upTo(o.printedFontPt(ExportOptions.COLUMN_PT), 1) + " pt; printed a page's text width (7.2 in), "
                + Format.upTo(o.printedFontPt(ExportOptions.TEXT_WIDTH_PT), 1) + " pt. Journals ask for at least "
                + Format.upTo(ExportOptions.MIN_PRINTED_PT, 1) + " pt.";
    }

    private static Integer whole(String name, String text, List<String> out) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            out.add(name + " is missing");
            return null;
        }
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            out.add(name + " must be a whole number, got \"" + t + "\"");
            return null;
        }
    }

    private static Double number(String name, String text, List<String> out) {
        String t = text == null ? "" : text.strip().replace(',', '.');
        if (t.isEmpty()) {
            out.add(name + " is missing");
            return null;
        }
        try {
            double v = Double.parseDouble(t);
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            out.add(name + " must be a number, got \"" + t + "\"");
            return null;
        }
    }

    private static TextField field(String id, String text) {
        TextField t = new TextField(text);
        t.setId(id);
        t.setPrefColumnCount(7);
        return t;
    }
}
