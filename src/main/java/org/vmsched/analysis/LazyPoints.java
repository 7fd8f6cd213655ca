package org.vmsched.analysis;

import java.util.AbstractList;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * The requirements of an EDF region (one demand point each), each built the first time it is
 * asked: a walk over the periods at or below p needs only the points up to the horizon there
 * ({@link PeriodRegion}), so a region searched among short periods never builds the long windows.
 * Not thread-safe, like the region that holds it.
 */
final class LazyPoints extends AbstractList<SchedulingPoint[]> implements RandomAccess {
    private final SchedulingPoint[][] built;
    private final IntFunction<SchedulingPoint[]> build;

    LazyPoints(int size, IntFunction<SchedulingPoint[]> build) {
        this.built = new SchedulingPoint[size][];
        this.build = build;
    }

    @Override
    public SchedulingPoint[] get(int i) {
        SchedulingPoint[] p = built[i];
        if (p == null) {
            p = build.apply(i);
            built[i] = p;
        }
        return p;
    }

    @Override
    public int size() {
        return built.length;
    }
}
