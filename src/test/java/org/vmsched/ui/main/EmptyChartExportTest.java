package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.chart.ChartKind;
import org.vmsched.ui.Background;
import org.vmsched.ui.Dialogs;
import org.vmsched.ui.analysis.ChartDrawing;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulationCharts;

/**
 * A user's trial: under Global EDF the Tmax curve, the good-period map, max Ri/Ti and the supply
 * chart are not drawn (their tab says why), yet File > Export Chart wrote an empty PNG, PDF or SVG
 * and Export Data a CSV of a header alone. An export of a chart with nothing drawn is refused with
 * the chart's name and the reason, on the status line and in the "Cannot export" dialog; a chart
 * with data exports as before. Plain JUnit: the view model's workers run at once.
 */
class EmptyChartExportTest {

    @TempDir
    Path dir;

    /** Records the error and hands out {@code save} as the file to write. */
    static final class Recording extends org.vmsched.ui.HallFixture.NoDialogs {
        Path save;
        String errorTitle;
        String error;

        @Override
        public Path chooseSave(Path folder, String title, String suggestedName, String... extensions) {
            return save;
        }

        @Override
        public int[] askSize(int width, int height) {
            return new int[] {600, 400};
        }

        @Override
        public void error(String title, String message) {
            errorTitle = title;
            error = message;
        }
    }

    static MainViewModel opened(String example) throws Exception {
        MainViewModel m = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        m.openExample(example);
        return m;
    }

    /** The charts the window shows, from the view models (as the window's tabs hold them). */
    static Function<ChartKind, JFreeChart> charts(MainViewModel m) {
        return k -> switch (k) {
            case TMAX -> ChartDrawing.of(m.analysis().tmaxChartProperty().get());
            case MAP -> ChartDrawing.of(m.analysis().mapChartProperty().get());
            case RATIO -> ChartDrawing.of(m.analysis().ratioChartProperty().get());
            case SUPPLY -> ChartDrawing.of(m.analysis().supplyChartProperty().get());
            case GANTT -> SimulationCharts.gantt(m.simulation().ganttProperty().get());
            case CDF -> SimulationCharts.cdf(m.simulation().responseTimesProperty().get());
        };
    }

    @Test
    void aGlobalScenariosUndrawnChartIsNotExportedAndTheMessageSaysWhyButItsSupplyIs() throws Exception {
        MainViewModel m = opened("rtds-global-periodic.json");
        Recording dialogs = new Recording();
        FileActions files = new FileActions(m, dialogs, () -> null, charts(m));
        for (ChartKind k : new ChartKind[] {ChartKind.TMAX, ChartKind.MAP, ChartKind.RATIO}) {
            Path png = dir.resolve(k.id() + ".png");
            dialogs.save = png;
            dialogs.error = null;
            files.exportChart(k);
            assertFalse(Files.exists(png), k + ": an empty chart was written");
            assertEquals("Cannot export", dialogs.errorTitle);
            assertTrue(dialogs.error.startsWith(k.title() + " has nothing to draw: Global EDF is analysed with the"
                    + " multiprocessor periodic resource model"), dialogs.error);
            assertEquals(dialogs.error, m.statusProperty().get(), "the status line says the same");
            Path csv = dir.resolve(k.id() + ".csv");
            dialogs.save = csv;
            dialogs.error = null;
            files.exportChartCsv(k);
            assertFalse(Files.exists(csv), k + ": an empty chart's data was written");
            assertTrue(dialogs.error.startsWith(k.title() + " has nothing to draw: "), dialogs.error);
        }
        // a global VM's supplies are drawn (issue 32): its MPR supply and the host's own schedule's
        dialogs.save = dir.resolve("supply.csv");
        dialogs.error = null;
        files.exportChartCsv(ChartKind.SUPPLY);
        assertNull(dialogs.error, dialogs.error);
        assertTrue(Files.readString(dialogs.save).lines().count() > 10, Files.readString(dialogs.save));
        // before a run the Gantt chart is only its invitation to simulate
        dialogs.save = dir.resolve("gantt.csv");
        files.exportChartCsv(ChartKind.GANTT);
        assertFalse(Files.exists(dir.resolve("gantt.csv")));
        assertTrue(dialogs.error.startsWith("Gantt has nothing to draw: Run a simulation"), dialogs.error);
    }

    @Test
    void aChartWithDataIsExportedAsBefore() throws Exception {
        MainViewModel m = opened("thesis-example.json");
        Recording dialogs = new Recording();
        FileActions files = new FileActions(m, dialogs, () -> null, charts(m));
        dialogs.save = dir.resolve("tmax.csv");
        files.exportChartCsv(ChartKind.TMAX);
        assertTrue(Files.readString(dialogs.save).lines().count() > 10);
        dialogs.save = dir.resolve("tmax.png");
        files.exportChart(ChartKind.TMAX);
        assertTrue(Files.size(dialogs.save) > 1000);
        assertEquals(null, dialogs.error);
        assertEquals("Exported tmax.png", m.statusProperty().get());
    }
}
