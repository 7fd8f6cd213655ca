package org.vmsched.sim;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * The simulator's clock: {@code ticksPerUnit} ticks per scenario time unit, chosen automatically
 * for any decimal a scenario can hold. First the smallest power of ten, 10^0 … 10^6, that turns
 * every value into an integer (within a relative 1e-9, so 4.4 needs 10 and 0.25 needs 100); else
 * the smallest exact base of small fractions (a finer power of ten for 0.1234567, or 12·10^k for a
 * value such as 14.583333333333334 = 175/12 that a window computed as α·T), as long as the run's
 * ticks stay in range; then {@code exact} is true and {@code maxRounding} is 0. Only when no such
 * base exists is the finest power of ten that keeps {@link #AUTOMATIC_SPAN} periods of the
 * longest value within range used, every value rounded to the nearest tick and the largest
 * rounding reported as with a given resolution — the automatic choice never refuses a scenario.
 * With a resolution given by the user, values are rounded to the nearest tick — a horizon is
 * rounded down, so a run never counts beyond what was asked — and {@code maxRounding} (time
 * units) and {@code roundedValue} (its JSON path) report the largest rounding. Immutable.
 */
public record TimeBase(double ticksPerUnit, boolean exact, double maxRounding, String roundedValue) {

    /** The finest power of ten tried first (the clock of every scenario typed with up to six decimals). */
    public static final long MAX_AUTOMATIC = 1_000_000;

    /**
     * A finer automatic clock keeps the longest value times this many within the simulator's
     * tick range ({@link Simulator#MAX_HORIZON_TICKS}), so a default horizon of that many of its
     * periods still fits.
     */
    public static final long AUTOMATIC_SPAN = 1_000;

    /** Largest denominator of a fraction (not a decimal) that an exact rational clock considers. */
    static final long MAX_DENOMINATOR = 1_000_000L;

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
     * The time base for these values: automatic when {@code resolution} is null (see the type's
     * comment; a horizon that alone fits no exact clock is rounded down at the resolution the other
     * values need, with the rounding reported; never refused), else the given resolution with the
     * rounding reported.
     */
    public static TimeBase choose(List<Value> values, Double resolution) {
        if (resolution != null) {
            if (!(resolution > 0) || !Double.isFinite(resolution) || resolution > 1e9) {
                throw new SimulationInputException("--resolution must be a positive number of ticks per time unit up to 1e9, got "
                        + Format.typed(resolution));
            }
            double worst = 0;
            String worstPath = null;
            for (Value v : values) {
                double x = v.value() * resolution;
                if (x > 1e15) {
                    throw new SimulationInputException(v.path() + " = " + Format.typed(v.value())
                            + " is too large at resolution " + Format.typed(resolution) + " ("
                            + Format.rough(x) + " ticks)");
                }
                double tick = v.roundDown() ? floorTicks(x) : Math.rint(x);
                double err = Math.abs(tick - x) / resolution;
                if (v.value() > 0 && tick == 0 && !v.path().endsWith("offset") && !v.path().endsWith("overhead")) {
                    throw new SimulationInputException(v.path() + " = " + Format.typed(v.value()) + " rounds "
                            + (v.roundDown() ? "down " : "") + "to 0 ticks at resolution " + Format.typed(resolution)
                            + "; use a finer --resolution");
                }
                if (err > worst) {
                    worst = err;
                    worstPath = v.path();
                }
            }
            return new TimeBase(resolution, worst == 0, worst, worstPath);
        }
        List<Value> exact = values.stream().filter(v -> !v.roundDown()).toList();
        for (boolean rational : new boolean[] {false, true}) {
            Double base = automatic(values, rational);
            if (base != null) {
                return new TimeBase(base, true, 0, null);
            }
            if (exact.size() < values.size()) {
                // only a horizon (a computed one: a typed decimal always fits) fits no clock: the
                // resolution the other values need, the horizon rounded down and reported
                Double other = automatic(exact, rational);
                if (other != null) {
                    return roundedDown(other, values);
                }
            }
        }
        // No exact clock in range: the finest power of ten in range, every value rounded to the
        // nearest tick and the largest rounding reported (never a refusal a window user cannot act on).
        return choose(values, finestInRange(values));
    }

    /**
     * The exact automatic clock for these values, or null: the smallest power of ten up to
     * {@link #MAX_AUTOMATIC} that makes them whole, or ({@code rational}) the least common multiple
     * of each value's smallest denominator (continued fractions), if the ticks stay in range.
     */
    private static Double automatic(List<Value> values, boolean rational) {
        if (!rational) {
            for (long p = 1; p <= MAX_AUTOMATIC; p *= 10) {
                boolean all = true;
                for (Value v : values) {
                    if (!fits(v.value(), p)) {
                        all = false;
                        break;
                    }
                }
                if (all) {
                    return (double) p;
                }
            }
            return null;
        }
        double limit = maxTicks(values);
        BigInteger lcm = BigInteger.ONE;
        for (Value v : values) {
            long q = denominator(v.value());
            if (q < 0) {
                return null;
            }
            BigInteger bq = BigInteger.valueOf(q);
            lcm = lcm.divide(lcm.gcd(bq)).multiply(bq);
            if (lcm.doubleValue() > limit) {
                return null;
            }
        }
        double l = lcm.doubleValue();
        for (Value v : values) {
            if (!fits(v.value(), l)) {
                return null; // the tolerance of one value's fraction does not hold at the common base
            }
        }
        return l;
    }

    /** Most ticks per time unit an automatic clock may have for these values. */
    private static double maxTicks(List<Value> values) {
        double longest = 0;
        for (Value v : values) {
            // a horizon is itself the run's length; any other value leaves room for a default horizon
            longest = Math.max(longest, Math.abs(v.value()) * (v.roundDown() ? 1 : AUTOMATIC_SPAN));
        }
        return longest > 0 ? Simulator.MAX_HORIZON_TICKS / longest : MAX_AUTOMATIC;
    }

    /** The finest power of ten whose ticks stay in range (at least 10^6 when the values are short). */
    private static double finestInRange(List<Value> values) {
        double limit = maxTicks(values);
        double p = MAX_AUTOMATIC;
        while (p * 10 <= limit) {
            p *= 10;
        }
        while (p > 1 && p > limit) {
            p /= 10;
        }
        return p;
    }

    /**
     * The least denominator that represents v exactly, or −1: the smaller of the denominator of
     * the decimal v was written as (10^scale) and the least q ≤ {@link #MAX_DENOMINATOR} of a
     * fraction h/q whose double is within two ulps of v (a convergent of its continued fraction:
     * 175/12 for 14.583333333333334, computed as α·T with a rounding error or two).
     */
    static long denominator(double v) {
        double x = Math.abs(v);
        if (x == Math.rint(x)) {
            return 1;
        }
        long best = -1;
        BigDecimal dec = BigDecimal.valueOf(x).stripTrailingZeros();
        if (dec.scale() > 0 && dec.scale() <= 18) {
            best = BigInteger.TEN.pow(dec.scale()).longValueExact();
        }
        double ulps = 2 * Math.ulp(x);
        double hPrev = 1;
        double kPrev = 0;
        double h = Math.floor(x);
        double k = 1;
        double rest = x - Math.floor(x);
        for (int i = 0; i < 64 && rest > 0; i++) {
            double y = 1 / rest;
            double a = Math.floor(y);
            rest = y - a;
            double hNext = a * h + hPrev;
            double kNext = a * k + kPrev;
            hPrev = h;
            kPrev = k;
            h = hNext;
            k = kNext;
            if (k > MAX_DENOMINATOR || (best > 0 && k >= best)) {
                break;
            }
            if (Math.abs(h / k - x) <= ulps) {
                return (long) k;
            }
        }
        return best;
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

    private static boolean fits(double v, double p) {
        double x = v * p;
        return Math.abs(x) < 1e15 && Math.abs(x - Math.rint(x)) <= REL * Math.max(1.0, Math.abs(x));
    }

    /** Least common multiple of tick counts, or −1 on overflow (or when either is −1). */
    public static long lcm(long a, long b) {
        if (a < 0 || b <= 0) {
            return -1;
        }
        try {
            return Math.multiplyExact(a / gcd(a, b), b);
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** Greatest common divisor of two non-negative tick counts (Euclid). */
    public static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
