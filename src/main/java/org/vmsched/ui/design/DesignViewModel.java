package org.vmsched.ui.design;

import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.MprDesigner;
import org.vmsched.design.Placement;
import org.vmsched.model.Scenario;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.ui.Background;

/**
 * The Design dialog's state, free of controls (THEORY.md §12): whether to place the VMs and on how
 * many cores, Propose with its progress and Cancel, the {@link DesignOutcome} shown (each VM's
 * least-bandwidth interface among its current core mates, or, when placing, every VM's core and
 * interface from {@link Placement}; under a global host each VM's MPR interface from
 * {@link MprDesigner}), and Apply as one edit of the scenario. The design runs on
 * {@link Background} and stops within one exact question of a cancel (THEORY.md §12.8); progress
 * and the outcome come back through {@code ui}. Use from the ui thread only.
 */
public final class DesignViewModel {

    /** The scenario as it is now (the main window's): Propose designs it, a change drops a design of another. */
    private final Supplier<Scenario> scenario;
    private final DesignConstraints constraints;
    private final Executor ui;
    private final Background background;
    private final BooleanProperty place = new SimpleBooleanProperty(false);
    private final IntegerProperty cores;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("Press Propose.");
    private final ReadOnlyObjectWrapper<DesignOutcome> outcome = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper canApply = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper curveNote = new ReadOnlyStringWrapper("");
    /** The design under way; null when none (a late answer of a cancelled run is no one's). */
    private Cancellation current;
    /** True while Apply edits the scenario: that change is the one the outcome is shown against next. */
    private boolean applying;

    /**
     * The dialog's state for {@code scenario}; the design runs on {@code background}, its progress
     * and answer are handed to {@code ui} (the FX thread in the application; {@code Runnable::run}
     * with {@link Background#immediate()} in a test).
     */
    public DesignViewModel(Scenario scenario, DesignConstraints constraints, Executor ui, Background background) {
        this(() -> scenario, constraints, ui, background);
    }

    /**
     * The dialog's state over a scenario that changes (the main window's, read through
     * {@code scenario} at each Propose); call {@link #scenarioChanged()} when it does.
     */
    public DesignViewModel(Supplier<Scenario> scenario, DesignConstraints constraints, Executor ui, Background background) {
        this.scenario = scenario;
        this.constraints = constraints;
        this.ui = ui;
        this.background = background;
        this.cores = new SimpleIntegerProperty(scenario.get().hypervisor().cores());
        curveNote.bind(Bindings.createStringBinding(
                () -> outcome.get() == null ? "" : outcome.get().curveNote(), outcome));
    }

    /** Starts the design with the place and cores chosen; ignored while one runs. */
    public void propose() {
        if (running.get()) {
            return;
        }
        boolean p = place.get();
        int n = cores.get();
        Scenario scenario = this.scenario.get();
        Cancellation c = new Cancellation();
        current = c;
        running.set(true);
        progress.set(0);
        outcome.set(null);
        canApply.set(false);
        summary.set("Designing (exact search for each VM; seconds for a few VMs)…");
        Progress bar = Background.onUi(ui, (done, total, what) -> {
            if (current == c) {
                progress.set(Progress.ratio(done, total));
            }
        });
        background.schedule(() -> {
            try {
                DesignOutcome o = DesignOutcome.compute(scenario, p, n, constraints, bar, c);
                ui.execute(() -> finish(c, o, o.summary()));
            } catch (CancelledException x) {
                ui.execute(() -> finish(c, null, "Cancelled."));
            } catch (RuntimeException x) {
                ui.execute(() -> finish(c, null, "The design failed: " + x.getMessage()));
            }
        }, c, 0);
    }

    private void finish(Cancellation c, DesignOutcome o, String message) {
        if (current != c) {
            return;
        }
        current = null;
        running.set(false);
        progress.set(o == null ? 0 : 1);
        outcome.set(o);
        canApply.set(o != null && o.canApply());
        summary.set(message);
        scenarioChanged(); // edited in the main window while designing: that design is of another scenario
    }

    /**
     * The main window's scenario changed: a design shown of another scenario goes (its proposal
     * would undo the change), except the change Apply made, which the table then shows as "Now"
     * (issue 30: the table kept the values from before Apply).
     */
    public void scenarioChanged() {
        DesignOutcome o = outcome.get();
        if (applying || running.get() || o == null || o.scenario().equals(scenario.get())) {
            return;
        }
        outcome.set(null);
        canApply.set(false);
        progress.set(0);
        summary.set("The scenario changed in the main window: Propose designs it as it is now.");
    }

    /**
     * Stops the design under way: the dialog is usable at once (Propose again), the work stops
     * within one exact question, and its late answer is not shown.
     */
    public void cancel() {
        Cancellation c = current;
        if (c == null) {
            return;
        }
        c.cancel();
        current = null;
        running.set(false);
        progress.set(0);
        summary.set("Cancelled.");
    }

    /** Applies the outcome shown through {@code edit} (one undoable edit); once per outcome. */
    public void apply(Consumer<UnaryOperator<Scenario>> edit) {
        DesignOutcome o = outcome.get();
        if (o == null || !canApply.get()) {
            return;
        }
        applying = true;
        try {
            edit.accept(o.proposal());
        } finally {
            applying = false;
        }
        outcome.set(o.at(o.proposal().apply(o.scenario()))); // "Now" is the scenario as applied
        canApply.set(false);
        summary.set(summary.get() + " Applied (Edit > Undo takes it back).");
    }

    /** Whether Propose also places the VMs on cores. */
    public BooleanProperty placeProperty() {
        return place;
    }

    /** The cores a placement may use (at least 1). */
    public IntegerProperty coresProperty() {
        return cores;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** The design's progress in [0, 1] while it runs. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The design shown; null before the first, while one runs and after a cancel or failure. */
    public ReadOnlyObjectProperty<DesignOutcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    /** Why the chart has no curve for the design shown ({@link DesignOutcome#curveNote()}); "" when it has or none is shown. */
    public ReadOnlyStringProperty curveNoteProperty() {
        return curveNote.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canApplyProperty() {
        return canApply.getReadOnlyProperty();
    }
}
