package org.vmsched.ui.main;

import java.util.function.Supplier;
import javafx.print.PageLayout;
import javafx.print.PageOrientation;
import javafx.print.PrinterJob;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.stage.Window;

/**
 * File > Print: the chart in view on one landscape page of the default printer, fitted to its
 * printable area. The printer is behind {@link Printer}, so that a computer with none (a lab's, a
 * build machine's) is tested as it is met: the status line says so and nothing throws. FX thread
 * only for {@link #system()}'s printing; {@link #print} itself touches no control.
 */
public final class ChartPrinting {

    /** A printer, or the lack of one: JavaFX's default printer in the window, a stand-in in tests. */
    public interface Printer {
        /** The printer's name, or null when no printer is installed. */
        String name();

        /**
         * Prints its page (drawn only now) in a job named after {@code title}, after the system's
         * print dialog; false when the user cancelled it. Throws, saying why, when there is nothing
         * to draw or the printer refuses the page.
         */
        boolean print(String title);
    }

    /** What the status line says on a computer without a printer. */
    public static final String NO_PRINTER = "Cannot print: no printer is installed on this computer;"
            + " File > Export Chart writes a PNG or PDF to print from another one";

    private ChartPrinting() {
    }

    /**
     * Prints on {@code printer} (which draws its page only once it is known to be there) and
     * returns what the status line says: printed, cancelled, no printer, or why it could not
     * print. Never throws.
     */
    public static String print(Printer printer, String what) {
        String name;
        try {
            name = printer.name();
        } catch (RuntimeException e) {
            name = null; // a print service that cannot even be asked is no printer either
        }
        if (name == null) {
            return NO_PRINTER;
        }
        try {
            return printer.print(what) ? "Printed the " + what + " chart on " + name : "Printing cancelled";
        } catch (RuntimeException e) {
            return "Cannot print the " + what + " chart on " + name + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /**
     * JavaFX's default printer (none when the system has no printer installed), printing the
     * image {@code page} gives (null: the chart has nothing to draw) over {@code owner}.
     */
    public static Printer system(Supplier<Image> page, Window owner) {
        return new Printer() {
            @Override
            public String name() {
                javafx.print.Printer p = javafx.print.Printer.getDefaultPrinter();
                return p == null ? null : p.getName();
            }

            @Override
            public boolean print(String title) {
                Image image = page.get();
                if (image == null) {
                    throw new IllegalStateException("the chart has nothing to draw");
                }
                PrinterJob job = PrinterJob.createPrinterJob();
                if (job == null) {
                    throw new IllegalStateException("no print job could be started");
                }
                job.getJobSettings().setJobName("VMSched: " + title);
                if (!job.showPrintDialog(owner)) {
                    job.cancelJob();
                    return false;
                }
                PageLayout page = job.getPrinter().createPageLayout(job.getJobSettings().getPageLayout().getPaper(),
                        PageOrientation.LANDSCAPE, javafx.print.Printer.MarginType.DEFAULT);
                ImageView view = new ImageView(image);
                view.setPreserveRatio(true);
                view.setSmooth(true);
                view.setFitWidth(page.getPrintableWidth());
                view.setFitHeight(page.getPrintableHeight());
                if (!job.printPage(page, view) || !job.endJob()) {
                    throw new IllegalStateException("the printer refused the page (" + job.getJobStatus() + ")");
                }
                return true;
            }
        };
    }
}
