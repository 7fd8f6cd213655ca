echo 0 > "$tr/tracing_on"
echo > "$tr/trace"
echo 8192 > "$tr/buffer_size_kb"
for e in $events; do echo 1 > "$tr/events/sched/$e/enable"; done
cd "$out" || missing "cannot enter $out"
# one calibration for every process, before the trace: calibrating each rt-app on its own made them
# start tens of seconds apart on a busy machine, so the VMs never ran together
if [ -z "${CALIBRATION:-}" ]; then
    c1=$(echo $cpus | cut -d' ' -f1)
    echo '{"global": {"duration": 1, "calibration": "CPU'"$c1"'", "logdir": ".", "log_basename": ".calibration"}, "tasks": {"calibrate": {"loop": 1, "run": 100}}}' > "$out/.run-calibration.json"
    # in the background, so that a signal's trap runs at once, not after the calibration
    rt-app "$out/.run-calibration.json" > "$out/.calibration.out" 2>&1 &
    pids=$!
    wait "$pids"
    st=$?
    pids=''
    CALIBRATION=$(sed -n 's/.*pLoad = \([0-9]*\)ns.*/\1/p' "$out/.calibration.out" | head -1)
    rm -f "$out/.run-calibration.json" "$out"/.calibration*
    # a calibration stopped by a signal printed nothing: say so, not that CALIBRATION should be set
    [ "$st" -le 128 ] || missing "rt-app's calibration was stopped by a signal (status $st) before the run began; nothing was measured"
    # rt-app ends with status 0 on INT and TERM: a calibration ended with nothing may have been stopped so
    case $CALIBRATION in ''|*[!0-9]*) missing "rt-app's calibration ended (status $st) without its pLoad line: a signal to rt-app (a Ctrl-C reaches it) stops it so; otherwise it could not calibrate (set CALIBRATION=ns-per-loop to skip the calibration)" ;; esac
fi
echo "run.sh: rt-app calibration: $CALIBRATION ns per loop" >&2
start_vm() {
    sed -e "s/\"duration\": [0-9]*/\"duration\": $seconds/"         -e "s/\"calibration\": \"CPU[0-9]*\"/\"calibration\": $CALIBRATION/" "$here/$2" > "$out/.run-$2"
    sh -c 'echo $$ > "$1/tasks" && exec rt-app "$2"' run-vm "$cg/$1" "$out/.run-$2" > "$out/rt-app-$1.out" 2>&1 &
    pids="$pids $!"
}
echo 1 > "$tr/tracing_on"
# whole seconds since boot: a monotonic clock, which an NTP step or a date -s does not move as it moves date +%s
uptime_s() { read -r up _ < /proc/uptime && echo "${up%.*}"; }
# before the first rt-app starts: a run that ends before $seconds from here was cut short (run-finish.sh)
started=$(uptime_s)
