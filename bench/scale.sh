#!/usr/bin/env bash
# bench/scale.sh — does `audit --format jsonl` stream? (issue 15, SPEC "Scale": memory that does
# not grow with the number of files, 1M files ≤ 64 MB peak RSS; files/s at least as before).
#
# 200,000 small files (hard links of 12 tiny fixtures — JPEG, PNG, HEIC — in 2,000 folders of
# 100; cheap to make, ~0 bytes of disk each) in three trees of 20k, 100k and 200k files.
# For each: `photoaudit audit TREE --no-pixels --format jsonl -j $(nproc)`, stdout read by a
# small Python reader that notes when the first record arrives; peak RSS from wait4.
# Not a test and not run in CI: it prints a table, a missed goal prints MISS.
#
#   bench/scale.sh                        # .build/release/photoaudit (make build)
#   PHOTOAUDIT=/tmp/old/photoaudit bench/scale.sh     # any binary, e.g. the one before a change
#   SCALE_COUNTS="20000 100000" bench/scale.sh        # fewer sizes
#   BENCH_SAVE=1 bench/scale.sh           # also bench/results/<date>-<host>-scale.txt

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

COUNTS=${SCALE_COUNTS:-"20000 100000 200000"}
JOBS=${SCALE_JOBS:-$(nproc)}
SCALE_DIR="$DATA/$GEN_VERSION/scale"
BENCH_LOG=$(mktemp)
command -v python3 >/dev/null || die "needs python3"
[ -x "$PHOTOAUDIT" ] || die "no photoaudit binary at $PHOTOAUDIT (make build, or set PHOTOAUDIT)"

# gen_tree N: $SCALE_DIR/nN/dNNNN/IMG_NNNNNN.ext, 100 files a folder, hard links of the fixtures.
gen_tree() {
  local n=$1 dir="$SCALE_DIR/n$1"
  [ -f "$dir.done" ] && return 0
  echo "generating: $n files (hard links) in $dir ..." >&2
  rm -rf "$dir" "$dir.tmp" "$dir.src"
  python3 - "$ROOT/Fixtures" "$dir.tmp" "$n" "$dir.src" <<'EOF' || die "generating $dir failed"
import os, sys
fixtures, out, n, base = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
sources = ["jpeg/clean.jpg", "jpeg/gps-xmp-only.jpg", "jpeg/orient-6.jpg", "jpeg/mpf-secondary-gps.jpg", "jpeg/icc-p3.jpg",
           "jpeg/landscape.jpg", "png/clean.png", "png/exif-gps.png", "png/xmp-itxt.png", "heic/apple-style.heic",
           "heic/upright.heic", "heic/xmp-gps.heic"]
# One private copy of each fixture, beside the tree (not in it), so the links do not touch the
# repository's inodes.
# A file system allows ~65,000 links to one inode (ext4): enough copies for n.
os.makedirs(base)
os.makedirs(out)
copies = []
for c in range(n // (len(sources) * 60000) + 1):
    for s in sources:
        stem, ext = os.path.splitext(os.path.basename(s))
        target = os.path.join(base, "%s-%d%s" % (stem, c, ext))
        with open(os.path.join(fixtures, s), "rb") as f, open(target, "wb") as g:
            g.write(f.read())
        copies.append(target)
for i in range(n):
    folder = os.path.join(out, "d%04d" % (i // 100))
    if i % 100 == 0:
        os.makedirs(folder)
    src = copies[i % len(copies)]
    os.link(src, os.path.join(folder, "IMG_%06d%s" % (i, os.path.splitext(src)[1])))
EOF
  mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# run_one DIR: prints "wall_s first_record_s records peak_rss_kib exit cpu_s"
run_one() {
  python3 - "$PHOTOAUDIT" "$1" "$JOBS" <<'EOF'
import os, sys, time
binary, tree, jobs = sys.argv[1:4]
r, w = os.pipe()
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    os.dup2(w, 1)
    os.close(r); os.close(w)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.execv(binary, [binary, "audit", tree, "--no-pixels", "--format", "jsonl", "--quiet", "-j", jobs])
os.close(w)
first = None
lines = 0
pending = b""
while True:
    chunk = os.read(r, 1 << 16)
    if not chunk:
        break
    if first is None and b"\n" in pending + chunk:
        first = time.monotonic() - t0
    lines += chunk.count(b"\n")
    pending = chunk[-1:]
_, status, usage = os.wait4(pid, 0)
wall = time.monotonic() - t0
print("%.3f %.3f %d %d %d %.3f" % (wall, first if first is not None else wall, lines, usage.ru_maxrss,
                                   os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime))
EOF
}

start_output scale
print_header "audit --no-pixels --format jsonl over many small files (streaming JSONL)"
echo "inputs:   hard links of 12 fixtures (6 JPEG, 3 PNG, 3 HEIC; 1-40 KB) in folders of 100; -j $JOBS; best of $BENCH_REPEAT"
echo "          (wall and CPU: the best run; CPU time, user+sys, is the steadier on a shared machine)"
echo
for n in $COUNTS; do gen_tree "$n"; done
printf "%-8s %9s %10s %8s %12s %12s %10s %12s %6s\n" files wall_s files/s cpu_s files/cpu_s first_rec_s lines peak_RSS_MB exit
first_rss=""
for n in $COUNTS; do
  warm_cache "$SCALE_DIR/n$n" >/dev/null 2>&1
  best_wall=""; best_first=""; best_cpu=""; rss=0; lines=0; rc=0
  for ((i = 0; i < BENCH_REPEAT; i++)); do
    read -r wall first count kib code cpu < <(run_one "$SCALE_DIR/n$n")
    if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then best_wall=$wall; fi
    if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu; fi
    if [ -z "$best_first" ] || awk -v a="$first" -v b="$best_first" 'BEGIN { exit !(a < b) }'; then best_first=$first; fi
    [ "$kib" -gt "$rss" ] && rss=$kib
    lines=$count; rc=$code
  done
  [ -z "$first_rss" ] && first_rss=$rss
  printf "%-8s %9s %10s %8s %12s %12s %10s %12s %6s\n" "$n" "$best_wall" "$(div "$n" "$best_wall" %.0f)" "$best_cpu" \
    "$(div "$n" "$best_cpu" %.0f)" "$best_first" "$lines" "$(mb "$rss")" "$rc"
  last_rss=$rss
done
echo
growth=$(awk -v a="$first_rss" -v b="$last_rss" 'BEGIN { printf "%.1f", (b - a) / 1024 }')
echo "peak RSS growth from the smallest to the largest tree: $growth MB  (goal: flat, ≤ 64 MB at 1M files: $(verdict "$(mb "$last_rss")" "<=" 64))"
echo "exit 1 is expected: the fixtures carry GPS (findings)."
print_footer
rm -f "$BENCH_LOG"
