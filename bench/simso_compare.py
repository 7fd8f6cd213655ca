#!/usr/bin/env python3
"""Times SimSo on the benchmark task set, for the comparison in BENCHMARKS.md (## Simulation).

SimSo (https://pypi.org/project/simso/) simulates flat scheduling on processors, so the peer
system is the 30 tasks of bench/sim-3vm-30tasks.json on one processor under RM (RM_mono): what
VMSched simulates as one VM owning the whole processor (SimulationBenchmark.flatRm). One time unit
is one millisecond for SimSo. SimSo is not a dependency of VMSched; install it in a throw-away
virtualenv:

    python3 -m venv /tmp/simso-venv && /tmp/simso-venv/bin/pip install simso
    /tmp/simso-venv/bin/python bench/simso_compare.py [--horizon 10000000] [--scenario bench/sim-3vm-30tasks.json]

Prints one JSON line: horizon, jobs released, wall and CPU seconds, jobs per CPU second.
"""
import argparse
import json
import os
import time

from simso.configuration import Configuration
from simso.core import Model


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=os.path.join(here, "sim-3vm-30tasks.json"))
    ap.add_argument("--horizon", type=int, default=10_000_000, help="time units (ms for SimSo)")
    args = ap.parse_args()

    with open(args.scenario, encoding="utf-8") as f:
        scenario = json.load(f)
    tasks = [t for vm in scenario["vms"] for t in vm["tasks"]]

    conf = Configuration()
    conf.duration = args.horizon * conf.cycles_per_ms
    for i, t in enumerate(tasks, start=1):
        conf.add_task(name=t["name"], identifier=i, period=t["period"], activation_date=t.get("offset", 0),
                      wcet=t["wcet"], deadline=t.get("deadline", t["period"]), abort_on_miss=False)
    conf.add_processor(name="CPU 1", identifier=1)
    conf.scheduler_info.clas = "simso.schedulers.RM_mono"
    conf.check_all()

    model = Model(conf)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    model.run_model()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0

    jobs = sum(len(task.jobs) for task in model.task_list)
    completed = [job for task in model.task_list for job in task.jobs if job.end_date is not None]
    missed = sum(1 for job in completed if job.exceeded_deadline)
    print(json.dumps({"peer": "SimSo", "scheduler": "RM_mono", "tasks": len(tasks), "horizon": args.horizon,
                      "jobs": jobs, "completed": len(completed), "lateJobs": missed, "wallSeconds": round(wall, 3),
                      "cpuSeconds": round(cpu, 3), "jobsPerCpuSecond": round(jobs / cpu)}))


if __name__ == "__main__":
    main()
