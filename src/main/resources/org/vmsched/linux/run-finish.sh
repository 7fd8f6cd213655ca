status=0
for p in $pids; do wait "$p" || status=1; done
pids=''
ran=$(( $(uptime_s) - started ))
echo 0 > "$tr/tracing_on"
cat "$tr/trace" > "$out/trace.txt"
rm -f "$out"/.run-*.json
lost=$(cat "$tr"/per_cpu/cpu*/stats 2>/dev/null | awk '/^overrun:/ { n += $2 } END { print n + 0 }')
[ "$lost" -gt 0 ] && echo "run.sh: note: $lost events were overwritten (buffer overrun); trace says what that costs" >&2
[ "$status" -eq 0 ] || { echo "run.sh: an rt-app failed; see $out/rt-app-*.out" >&2; exit 1; }
# rt-app ends with status 0 on INT and TERM as at the end of its duration, so a run that ended early was
# stopped by a signal that this script did not trap: one sent to rt-app alone, or an INT to the process
# group of a script's background job, which ignores INT (and a shell cannot trap what it ignored on entry)
[ "$ran" -ge "$seconds" ] || { echo "run.sh: cut short: rt-app ran $ran s of the $seconds asked: a signal stopped it (rt-app then ends with status 0); the trace of what ran is in $out/trace.txt" >&2; exit 4; }
echo "run.sh: trace in $out/trace.txt"
