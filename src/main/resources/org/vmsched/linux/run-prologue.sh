set -u
seconds=${1:-3}
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
out=${2:-$here}
cg=/sys/fs/cgroup/cpu
tr=/sys/kernel/tracing
events='sched_switch sched_wakeup sched_wakeup_new sched_process_exit'
missing() { echo "run.sh: cannot run: $*" >&2; exit 2; }
case $seconds in ''|*[!0-9]*) missing "SECONDS must be a whole number, got '$seconds'" ;; esac
[ "$seconds" -ge 1 ] && [ "$seconds" -le 3600 ] || missing "SECONDS must be 1 to 3600, got $seconds"
[ -d "$out" ] || missing "no such folder: $out"
out=$(CDPATH= cd -- "$out" && pwd)
