#!/usr/bin/env bash
# Runs libFuzzer targets one at a time, each for SECONDS, and keeps what they find.
#
#   Fuzz/run-fuzz.sh SECONDS TARGET...          (from the package root; `make fuzz` calls it)
#
# Expects the sanitized binaries in $FUZZ_BIN and seeds in $FUZZ_BUILD/seeds/<target> (see the
# `fuzz` section of the Makefile). A crash does not end a target's run: libFuzzer is restarted
# on its growing corpus until the time is used up. New crash-*, timeout-*, oom- and leak-*
# artifacts are copied to Tests/Regressions/<target>/, where RegressionTests replays them in CI.
# A summary line per target (runs, executions, cov, ft, findings) goes to
# $FUZZ_BUILD/fuzz-summary.txt.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: Fuzz/run-fuzz.sh SECONDS TARGET...}
shift
FUZZ_BUILD=${FUZZ_BUILD:-Fuzz/.build}
FUZZ_BIN=${FUZZ_BIN:-$FUZZ_BUILD/sanitized/release}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-5}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
FUZZ_EXTRA=${FUZZ_EXTRA:-}
summary=$FUZZ_BUILD/fuzz-summary.txt
: > "$summary.new"

# The Swift runtime's own crash reporter would race libFuzzer's; let libFuzzer report.
export SWIFT_BACKTRACE=enable=no

for target in "$@"; do
  binary=$FUZZ_BIN/fuzz-$target
  [ -x "$binary" ] || { echo "fuzz: $binary is missing (run make fuzz-build)"; exit 2; }
  corpus=$FUZZ_BUILD/corpus/$target
  artifacts=$FUZZ_BUILD/artifacts/$target
  regressions=Tests/Regressions/$target
  log=$FUZZ_BUILD/logs/$target.log
  mkdir -p "$corpus" "$artifacts" "$regressions" "$(dirname "$log")"
  : > "$log"
  deadline=$(( $(date +%s) + seconds ))
  runs=0 execs=0 findings=0
  while :; do
    left=$(( deadline - $(date +%s) ))
    [ "$left" -gt 0 ] || break
    runs=$((runs + 1))
    # shellcheck disable=SC2086
    nice -n 10 "$binary" -max_total_time="$left" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
      -print_final_stats=1 -artifact_prefix="$artifacts/" $FUZZ_EXTRA \
      "$corpus" "$FUZZ_BUILD/seeds/$target" >> "$log" 2>&1
    status=$?
    n=$(grep -a '^stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}')
    execs=$((execs + ${n:-0}))
    [ "$status" -eq 0 ] && break
  done
  for artifact in "$artifacts"/*; do
    [ -f "$artifact" ] || continue
    name=$(basename "$artifact")
    # A timeout on a busy machine may be the machine: keep it only if it times out again alone.
    if [[ $name == timeout-* ]] && "$binary" -timeout="$FUZZ_TIMEOUT" -runs=1 "$artifact" > /dev/null 2>&1; then
      echo "fuzz: $target: $name does not time out when replayed alone; not kept (see $artifacts)"
      continue
    fi
    if [ ! -e "$regressions/$name" ]; then
      cp "$artifact" "$regressions/$name"
      findings=$((findings + 1))
      echo "fuzz: $target: new reproducer $regressions/$name"
    fi
  done
  last=$(grep -a -E '(DONE|pulse|NEW|REDUCE|INITED) +cov:' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")
  corp=$(sed -n 's/.* corp: \([^ ]*\).*/\1/p' <<< "$last")
  line=$(printf '%-11s %5ss  runs %-3s execs %-10s cov %-6s ft %-7s corpus %-14s new reproducers %s' \
    "$target" "$seconds" "$runs" "$execs" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$findings")
  echo "$line" | tee -a "$summary.new"
done
mv "$summary.new" "$summary"
