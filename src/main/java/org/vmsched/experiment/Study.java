package org.vmsched.experiment;

/** What an experiment measures and over which grid: a {@link TmaxStudy}, an {@link OverheadStudy} or an {@link AcceptanceStudy}. */
public sealed interface Study permits TmaxStudy, OverheadStudy, AcceptanceStudy {

    /** The name used in experiment files and in the CLI's JSON: "tmax", "overhead" or "acceptance". */
    String kind();
}
