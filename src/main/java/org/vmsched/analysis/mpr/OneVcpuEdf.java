package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * EDF on one vCPU against the supply (THEORY.md §15.24): Shin and Lee's processor-demand test,
 * dbf(t) = Σ_i max(0, ⌊(t − D_i)/T_i⌋ + 1)·C_i ≤ sbf(t) at every absolute deadline t up to the horizon
 * (ρB′ + Σ_i (T_i − D_i)·U_i)/(ρ − U), past which ρ(t − B′) ≥ U·t + Σ_i (T_i − D_i)·U_i ≥ dbf(t). Its window is the
 * VM's busy interval before a missed deadline, which starts before that job's release: so the supply must hold over
 * every window in which the VM is backlogged (periodic vCPUs; deferrable ones with a core each, §15.24). The EDF twin
 * of §15.21's request bound under RM. Stateless.
 */
final class OneVcpuEdf {

    /** The test's name. */
    static final String NAME = "EDF processor demand against the supply (Shin-Lee), one vCPU";

    /** The most deadlines the test checks; past them it is undecided. */
    static final long MAX_DEADLINES = 200_000;

    private OneVcpuEdf() {
    }

    /** The test on {@code supply}, or null when more than one processor serves. */
    static MprResult demandBound(GuestSupply supply, List<GlobalTask> tasks) {
        if (supply.concurrency() != 1) {
            return null;
        }
        MprResult pre = GlobalEdfOnMpr.necessary(NAME, supply, tasks);
        if (pre != null) {
            return pre;
        }
        BigFraction u = BigFraction.ZERO;
        BigFraction slack = BigFraction.ZERO; // Σ (T_i − D_i)·U_i
        for (GlobalTask t : tasks) {
            u = u.add(t.utilization());
            slack = slack.add(t.period().subtract(t.deadline()).multiply(t.utilization()));
        }
        BigFraction rho = supply.rate();
        if (u.compareTo(rho) >= 0) {
            return MprResult.limit(NAME, "the load U = " + Exact.text(u) + " equals the supply rate: the demand has no horizon", 0);
        }
        BigFraction horizon = rho.multiply(supply.linearBlackout()).add(slack).divide(rho.subtract(u));
        long count = 0;
        TreeSet<BigFraction> deadlines = new TreeSet<>();
        for (GlobalTask t : tasks) {
            if (t.deadline().compareTo(horizon) > 0) {
                continue; // its first deadline is past the horizon: the demand there is within the supply
            }
            BigInteger last = Exact.floor(horizon.subtract(t.deadline()).divide(t.period()));
            count += last.longValue() + 1;
            if (count > MAX_DEADLINES) {
                return MprResult.limit(NAME, "the check needs more than " + MAX_DEADLINES + " deadlines", count);
            }
            for (long j = 0; j <= last.longValue(); j++) {
                deadlines.add(t.deadline().add(t.period().multiply(j)));
            }
        }
        for (BigFraction d : deadlines) {
            BigFraction dbf = BigFraction.ZERO;
            for (GlobalTask t : tasks) {
                if (d.compareTo(t.deadline()) >= 0) {
                    dbf = dbf.add(t.wcet().multiply(Exact.floor(d.subtract(t.deadline()).divide(t.period())).add(BigInteger.ONE)));
                }
            }
            BigFraction sbf = supply.sbf(d);
            if (dbf.compareTo(sbf) > 0) {
                return MprResult.fails(NAME, "the demand " + Exact.text(dbf) + " of the deadlines up to " + Exact.text(d)
                        + " exceeds sbf = " + Exact.text(sbf) + "; this is no proof of a miss", d, count);
            }
        }
        return MprResult.pass(NAME, "the demand of every deadline up to " + Exact.text(horizon) + " is within sbf", count);
    }
}
