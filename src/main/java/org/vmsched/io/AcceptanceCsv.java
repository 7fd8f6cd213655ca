package org.vmsched.io;

import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.WilsonInterval;
import org.vmsched.text.Format;

/**
 * The CSV of an acceptance study's results folder, {@code acceptance-points.csv}: one line per
 * (u, test) with the systems judged, the systems accepted, the share and its 95 % Wilson score
 * interval (comma-separated, one header line, "\n" line ends, UTF-8; numbers by
 * {@link Format#csv}). A function of the integer counts alone, so merged shards give the
 * unsharded run's bytes. Stateless.
 */
public final class AcceptanceCsv {

    /** The file's name in a results folder. */
    public static final String FILE = "acceptance-points.csv";

    private AcceptanceCsv() {
    }

    /** The whole file. */
    public static String points(AcceptanceResult r) {
        StringBuilder sb = new StringBuilder("u,test,systems,accepted,share,wilsonLow95,wilsonHigh95\n");
        for (AcceptanceResult.Point p : r.points()) {
            sb.append(Format.csv(p.u())).append(',').append(p.test()).append(',').append(p.systems()).append(',')
                    .append(p.accepted()).append(',');
            if (p.systems() == 0) {
                sb.append(",,\n");
                continue;
            }
            WilsonInterval w = p.interval();
            sb.append(Format.csv(p.share())).append(',').append(Format.csv(w.low())).append(',').append(Format.csv(w.high()))
                    .append('\n');
        }
        return sb.toString();
    }
}
