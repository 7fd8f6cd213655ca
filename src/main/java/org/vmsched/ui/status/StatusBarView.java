package org.vmsched.ui.status;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The status bar: the status line (red while there is a problem) and where the results stand. It
 * holds its {@link StatusBarViewModel}: the view model's bindings hang on the main view model only
 * by the weak listeners JavaFX bindings use, so a view model made inline and not kept was
 * collected, and the line's colour stopped following the problems (issue 30). FX thread only.
 */
public final class StatusBarView extends HBox {

    private final StatusBarViewModel vm;

    public StatusBarView(StatusBarViewModel vm) {
        super(12);
        this.vm = vm;
        Label status = new Label();
        status.setId("status");
        status.textProperty().bind(vm.messageProperty());
        status.setMaxWidth(Double.MAX_VALUE);
        status.setMinWidth(0);
        HBox.setHgrow(status, Priority.ALWAYS);
        vm.errorProperty().addListener((o, a, error) -> showError(status, error));
        showError(status, vm.errorProperty().get());
        Label state = new Label();
        state.setId("analysisState");
        state.textProperty().bind(vm.stateProperty());
        state.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().addAll(status, state);
        setPadding(new Insets(4, 8, 4, 8));
        getStyleClass().add("status-bar");
        setMinWidth(0);
    }

    /** The view model this bar shows (held for as long as the bar is). */
    public StatusBarViewModel viewModel() {
        return vm;
    }

    private static void showError(Label status, boolean error) {
        status.getStyleClass().remove("status-error");
        if (error) {
            status.getStyleClass().add("status-error");
        }
    }
}
