package org.vmsched.ui.main;

import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The edit {@link PolicyParam} uses, forwarded to {@link org.vmsched.ui.document.ScenarioEdits}
 * where the scenario edits now live; to go once PolicyParam imports that class. Stateless.
 */
final class ScenarioEdits {

    private ScenarioEdits() {
    }

    static Scenario replaceVm(Scenario s, int v, VirtualMachine vm) {
        return org.vmsched.ui.document.ScenarioEdits.replaceVm(s, v, vm);
    }
}
