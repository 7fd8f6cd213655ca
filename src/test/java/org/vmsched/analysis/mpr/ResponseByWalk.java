package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * The corner-by-corner walk {@link GlobalEdfResponseTimes#response} used before issue 30 (every
 * corner of the supply up to D_k + Π, one per period): the reference its skipping walk must agree
 * with, exactly. Stateless.
 */
final class ResponseByWalk {

    private ResponseByWalk() {
    }

    static BigFraction response(MprSupply supply, List<GlobalTask> tasks, int k, BigFraction[] slack) {
        GlobalTask tk = tasks.get(k);
        BigFraction c = tk.wcet();
        BigFraction d = tk.deadline();
        int n = tasks.size();
        BigFraction[] work = new BigFraction[n];
        TreeSet<BigFraction> corners = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            if (i != k) {
                work[i] = GlobalEdfResponseTimes.workload(tasks.get(i), d, slack[i]);
                corners.add(c.add(work[i]));
            }
        }
        BigFraction end = d.add(supply.period());
        boolean full = supply.blackout().getNumerator().signum() == 0
                && supply.budget().equals(supply.period().multiply(supply.concurrency()));
        if (full) {
            end = d.add(BigFraction.ONE);
        } else {
            for (BigFraction p = supply.blackout(); p.compareTo(end) <= 0; p = p.add(supply.period())) {
                corners.add(p);
                corners.add(p.add(supply.chunkLength()));
            }
        }
        corners.add(d);
        corners.add(end);
        BigFraction prev = c;
        BigFraction gPrev = g(supply, c, c, work);
        if (gPrev.compareTo(BigFraction.ZERO) > 0) {
            return c;
        }
        List<BigFraction> ordered = new ArrayList<>(corners.tailSet(c, false));
        Collections.sort(ordered);
        for (BigFraction p : ordered) {
            if (prev.compareTo(d) >= 0 && gPrev.compareTo(BigFraction.ZERO) < 0) {
                return null;
            }
            BigFraction gp = g(supply, p, c, work);
            if (gp.compareTo(BigFraction.ZERO) > 0) {
                BigFraction root = gPrev.compareTo(BigFraction.ZERO) == 0 ? prev
                        : prev.add(gPrev.negate().multiply(p.subtract(prev)).divide(gp.subtract(gPrev)));
                return root.compareTo(d) <= 0 ? root : null;
            }
            if (p.compareTo(d) > 0) {
                return null;
            }
            prev = p;
            gPrev = gp;
        }
        return null;
    }

    private static BigFraction g(MprSupply supply, BigFraction r, BigFraction c, BigFraction[] work) {
        BigFraction x = r.subtract(c);
        BigFraction v = supply.sbf(r).subtract(c.multiply(supply.concurrency()));
        for (BigFraction w : work) {
            if (w != null) {
                v = v.subtract(w.compareTo(x) < 0 ? w : x);
            }
        }
        return v;
    }
}
