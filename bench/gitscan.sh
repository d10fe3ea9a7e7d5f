#!/usr/bin/env bash
# bench/gitscan.sh — the history scan (issue 27 item 3; SPEC "Performance targets": audit --git
# over a repository's whole history ≤ 2× `git cat-file --batch` printing the same blobs, and
# ≥ 50× faster than a loop of exiftool over them).
#
# Generates (once, cached under bench/.data/gitscan-<version>) a repository of GIT_COMMITS
# commits (default 2,000) holding GIT_IMAGES image blobs (default 5,000, all distinct): a few
# Fixtures/ images (JPEGs with and without GPS, a PNG) each made unique by python3 writing a
# numbered JPEG COM segment or PNG tEXt chunk into it, added 2 or 3 per commit by
# `git fast-import`, with a text file changed in every commit and every 10th commit deleting an
# image added earlier. Then times, at the same parallelism:
#   - the floor: `git cat-file --batch` printing the image blobs to /dev/null;
#   - photoaudit audit --git --format json (-j 1, and -j nproc);
#   - exiftool over GIT_SAMPLE (default 200) of the blobs, each written out by `git cat-file blob`
#     as a loop over history does, extrapolated to all of them (said so in the table).
# Usage: bench/gitscan.sh  (PHOTOAUDIT=..., BENCH_REPEAT=..., BENCH_SAVE=1 as the other scripts)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

GIT_COMMITS=${GIT_COMMITS:-2000}
GIT_IMAGES=${GIT_IMAGES:-5000}
GIT_SAMPLE=${GIT_SAMPLE:-200}
# GIT_PAD_KB: also write this many KiB of seeded random bytes into each image (JPEG COM segments;
# PNG: a private ancillary chunk), so blobs weigh what photos weigh (default 0: Fixtures-sized).
GIT_PAD_KB=${GIT_PAD_KB:-0}
need_tools git python3 exiftool
BENCH_LOG=$(mktemp)
start_output gitscan

REPO=$DATA/gitscan-v1-$GIT_COMMITS-$GIT_IMAGES-$GIT_PAD_KB
gen_repo() {
  [ -f "$REPO/.done" ] && return
  rm -rf "$REPO" "$REPO.tmp"
  mkdir -p "$REPO.tmp"
  git -C "$REPO.tmp" init -q -b main
  python3 - "$ROOT/Fixtures" "$GIT_COMMITS" "$GIT_IMAGES" "$REPO.tmp/image-ids" "$GIT_PAD_KB" <<'PY' | git -C "$REPO.tmp" fast-import --quiet
import hashlib, random, struct, sys, zlib
fixtures, commits, images, ids_path, pad = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]) * 1024
rng = random.Random(27)
bases = [open(f"{fixtures}/{p}", "rb").read() for p in
         ["jpeg/orient-1.jpg", "jpeg/clean.jpg", "jpeg/gps-xmp-only.jpg", "jpeg/landscape.jpg", "reference/upright.png"]]
def unique(base, n):
    text = b"photoaudit bench blob %d" % n
    filler = rng.randbytes(pad)
    if base[:2] == b"\xff\xd8":  # JPEG: COM segments after SOI
        pieces = [text] + [filler[i:i + 65000] for i in range(0, len(filler), 65000)]
        return base[:2] + b"".join(b"\xff\xfe" + struct.pack(">H", len(p) + 2) + p for p in pieces) + base[2:]
    out = base[:33]  # PNG: a tEXt chunk (and a private 'prVt' chunk of filler) after IHDR (8 + 25 bytes)
    for chunk in [b"tEXt" + b"Comment\0" + text] + ([b"prVt" + filler] if filler else []):
        out += struct.pack(">I", len(chunk) - 4) + chunk + struct.pack(">I", zlib.crc32(chunk))
    return out + base[33:]
