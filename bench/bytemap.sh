#!/usr/bin/env bash
# bench/bytemap.sh — issue 8 benchmark: `photoaudit inspect --map` vs plain `photoaudit inspect`.
#
#   A. every JPEG of ../shared/corpus (by content: FF D8 FF), one process, -j 1 and default -j
#   B. the 20 x 12 MP JPEGs of bench/sanitize.sh, when already generated in bench/.data
#      (entropy-coded data dominates there: the map reads every byte, plain inspect only headers)
# Goal: inspect --map costs at most 2x plain inspect (ratio of wall times, best of BENCH_REPEAT).
#
# Environment: PHOTOAUDIT, CORPUS, BENCH_REPEAT (default 3 here), BENCH_SAVE — see bench/lib.sh.
BENCH_REPEAT=${BENCH_REPEAT:-3}
source "$(dirname "$0")/lib.sh"

[ -x /usr/bin/time ] || die "needs /usr/bin/time (apt-get install time)"
[ -x "$PHOTOAUDIT" ] || die "no photoaudit binary at $PHOTOAUDIT (swift build -c release --product photoaudit, or set PHOTOAUDIT)"
[ -d "$CORPUS" ] || die "no corpus at $CORPUS (set CORPUS)"
start_output bytemap
WORK=$(mktemp -d /tmp/photoaudit-bench.XXXXXX)
BENCH_LOG=$WORK/stderr.log
trap 'rm -rf "$WORK"' EXIT

# Corpus JPEGs by content, not by extension (some have none, some a misleading one).
FILES=()
while IFS= read -r -d '' f; do
  [ "$(head -c 3 "$f" | od -An -tx1 | tr -d ' \n')" = "ffd8ff" ] && FILES+=("$f")
done < <(find "$CORPUS" -mindepth 2 -type f -not -path "$CORPUS/oracle/*" -not -path "$CORPUS/reference/*" -print0 | sort -z)
N=${#FILES[@]}
[ "$N" -gt 0 ] || die "no JPEG in $CORPUS"
BYTES=$(cat "${FILES[@]}" | wc -c)
warm_cache "${FILES[@]}"

print_header "photoaudit byte map benchmark (issue 8)"
echo "method:   one photoaudit process per run over all files, --format json to /dev/null;"
echo "          best of $BENCH_REPEAT wall times; cpu = user+sys; page cache warm."
echo

printf '%-44s %6s %9s %10s %10s %9s\n' "set" "files" "MB" "inspect" "--map" "ratio"
# compare LABEL JOBS FILE...: plain vs --map on the same files; prints one row, sets RATIO.
compare() {
  local label=$1 jobs=$2; shift 2
  local n=$# bytes plain map
  bytes=$(cat "$@" | wc -c)
  best : "$PHOTOAUDIT" inspect $jobs --format json "$@"
  plain=$B_WALL
  best : "$PHOTOAUDIT" inspect --map $jobs --format json "$@"
  map=$B_WALL
  RATIO=$(div "$map" "$plain")
  printf '%-44s %6d %9s %9.0fms %9.0fms %8sx\n' "$label" "$n" "$(mb $((bytes / 1024)))" \
    "$(awk -v t="$plain" 'BEGIN { print t * 1000 }')" "$(awk -v t="$map" 'BEGIN { print t * 1000 }')" "$RATIO"
}

compare "corpus JPEGs, -j 1" "-j 1" "${FILES[@]}"
RATIO_J1=$RATIO
compare "corpus JPEGs, -j $(nproc) (default)" "" "${FILES[@]}"
RATIO_JN=$RATIO

SET12="$DATA/$GEN_VERSION/12mp"
if [ -f "$SET12/.done" ]; then
  mapfile -t BIG < <(find "$SET12" -name '*.jpg' | sort)
  warm_cache "${BIG[@]}"
  compare "12 MP JPEGs (bench/.data), -j 1" "-j 1" "${BIG[@]}"
else
  echo "(12 MP set not generated: run bench/sanitize.sh once to include it)"
fi

echo
echo "goal: --map at most 2x plain inspect over the corpus JPEGs"
echo "result: -j 1 ratio ${RATIO_J1}x $(verdict "$RATIO_J1" "<=" 2); default -j ratio ${RATIO_JN}x $(verdict "$RATIO_JN" "<=" 2)"
