package org.vmsched.experiment;

/** What an experiment measures and over which grid: a {@link TmaxStudy} or an {@link OverheadStudy}. */
public sealed interface Study permits TmaxStudy, OverheadStudy {

    /** The name used in experiment files and in the CLI's JSON: "tmax" or "overhead". */
    String kind();
}
