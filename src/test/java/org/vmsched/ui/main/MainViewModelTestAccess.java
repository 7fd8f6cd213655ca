package org.vmsched.ui.main;

import org.vmsched.model.InvalidScenarioException;

/** A main view model on a built-in example, for tests of other packages' dialogs. */
public final class MainViewModelTestAccess {

    private MainViewModelTestAccess() {
    }

    public static MainViewModel open(String example) throws InvalidScenarioException {
        MainViewModel m = MainViewModelTest.thesisExample();
        m.openExample(example);
        return m;
    }
}
