package org.vmsched.ui.main;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;

/**
 * The window's zoom: a factor on every font (and so every control, whose sizes follow the font)
 * and on the charts' text, in steps of 10 % between 50 % and 300 %. Ui thread only.
 */
public final class ZoomModel {

    public static final double STEP = 1.1;
    public static final double MIN = 0.5;
    public static final double MAX = 3.0;

    private final ReadOnlyDoubleWrapper factor = new ReadOnlyDoubleWrapper(1);
    private int steps;

    /** Zooms in ({@code n} > 0) or out by {@code n} steps, within [{@link #MIN}, {@link #MAX}]. */
    public void step(int n) {
        int next = steps + n;
        double f = Math.pow(STEP, next);
        if (f < MIN - 1e-9 || f > MAX + 1e-9) {
            return;
        }
        steps = next;
        factor.set(Math.round(f * 1000) / 1000.0);
    }

    public void reset() {
        steps = 0;
        factor.set(1);
    }

    public double factor() {
        return factor.get();
    }

    public ReadOnlyDoubleProperty factorProperty() {
        return factor.getReadOnlyProperty();
    }
}
