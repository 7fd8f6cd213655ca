package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** File > Print on a computer without a printer, and on one that refuses: a status line, never an exception (issue 30, item 12). */
class ChartPrintingTest {

    /** A printer called {@code name} (null: none installed) whose page throws {@code refusal}, if any; {@code asked} records a print. */
    private static ChartPrinting.Printer printer(String name, RuntimeException refusal, AtomicBoolean asked) {
        return new ChartPrinting.Printer() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean print(String title) {
                asked.set(true);
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
        vm.print(printer(null, null, drawn), "Tmax curve");
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
            public boolean print(String title) {
                throw new AssertionError("not asked");
            }
        };
        vm.print(broken, "Gantt");
        assertEquals(ChartPrinting.NO_PRINTER, vm.statusProperty().get());
    }

    @Test
    void aPageThatCannotBePrintedIsSaidWithItsReasonAndAPrintedOneByThePrintersName() throws Exception {
        MainViewModel vm = MainViewModelTest.thesisExample();
        AtomicBoolean asked = new AtomicBoolean();
        vm.print(printer("Room 101", new IllegalStateException("the chart has nothing to draw"), asked), "Gantt");
        assertEquals("Cannot print the Gantt chart on Room 101: the chart has nothing to draw", vm.statusProperty().get());
        vm.print(printer("Room 101", null, asked), "Gantt");
        assertEquals("Printed the Gantt chart on Room 101", vm.statusProperty().get());
    }
}
