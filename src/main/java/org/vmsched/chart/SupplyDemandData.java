package org.vmsched.chart;

/**
 * Supply against demand for one task (RM: its Wi(t)) or one VM (EDF: dbf(t)) over [0, end]:
 * sbf(t) as a polyline {@code supply} of {t, s} corners, the demand as a staircase
 * {@code demand} of {t, w} steps (value w from t on), the crossing {@code (crossT, crossW)}
 * (NaN when there is none before the end: the deadline is missed) and the deadline.
 * Arrays are owned by the record: do not change them.
 */
public record SupplyDemandData(String title, String demandName, double[][] supply, double[][] demand,
                               double crossT, double crossW, double deadline, double end) {
}
