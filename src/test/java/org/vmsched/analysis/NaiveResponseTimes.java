package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import org.vmsched.model.Task;

/**
 * The response-time iteration as THEORY.md §2 writes it, step by step from finv(Ci + ΣCj), in
 * exact integers and without any saving: the oracle the fast iteration of {@link ExactResponseTimes}
 * must equal. Gives up (null) after {@code maxSteps} steps of one task.
 */
final class NaiveResponseTimes {

    /** Terms ⌈R/Tj⌉·Cj the last call evaluated (i + 1 per step of task i, as the budget counted them). */
    static long lastTerms;

    private NaiveResponseTimes() {
    }

    /** As {@link ExactResponseTimes#of}, or null when some task needed more than maxSteps steps. */
    static double[] of(Supply supply, List<Task> tasks, double limitFactor, long maxSteps) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        int n = order.length;
        BigDecimal[] dec = new BigDecimal[3 * n + 3];
        dec[0] = ExactDecimal.of(supply.period());
        dec[1] = supply.exactChunk();
        dec[2] = supply.exactBlackout();
        for (int p = 0; p < n; p++) {
            Task t = tasks.get(order[p]);
            dec[3 + 3 * p] = ExactDecimal.of(t.wcet());
            dec[4 + 3 * p] = ExactDecimal.of(t.period());
            dec[5 + 3 * p] = ExactDecimal.of(t.deadline() * limitFactor);
        }
        int scale = 0;
        for (BigDecimal d : dec) {
            scale = Math.max(scale, d.scale());
        }
        BigInteger[] v = new BigInteger[dec.length];
        for (int i = 0; i < dec.length; i++) {
            v[i] = dec[i].setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
        }
        double[] out = new double[n];
        if (v[1].signum() <= 0) {
            java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
            return out;
        }
        lastTerms = 0;
        BigInteger gap = v[0].subtract(v[1]);
        BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-scale);
        for (int i = 0; i < n; i++) {
            BigInteger demand = v[3 + 3 * i];
            for (int j = 0; j < i; j++) {
                demand = demand.add(v[3 + 3 * j]);
            }
            BigInteger r = finv(v[2], v[1], gap, demand);
            BigInteger answer = null;
            for (long step = 0; ; step++) {
                if (step > maxSteps) {
                    return null;
                }
                if (r.compareTo(v[5 + 3 * i]) > 0) {
                    break;
                }
                lastTerms += i + 1;
                BigInteger next = v[3 + 3 * i];
                for (int j = 0; j < i; j++) {
                    next = next.add(ExactDecimal.ceilDiv(r, v[4 + 3 * j]).multiply(v[3 + 3 * j]));
                }
                if (next.compareTo(demand) <= 0) {
                    answer = r;
                    break;
                }
                demand = next;
                r = finv(v[2], v[1], gap, demand);
            }
            out[order[i]] = answer == null ? Double.POSITIVE_INFINITY : new BigDecimal(answer).multiply(unit).doubleValue();
        }
        return out;
    }

    private static BigInteger finv(BigInteger blackout, BigInteger chunk, BigInteger gap, BigInteger w) {
        return blackout.add(w).add(ExactDecimal.ceilDiv(w, chunk).subtract(BigInteger.ONE).multiply(gap));
    }
}
