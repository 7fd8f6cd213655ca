package org.vmsched.ui.analysis;

import org.vmsched.chart.GlobalSupplyData;
import org.vmsched.chart.GoodPeriodMapData;
import org.vmsched.chart.ResponseRatioData;
import org.vmsched.chart.SupplyDemandData;
import org.vmsched.chart.TmaxChartData;

/**
 * What one of the analysis's charts shows, as {@link AnalysisViewModel} holds it for the view to
 * draw ({@link ChartDrawing#of}): a message in the chart's place, or the data of a Tmax curve, a
 * good-period map, a max Ri/Ti curve, a supply-and-demand chart or a global VM's supplies. Each is equal only to itself,
 * so that one set again draws a new chart, as setting a new chart did. Immutable.
 */
public sealed interface AnalysisChart {

    /** A message where the chart would be: the chart's title and why there is no chart. */
    record Message(String title, String text) implements AnalysisChart {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** A VM's Tmax curve. */
    record Tmax(TmaxChartData data) implements AnalysisChart {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** A VM's good-period map. */
    record Map(GoodPeriodMapData data) implements AnalysisChart {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** A VM's max Ri/Ti over its period. */
    record Ratio(ResponseRatioData data) implements AnalysisChart {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** A task's supply and demand, with the supply measured in a trace ({t, least supply}; null for none). */
    record Supply(SupplyDemandData data, double[][] measured) implements AnalysisChart {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** A global VM's supplies for one of its tasks (THEORY.md §15.17, §15.19). */
    record GlobalSupply(GlobalSupplyData data) implements AnalysisChart {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
