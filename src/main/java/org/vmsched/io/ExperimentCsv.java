package org.vmsched.io;

import java.math.BigDecimal;
import org.vmsched.experiment.OverheadCurve;
import org.vmsched.experiment.OverheadPoint;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.TmaxPoint;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.experiment.TmaxSample;
import org.vmsched.text.Format;

/**
 * The CSV files of an experiment's results folder (comma-separated, one header line, "\n" line
 * ends, UTF-8). Numbers are written by {@link #Format.csv(double)}, which gives the same characters
 * for the same double on every JDK and locale, so equal results give equal bytes. Stateless.
 */
public final class ExperimentCsv {

    private ExperimentCsv() {
    }

    /**
     * One line per (n, u, α): the points of thesis Fig. 4.4 to 4.9. With simulated points
     * ({@link org.vmsched.experiment.TmaxStudy#simulated()}) three more columns: the number of
     * simulated sets, the mean analytic Tmax/T1 of those sets <em>rounded</em> for the simulator,
     * and their mean simulated Tmax/T1; without, the file is as it always was.
     */
    public static String tmaxPoints(TmaxResult r) {
        boolean sim = r.study().simulated() != null;
        StringBuilder sb = new StringBuilder("n,u,alpha,sets,meanTmaxOverT1,stdOverMean,upperBound");
        sb.append(sim ? ",simulatedSets,meanRoundedAnalyticTmaxOverT1,meanSimulatedTmaxOverT1\n" : "\n");
        for (TmaxPoint p : r.points()) {
            sb.append(p.n()).append(',').append(Format.csv(p.u())).append(',').append(Format.csv(p.alpha())).append(',')
                    .append(p.sets()).append(',').append(Format.csv(p.meanTmaxOverT1())).append(',')
                    .append(Format.csv(p.stdOverMean())).append(',').append(Format.csv(p.upperBound()));
            if (sim) {
                sb.append(',').append(p.simulatedSets()).append(',').append(Format.csv(p.meanRoundedAnalyticTmaxOverT1()))
                        .append(',').append(Format.csv(p.meanSimulatedTmaxOverT1()));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * One line per task set and α: every Tmax value behind the means. With simulated points four
     * more columns, empty for the sets not simulated: the rounded set's T1 and analytic Tmax, its
     * simulated Tmax, and the longest period the simulation tried.
     */
    public static String tmaxSamples(TmaxResult r) {
        boolean sim = r.study().simulated() != null;
        StringBuilder sb = new StringBuilder("n,u,set,alpha,t1,tmax,tmaxOverT1");
        sb.append(sim ? ",roundedT1,roundedTmax,simulatedTmax,simulatedSearchLimit\n" : "\n");
        for (TmaxSample s : r.samples()) {
            sb.append(s.n()).append(',').append(Format.csv(s.u())).append(',').append(s.set()).append(',')
                    .append(Format.csv(s.alpha())).append(',').append(Format.csv(s.t1())).append(',')
                    .append(Format.csv(s.tmax())).append(',').append(Format.csv(s.tmaxOverT1()));
            if (sim && s.simulated()) {
                sb.append(',').append(Format.csv(s.roundedT1())).append(',').append(Format.csv(s.roundedTmax())).append(',')
                        .append(Format.csv(s.simulatedTmax())).append(',').append(Format.csv(s.simulatedSearchLimit()));
            } else if (sim) {
                sb.append(",,,,");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** One line per (u, α, X, T): the curves of thesis Fig. 4.13 to 4.15. */
    public static String overheadPoints(OverheadResult r) {
        StringBuilder sb = new StringBuilder("u,alpha,overhead,period,meanMaxResponseRatio\n");
        for (OverheadCurve c : r.curves()) {
            String head = Format.csv(c.u()) + ',' + Format.csv(c.alpha()) + ',' + Format.csv(c.overhead()) + ',';
            for (OverheadPoint p : c.points()) {
                sb.append(head).append(Format.csv(p.period())).append(',').append(Format.csv(p.meanMaxResponseRatio())).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * One line per curve: the prediction-model lines (left bound, mean lower-bound line and where
     * it crosses 1) and the curve's lowest mean with its period.
     */
    public static String overheadCurves(OverheadResult r) {
        StringBuilder sb = new StringBuilder("u,alpha,overhead,responseRatioCap,leftBound,lowerBoundSlope,lowerBoundOffset,"
                + "lowerBoundCrossing,minMeanMaxResponseRatio,periodOfMin\n");
        for (OverheadCurve c : r.curves()) {
            OverheadPoint best = c.points().get(0);
            for (OverheadPoint p : c.points()) {
                if (p.meanMaxResponseRatio() < best.meanMaxResponseRatio()) {
                    best = p;
                }
            }
            sb.append(Format.csv(c.u())).append(',').append(Format.csv(c.alpha())).append(',').append(Format.csv(c.overhead())).append(',')
                    .append(Format.csv(r.study().responseRatioCap())).append(',')
                    .append(Format.csv(c.leftBound())).append(',').append(Format.csv(c.lowerBoundSlope())).append(',')
                    .append(Format.csv(c.lowerBoundOffset())).append(',').append(Format.csv(c.lowerBoundCrossing())).append(',')
                    .append(Format.csv(best.meanMaxResponseRatio())).append(',').append(Format.csv(best.period())).append('\n');
        }
        return sb.toString();
    }
}
