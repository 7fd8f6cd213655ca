package org.vmsched.ui.main;

import java.util.function.Consumer;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.document.ScenarioCommands;
import org.vmsched.ui.document.ScenarioDocument;

/**
 * A VM's server set from the bandwidth slider or a click on the good-period map or the Tmax
 * curve, as one undoable step each ({@link ScenarioCommands#setServer}); a click outside the
 * chart is said on the status line ({@code status}), the exact value a snapped decimal stands for
 * as its note ({@code note}). Split out of {@link MainViewModel}, which delegates to it. Ui thread
 * only.
 */
final class ServerEdits {

    private final ScenarioDocument doc;
    private final ScenarioCommands commands;
    private final Consumer<String> status;
    private final Consumer<String> note;

    ServerEdits(ScenarioDocument doc, ScenarioCommands commands, Consumer<String> status, Consumer<String> note) {
        this.doc = doc;
        this.commands = commands;
        this.status = status;
        this.note = note;
    }

    /**
     * Budget = α·T_VM of VM {@code v} (the bandwidth slider), rounded up at six significant digits
     * ({@link ServerSnap.Server#Server(double, double)}, SafeRounding): never below α·T, so a
     * slider at the least bandwidth keeps the deadlines (THEORY.md §12.5); it replaces a budget
     * typed but not applied.
     */
    void setBandwidth(int v, double alpha) {
        VirtualMachine vm = doc.scenario().vms().get(v);
        commands.setServer(v, vm.period(), new ServerSnap.Server(alpha, vm.period()).budget(), "budget");
    }

    /**
     * Period T and budget α·T of VM {@code v} (a click on the good-period map): T and α rounded to 3
     * decimals, the budget α·T rounded up as {@link #setBandwidth}; they replace a period or budget
     * typed but not applied.
     */
    void setServer(int v, double alpha, double period) {
        double t = Math.round(period * 1000) / 1000.0;
        double a = Math.round(alpha * 1000) / 1000.0;
        if (!(t > 0) || !(a > 0) || a > 1) {
            status.accept("Click inside the map: α in (0, 1] and T_VM > 0.");
            return;
        }
        commands.setServer(v, t, new ServerSnap.Server(a, t).budget(), "period", "budget");
    }

    /**
     * The server of VM {@code v} a click on the good-period map ({@code onCurve} false) or the Tmax
     * curve at ({@code alpha}, {@code period}) stands for, snapped by {@link ServerSnap}: round
     * values, or a good interval's end, an isolated good point or Tmax(α) near the click, as a
     * decimal on its safe side. Sets nothing; null, said on the status line, outside the chart.
     */
    ServerSnap.Server snapAt(int v, double alpha, double period, double alphaPerPixel, double periodPerPixel,
                             boolean onCurve) {
        ServerSnap.Server srv = ServerSnap.snap(doc.scenario(), v, alpha, period, alphaPerPixel, periodPerPixel, onCurve);
        if (srv == null) {
            status.accept("Click inside the chart: α in (0, 1] and T_VM > 0.");
        }
        return srv;
    }

    /**
     * Sets VM {@code v}'s period and budget to {@code srv}'s as one undoable step (a proposal of
     * {@link #snapAt} confirmed), replacing a period or budget typed but not applied; the exact end
     * a snapped decimal stands for is the status line's note until the next edit.
     */
    void set(int v, ServerSnap.Server srv) {
        commands.setServer(v, srv.period(), srv.budget(), "period", "budget");
        if (srv.note() != null) {
            note.accept(srv.note()); // the exact end beside the decimal set (issue 18), until the next edit
        }
    }
}
