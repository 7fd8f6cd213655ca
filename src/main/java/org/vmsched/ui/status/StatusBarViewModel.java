package org.vmsched.ui.status;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyStringProperty;
import org.vmsched.ui.main.MainViewModel;

/**
 * The status bar's state: the message of the last action or the first problem, whether it is an
 * error, and where the results stand ("✔ up to date", "… analysing", "◐ simulation stale (F5)",
 * "◐ step-through stale (F6)").
 * Ui thread only.
 */
public final class StatusBarViewModel {

    private final MainViewModel main;
    private final StringBinding state;
    private final BooleanBinding error;

    public StatusBarViewModel(MainViewModel main) {
        this.main = main;
        state = Bindings.createStringBinding(() -> switch (main.analysis().stateProperty().get()) {
            case CURRENT -> main.simulation().staleProperty().get() ? "◐ simulation stale (F5)"
                    : main.stepping().staleProperty().get() ? "◐ step-through stale (F6)" : "✔ up to date";
            case ANALYSING -> "… analysing";
            case INVALID -> "✖ invalid input";
            case FAILED -> "✖ analysis failed";
        }, main.analysis().stateProperty(), main.simulation().staleProperty(), main.stepping().staleProperty());
        error = Bindings.isNotEmpty(main.problems());
    }

    /** The status line. */
    public ReadOnlyStringProperty messageProperty() {
        return main.statusProperty();
    }

    /** Where the analysis and simulation results stand. */
    public StringBinding stateProperty() {
        return state;
    }

    /** True while the scenario or a typed value has a problem (the message names the first). */
    public BooleanBinding errorProperty() {
        return error;
    }
}
