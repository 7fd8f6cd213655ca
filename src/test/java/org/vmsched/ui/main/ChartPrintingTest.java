package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import javafx.scene.image.Image;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/** File > Print on a computer without a printer, and on one that refuses: a status line, never an exception (issue 30, item 12). */
class ChartPrintingTest {

    private static ChartPrinting.Printer printer(String name, RuntimeException refusal) {
        return new ChartPrinting.Printer() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean print(Image image, String title, Window owner) {
                if (refusal != null) {
                    throw refusal;
                }
                return true;
            }
        };
    }

    @Test
    void withoutAPrinterTheStatusLineSaysSoAndNothingIsDrawn() throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        AtomicBoolean drawn = new AtomicBoolean();
        vm.print(printer(null, null), "Tmax curve", () -> {
            drawn.set(true);
            return null;
        }, null);
        assertEquals(ChartPrinting.NO_PRINTER, vm.statusProperty().get());
        assertTrue(vm.statusProperty().get().contains("no printer is installed"));
        assertFalse(drawn.get(), "the chart is not rendered for a printer that is not there");
    }

    @Test
    void aPrintServiceThatCannotBeAskedCountsAsNoPrinter() throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        ChartPrinting.Printer broken = new ChartPrinting.Printer() {
            @Override
            public String name() {
                throw new IllegalStateException("no print service");
            }

            @Override
            public boolean print(Image image, String title, Window owner) {
                throw new AssertionError("not asked");
            }
        };
        vm.print(broken, "Gantt", () -> null, null);
        assertEquals(ChartPrinting.NO_PRINTER, vm.statusProperty().get());
    }

    @Test
    void aChartWithNothingToDrawIsNotSentToThePrinter() throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        vm.print(printer("Room 101", new IllegalStateException("not asked")), "Gantt", () -> null, null);
        assertEquals("Cannot print: the Gantt chart has nothing to draw", vm.statusProperty().get());
    }
}
