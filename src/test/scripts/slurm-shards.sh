#!/bin/sh
# Opt-in check of issue 32 item 5 on a Slurm cluster (a single-node one is enough; see
# docs/acceptance-studies.md): runs an acceptance study unsharded, then as a Slurm job array of N
# shards, merges the shards and compares the two acceptance-points.csv byte for byte.
#
#   src/test/scripts/slurm-shards.sh [STUDY.json] [N] [SETS]
#
# Defaults: scenarios/experiments/global-edf-pessimism.json, 4 shards, 6 systems per point. Run from
# the project folder after `./mvnw -B -o package -DskipTests` (it calls ./vmsched). Exit 0 when the
# bytes are equal, 1 when they differ, 2 when Slurm or the study is not there. Leaves its files in a
# fresh folder under ${TMPDIR:-/tmp} and prints its name.
set -eu
study=${1:-scenarios/experiments/global-edf-pessimism.json}
n=${2:-4}
sets=${3:-6}
if ! command -v sbatch >/dev/null 2>&1; then
    echo "slurm-shards: sbatch not found; install and start Slurm first (docs/acceptance-studies.md)" >&2
    exit 2
fi
if [ ! -f "$study" ] || [ ! -x ./vmsched ]; then
    echo "slurm-shards: run from the project folder with the jar built; study $study" >&2
    exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/vmsched-slurm.XXXXXX")
here=$(pwd)
echo "slurm-shards: $study, $n shards, $sets systems per point, in $work"

start=$(date +%s)
./vmsched experiment "$study" --sets "$sets" --threads 1 --out "$work/whole" >/dev/null
echo "slurm-shards: unsharded run $(( $(date +%s) - start )) s"

start=$(date +%s)
# --wait: sbatch returns when every array task has ended, with the array's exit status
sbatch --wait --parsable --array=0-$((n - 1)) --output="$work/slurm-%A_%a.out" --chdir="$here" \
    --wrap "./vmsched experiment '$study' --sets $sets --threads 1 --shard \$SLURM_ARRAY_TASK_ID/$n --out '$work/shards'" \
    >"$work/job-id"
echo "slurm-shards: job array $(cat "$work/job-id"), $n tasks, $(( $(date +%s) - start )) s"

./vmsched experiment merge "$work/shards" --out "$work/merged" >/dev/null
if cmp "$work/whole/acceptance-points.csv" "$work/merged/acceptance-points.csv"; then
    echo "slurm-shards: OK, merged shards = unsharded run, byte for byte ($(wc -c <"$work/whole/acceptance-points.csv") bytes,"\
         "sha256 $(sha256sum "$work/whole/acceptance-points.csv" | cut -c1-16))"
else
    echo "slurm-shards: FAILED, the merged CSV differs from the unsharded run's" >&2
    exit 1
fi
