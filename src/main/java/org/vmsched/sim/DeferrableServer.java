package org.vmsched.sim;

/**
 * The deferrable server: replenished like the periodic one, but it runs only while one of its
 * tasks is ready; budget it does not use waits (until the period ends). Not thread-safe.
 */
public final class DeferrableServer extends PeriodicServer {

    @Override
    public boolean eligible(int v) {
        return ctx.ready(ctx.vmOf(v)) && ctx.budget(v) > 0;
    }

    @Override
    public boolean dispatchesWhileBudgetLeft() {
        return false;
    }
}
