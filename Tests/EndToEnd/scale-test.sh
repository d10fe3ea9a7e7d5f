#!/usr/bin/env bash
# make scale-test: photoaudit under real batch engines, end to end (SPEC "Scale", issue 15).
#
#   1. 8 shards under GNU parallel: `--shard K/8`, and `--shard auto --shards 8` with each
#      task's JOB_COMPLETION_INDEX set as a Kubernetes Indexed Job sets it; each set merged with
#      `merge --expect 8`.
#   2. Apache Spark in local mode: the file list piped through
#      `photoaudit audit --files-from - --format jsonl` with RDD.pipe over 4 partitions, the
#      partitions' streams (saveAsTextFile) merged with `merge --expect 4`.
#   3. `sanitize --shard K/4` under GNU parallel, 4 at once into one --out: the folder must be
#      one unsharded sanitize's, file for file (diff -r).
# Each merge must give the stream and the JSON report of one unsharded run, byte for byte; a
# missing shard and a doubled one must fail the merge (exit 2).
#
# Environment: PHOTOAUDIT (the binary), PYTHON (a python3 with pyspark 4), SCALE_COPIES (how
# many copies of Fixtures/ to audit, default 12: 756 images with their descriptors),
# SCALE_CHECKS (options of every audit, default --no-pixels: the sharding does not depend on the
# checks, and pixel checks of a debug build would take minutes; "" checks the pixels too).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PHOTOAUDIT=$(cd "$(dirname "${PHOTOAUDIT:?set PHOTOAUDIT to the photoaudit binary}")" && pwd)/$(basename "$PHOTOAUDIT")
PYTHON=${PYTHON:-python3}
COPIES=${SCALE_COPIES:-12}
read -r -a CHECKS <<< "${SCALE_CHECKS---no-pixels}"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/photoaudit-scale-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
started=$SECONDS
fail() { echo "scale-test: FAIL: $*" >&2; exit 1; }
same() { cmp -s "$1" "$2" || fail "$3: $1 differs from $2"; echo "  ok  $3"; }

# Inputs: copies of the fixtures (outputs with descriptors whose originals sit beside them).
for ((i = 1; i <= COPIES; i++)); do
  mkdir -p "data/set-$i"
  cp -R "$ROOT/Fixtures/defects" "$ROOT/Fixtures/jpeg" "$ROOT/Fixtures/heic" "$ROOT/Fixtures/png" "data/set-$i/"
done
images=$(find data -type f ! -name '*.json' | wc -l)
echo "scale-test: $images images under $WORK/data ($PHOTOAUDIT)"

# The reference: one unsharded run.
"$PHOTOAUDIT" audit data "${CHECKS[@]}" --format jsonl --fail-on none --quiet > whole.jsonl
"$PHOTOAUDIT" audit data "${CHECKS[@]}" --format json --fail-on none --quiet > whole.json
[ "$(grep -c '"type":"file"' whole.jsonl)" -eq "$images" ] || fail "the unsharded run has $(grep -c '"type":"file"' whole.jsonl) records, not $images"

