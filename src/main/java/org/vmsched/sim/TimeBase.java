package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The simulator's clock: {@code ticksPerUnit} ticks per scenario time unit. Chosen automatically
 * as the smallest power of ten, 10^0 … 10^6, that turns every scenario value into an integer
 * (within a relative 1e-9, so 4.4 needs 10 and 0.25 needs 100); then {@code exact} is true and
 * {@code maxRounding} is 0. With a resolution given by the user, values are rounded to the
 * nearest tick — a horizon is rounded down, so a run never counts beyond what was asked — and
 * {@code maxRounding} (time units) and {@code roundedValue} (its JSON path) report the largest
 * rounding. Immutable.
 */
public record TimeBase(double ticksPerUnit, boolean exact, double maxRounding, String roundedValue) {

    /** The finest automatic resolution. */
    public static final long MAX_AUTOMATIC = 1_000_000;

    private static final double REL = 1e-9;

    /**
     * A value to place on the clock and the JSON path that names it in messages; {@code roundDown}
     * values (a horizon) are rounded down at a given resolution instead of to the nearest tick.
     */
    public record Value(String path, double value, boolean roundDown) {

        /** A value rounded to the nearest tick. */
        public Value(String path, double value) {
            this(path, value, false);
        }
    }

    /** The value in ticks, rounded to the nearest. */
    public long ticks(double units) {
        return Math.round(units * ticksPerUnit);
    }

    /** The value in ticks, rounded down (a value within a relative 1e-9 below a tick counts as that tick). */
    public long ticksDown(double units) {
        return floorTicks(units * ticksPerUnit);
    }

    private static long floorTicks(double x) {
        double r = Math.rint(x);
        return Math.abs(x - r) <= REL * Math.max(1.0, Math.abs(x)) ? (long) r : (long) Math.floor(x);
    }

    /** A tick count in time units. */
    public double units(long ticks) {
        return ticks / ticksPerUnit;
    }

    /** Every timing value of a scenario with its JSON path. */
    public static List<Value> values(Scenario s) {
        List<Value> out = new ArrayList<>();
        PolicyTimes.values(s, out);
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine vm = s.vms().get(v);
            String p = "vms[" + v + "]";
            out.add(new Value(p + ".period", vm.period()));
            out.add(new Value(p + ".budget", vm.budget()));
            out.add(new Value(p + ".overhead", vm.overhead()));
            out.add(new Value(p + ".offset", vm.offset()));
            for (int t = 0; t < vm.tasks().size(); t++) {
                Task task = vm.tasks().get(t);
                String q = p + ".tasks[" + t + "]";
                out.add(new Value(q + ".wcet", task.wcet()));
                out.add(new Value(q + ".period", task.period()));
                out.add(new Value(q + ".deadline", task.deadline()));
                out.add(new Value(q + ".offset", task.offset()));
            }
        }
        return out;
    }

    /**
     * Every timing value of a scenario and the run's horizon (when {@code options} gives one,
     * rounded down at a given resolution), so that an automatic resolution makes the horizon a
     * whole number of ticks too: 1200.5 needs 10 ticks per time unit.
     */
    public static List<Value> values(Scenario s, SimulationOptions options) {
        List<Value> out = values(s);
        Double h = options == null ? null : options.horizon();
        // a horizon that is bad anyway is left to the simulator, which says why
        if (h != null && h > 0 && h <= Simulator.MAX_HORIZON_TICKS) {
            out.add(new Value("horizon", h, true));
        }
        return out;
    }

    /**
     * The time base for these values: automatic when {@code resolution} is null (refused with a
     * {@link SimulationInputException} naming the first value that fits no power of ten up to
     * 10^6 — except a horizon, which is then rounded down at the resolution the other values need,
     * with the rounding reported), else the given resolution with the rounding reported.
     */
    public static TimeBase choose(List<Value> values, Double resolution) {
        if (resolution != null) {
            if (!(resolution > 0) || !Double.isFinite(resolution) || resolution > 1e9) {
                throw new SimulationInputException("--resolution must be a positive number of ticks per time unit up to 1e9, got "
                        + resolution);
            }
            double worst = 0;
            String worstPath = null;
            for (Value v : values) {
                double x = v.value() * resolution;
                if (x > 1e15) {
                    throw new SimulationInputException(v.path() + " = " + v.value() + " is too large at resolution "
                            + resolution + " (" + x + " ticks)");
                }
                double tick = v.roundDown() ? floorTicks(x) : Math.rint(x);
                double err = Math.abs(tick - x) / resolution;
                if (v.value() > 0 && tick == 0 && !v.path().endsWith("offset") && !v.path().endsWith("overhead")) {
                    throw new SimulationInputException(v.path() + " = " + v.value() + " rounds "
                            + (v.roundDown() ? "down " : "") + "to 0 ticks at resolution " + resolution
                            + "; use a finer --resolution");
                }
                if (err > worst) {
                    worst = err;
                    worstPath = v.path();
                }
            }
            return new TimeBase(resolution, worst == 0, worst, worstPath);
        }
        long p = 1;
        while (true) {
            Value bad = null;
            for (Value v : values) {
                if (!fits(v.value(), p)) {
                    bad = v;
                    break;
                }
            }
            if (bad == null) {
                return new TimeBase(p, true, 0, null);
            }
            if (p == MAX_AUTOMATIC) {
                List<Value> exact = values.stream().filter(v -> !v.roundDown()).toList();
                if (bad.roundDown() && exact.size() < values.size()) {
                    // only a horizon (a computed one: a typed decimal always fits) fits no power of ten:
                    // the resolution the other values need, the horizon rounded down and reported
                    return roundedDown(choose(exact, null).ticksPerUnit(), values);
                }
                throw new SimulationInputException(bad.path() + " = " + bad.value()
                        + " is not a whole number of ticks at any resolution up to 10^6 ticks per time unit;"
                        + " give --resolution to round every value to that many ticks per time unit");
            }
            p *= 10;
        }
    }

    private static TimeBase roundedDown(double ticksPerUnit, List<Value> values) {
        double worst = 0;
        String worstPath = null;
        for (Value v : values) {
            if (v.roundDown()) {
                double x = v.value() * ticksPerUnit;
                double err = (x - floorTicks(x)) / ticksPerUnit;
                if (err > worst) {
                    worst = err;
                    worstPath = v.path();
                }
            }
        }
        return new TimeBase(ticksPerUnit, worst == 0, worst, worstPath);
    }

    private static boolean fits(double v, long p) {
        double x = v * p;
        return Math.abs(x) < 1e15 && Math.abs(x - Math.rint(x)) <= REL * Math.max(1.0, Math.abs(x));
    }
}
