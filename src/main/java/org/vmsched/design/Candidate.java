package org.vmsched.design;

/** One proposed interface: a label ("optimum", "whole ms"), period T, budget C and bandwidth C/T. Immutable. */
public record Candidate(String label, double period, double budget, double bandwidth) {
}