echo "GNU parallel $(parallel --version 2>/dev/null | sed -n '1s/.* //p'): 8 shards, 4 at a time"
mkdir explicit auto
parallel --halt now,fail=1 -j 4 "$PHOTOAUDIT" audit data "${CHECKS[@]}" --shard {}/8 --fail-on none --format jsonl --quiet -o explicit/s{}.jsonl ::: $(seq 1 8)
# As a Kubernetes Indexed Job runs them: index 0..7 in JOB_COMPLETION_INDEX, the count from --shards.
parallel --halt now,fail=1 -j 4 "JOB_COMPLETION_INDEX=\$(( {} - 1 )) $PHOTOAUDIT audit data ${CHECKS[*]} --shard auto --shards 8 --fail-on none --format jsonl -o auto/s{}.jsonl 2>> auto/stderr.txt" ::: $(seq 1 8)
for k in $(seq 1 8); do grep -q "shard $k/8 (Kubernetes Indexed Job: JOB_COMPLETION_INDEX=$((k - 1)), --shards 8)" auto/stderr.txt || fail "task $k did not say its shard"; done
"$PHOTOAUDIT" merge --expect 8 explicit/*.jsonl --format jsonl --fail-on none > explicit.jsonl
"$PHOTOAUDIT" merge --expect 8 explicit/*.jsonl --format json --fail-on none > explicit.json
"$PHOTOAUDIT" merge --expect 8 auto/*.jsonl --format jsonl --fail-on none > auto.jsonl
same explicit.jsonl whole.jsonl "parallel --shard K/8: merged stream = unsharded stream"
same explicit.json whole.json "parallel --shard K/8: merged JSON report = unsharded report"
same auto.jsonl whole.jsonl "parallel --shard auto (JOB_COMPLETION_INDEX): merged stream = unsharded stream"
status=0; "$PHOTOAUDIT" merge --expect 8 explicit/s[1-7].jsonl > /dev/null 2> missing.txt || status=$?
[ "$status" -eq 2 ] && grep -q "shard 8/8 is missing" missing.txt || fail "a missing shard: exit $status, $(cat missing.txt)"
status=0; "$PHOTOAUDIT" merge explicit/*.jsonl explicit/s3.jsonl > /dev/null 2> twice.txt || status=$?
[ "$status" -eq 2 ] && grep -q "shard 3/8 is given twice" twice.txt || fail "a doubled shard: exit $status, $(cat twice.txt)"
echo "  ok  a missing shard and a doubled one fail the merge (exit 2)"
status=0; "$PHOTOAUDIT" merge --expect 8 explicit/*.jsonl > /dev/null 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "--fail-on error at the merge: exit $status, not 1 (the fixtures hold planted defects)"
echo "  ok  the gate is at the merge: exit 1 on the merged findings"

echo "GNU parallel: sanitize in 4 shards at once into one --out"
mkdir sanitize-in
cp -R "$ROOT/Fixtures/jpeg" "$ROOT/Fixtures/png" "$ROOT/Fixtures/heic" "$ROOT/Fixtures/video/livephoto" sanitize-in/
rm sanitize-in/livephoto/IMG_0002.mov  # no Live Photo of IMG_0002.jpg: a clash on IMG_0002.jpg (SanitizeShardTests has it)
"$PHOTOAUDIT" sanitize sanitize-in --out sanitize-whole --quiet > /dev/null
parallel --halt now,fail=1 -j 4 "$PHOTOAUDIT" sanitize sanitize-in --out sanitize-shards --shard {}/4 2>> sanitize-shards.txt > /dev/null ::: $(seq 1 4)
! grep -q "waiting for another photoaudit run" sanitize-shards.txt || fail "a sanitize shard waited for another: $(cat sanitize-shards.txt)"
summed=$(sed -n 's/.*: \([0-9]*\) of [0-9]* files\{0,1\} sanitized into.*/\1/p' sanitize-shards.txt | awk '{ n += $1 } END { print n + 0 }')
[ "$summed" -eq "$(find sanitize-whole -name '*.json' | wc -l)" ] || fail "the sanitize shards sanitized $summed inputs: $(cat sanitize-shards.txt)"
diff -r sanitize-whole sanitize-shards > sanitize-diff.txt || fail "sanitize shards into one --out differ from one run: $(head -c 2000 sanitize-diff.txt)"
echo "  ok  parallel sanitize --shard K/4 into one --out = one unsharded run (diff -r), each input in one shard"

echo "Apache Spark (pyspark $("$PYTHON" -c 'import pyspark; print(pyspark.__version__)'), local mode): RDD.pipe over 4 partitions"
find data -type f | LC_ALL=C sort > list.txt
"$PYTHON" "$ROOT/Tests/EndToEnd/spark_pipe.py" "$PHOTOAUDIT" list.txt 4 spark-out "${CHECKS[@]}" 2> spark.log || { tail -n 30 spark.log >&2; fail "spark"; }
parts=$(ls spark-out/part-* | wc -l)
[ "$parts" -eq 4 ] || fail "spark wrote $parts partitions, not 4"
"$PHOTOAUDIT" merge --expect 4 spark-out/part-* --format jsonl --fail-on none > spark.jsonl
"$PHOTOAUDIT" merge --expect 4 spark-out/part-* --format json --fail-on none > spark.json
same spark.jsonl whole.jsonl "spark RDD.pipe --files-from -: merged stream = unsharded stream"
same spark.json whole.json "spark RDD.pipe --files-from -: merged JSON report = unsharded report"

echo "scale-test: passed in $((SECONDS - started)) s"