out = sys.stdout.buffer
ids = open(ids_path, "w")
n = 0
live = []
for c in range(commits):
    left = commits - c
    count = min(images - n, max(0, -(-(images - n) // left)))
    out.write(b"commit refs/heads/main\ncommitter Bench <bench@example.invalid> %d +0000\n" % (1700000000 + c * 60))
    message = b"commit %d" % c
    out.write(b"data %d\n%s\n" % (len(message), message))
    for _ in range(count):
        data = unique(bases[n % len(bases)], n)
        ext = b"png" if data[:4] == b"\x89PNG" else b"jpg"
        path = b"photos/%03d/IMG_%05d.%s" % (n // 100, n, ext)
        ids.write(hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest() + "\n")
        out.write(b"M 100644 inline %s\ndata %d\n%s\n" % (path, len(data), data))
        live.append(path)
        n += 1
    text = b"release notes, revision %d\n" % c
    out.write(b"M 100644 inline NOTES.txt\ndata %d\n%s\n" % (len(text), text))
    if c % 10 == 9 and len(live) > 20:
        out.write(b"D %s\n" % live.pop(len(live) // 2))
    out.write(b"\n")
PY
  git -C "$REPO.tmp" reset -q --hard main   # fast-import wrote one pack
  touch "$REPO.tmp/.done"
  mv "$REPO.tmp" "$REPO"
}
gen_repo || die "could not generate the repository"
cd "$REPO" || die "no repository at $REPO"

COMMITS=$(git rev-list --count HEAD)
IMAGES=$(wc -l < image-ids)
BYTES=$(git cat-file --batch-check='%(objectsize)' < image-ids | awk '{ s += $1 } END { print s }')
JOBS=$(nproc)

print_header "history scan: audit --git vs git cat-file --batch vs an exiftool loop"
echo "repository: $COMMITS commits (GIT_PAD_KB=$GIT_PAD_KB), $IMAGES image blobs ($(awk -v b="$BYTES" -v n="$IMAGES" 'BEGIN { printf "%.1f MB, %.1f KB each on average", b / 1e6, b / n / 1e3 }')) + $COMMITS text blobs; packed"
echo

floor() { git cat-file --batch < image-ids; }
warm() { git cat-file --batch < image-ids > /dev/null; }
warm
best : bash -c 'git cat-file --batch < image-ids'; FLOOR=$B_WALL; FLOOR_CPU=$B_CPU
best : git log --raw --no-abbrev -z --no-renames --root -m --reverse --format=tformat:C%H HEAD --; LOG=$B_WALL
best : "$PHOTOAUDIT" audit --git --format json --quiet --fail-on none -j 1; PA1=$B_WALL; PA1_CPU=$B_CPU; PA1_RSS=$B_RSS; PA1_RC=$B_RC
best : "$PHOTOAUDIT" audit --git --format json --quiet --fail-on none -j "$JOBS"; PAJ=$B_WALL; PAJ_CPU=$B_CPU; PAJ_RSS=$B_RSS
REPORT=$(mktemp)
M_STDOUT=$REPORT
measure "$PHOTOAUDIT" audit --git --format json --quiet --fail-on none
M_STDOUT=/dev/null
FOUND=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["files"]), sum(1 for f in d["files"] if any(x["id"]=="PA001" for x in f["findings"])))' "$REPORT" 2>/dev/null || echo "? ?")

SAMPLE=$(mktemp)
awk -v n="$IMAGES" -v k="$GIT_SAMPLE" 'BEGIN { step = n / k } { if (NR % int(step) == 1 && c < k) { print; c++ } }' image-ids > "$SAMPLE"
SAMPLED=$(wc -l < "$SAMPLE")
loop() {
  local t; t=$(mktemp)
  while read -r id; do git cat-file blob "$id" > "$t"; exiftool -a -G1 -n "$t" > /dev/null; done < "$SAMPLE"
  rm -f "$t"
}
export -f loop; export SAMPLE
BENCH_REPEAT_SAVED=$BENCH_REPEAT; BENCH_REPEAT=1
best : bash -c loop; EXIF_SAMPLE=$B_WALL
BENCH_REPEAT=$BENCH_REPEAT_SAVED
EXIF_ALL=$(awk -v t="$EXIF_SAMPLE" -v k="$SAMPLED" -v n="$IMAGES" 'BEGIN { printf "%.1f", t * n / k }')

R1=$(div "$PA1" "$FLOOR"); RJ=$(div "$PAJ" "$FLOOR"); X1=$(div "$EXIF_ALL" "$PA1" %.0f); XJ=$(div "$EXIF_ALL" "$PAJ" %.0f)
printf '%-58s %9s %9s %9s\n' "run" "wall s" "cpu s" "vs floor"
printf '%-58s %9s %9s %9s\n' "git cat-file --batch, the image blobs (the floor)" "$FLOOR" "$FLOOR_CPU" "1.00"
printf '%-58s %9s %9s %9s\n' "git log --raw -z (the walk photoaudit does first)" "$LOG" "" "$(div "$LOG" "$FLOOR")"
printf '%-58s %9s %9s %9s\n' "photoaudit audit --git -j 1 ($(mb "$PA1_RSS") MB peak RSS, git incl.)" "$PA1" "$PA1_CPU" "$R1"
printf '%-58s %9s %9s %9s\n' "photoaudit audit --git -j $JOBS ($(mb "$PAJ_RSS") MB RSS, git incl.)" "$PAJ" "$PAJ_CPU" "$RJ"
printf '%-58s %9s %9s %9s\n' "exiftool loop, $SAMPLED blobs (measured)" "$EXIF_SAMPLE" "" ""
printf '%-58s %9s %9s %9s\n' "exiftool loop, all $IMAGES blobs (extrapolated)" "$EXIF_ALL" "" "$(div "$EXIF_ALL" "$FLOOR")"
echo
echo "photoaudit reported $(echo "$FOUND" | cut -d' ' -f1) image blobs, $(echo "$FOUND" | cut -d' ' -f2) with PA001 (exit status of the -j 1 run: $PA1_RC)"
echo "goal: audit --git <= 2x the floor: -j 1 $R1 $(verdict "$R1" '<=' 2)   -j $JOBS $RJ $(verdict "$RJ" '<=' 2)"
echo "goal: >= 50x faster than the exiftool loop: -j 1 ${X1}x $(verdict "$X1" '>=' 50)   -j $JOBS ${XJ}x $(verdict "$XJ" '>=' 50)"
echo "peak RSS: of the largest process, which is git cat-file (its mapped pack pages) on a large repository"
print_footer
rm -f "$BENCH_LOG" "$SAMPLE" "$REPORT"
