package org.vmsched.ui;

import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.window.MainView;

/** The main window on a bundled example, for the lecture-hall tests of dialogs, charts and tables. FX thread only. */
public final class HallFixture {

    private HallFixture() {
    }

    /** Answers no file question: the tests here ask none (a test answering some extends it). */
    public static class NoDialogs implements Dialogs {
        @Override
        public Unsaved askUnsaved(String documentName) {
            return Unsaved.CANCEL;
        }

        @Override
        public Path chooseOpen(Path folder) {
            return null;
        }

        @Override
        public Path chooseSave(Path folder, String title, String suggestedName, String... extensions) {
            return null;
        }

        @Override
        public int[] askSize(int width, int height) {
            return null;
        }

        @Override
        public void error(String title, String message) {
        }

        @Override
        public void info(String title, String message) {
        }
    }

    /** Shows the main window on {@code example} in {@code stage} at {@code width}×{@code height}. */
    public static MainView show(Stage stage, String example, double width, double height) throws Exception {
        MainViewModel vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample(example);
        MainView view = new MainView(vm, new NoDialogs());
        stage.setScene(new Scene(view, width, height));
        stage.show();
        return view;
    }
}
