#!/usr/bin/env bash
# bench/memory.sh — issue 18 benchmark: peak RSS of the pixel checks on very large pictures
# (not CI; `/usr/bin/time` from Debian's `time` package gives the peak RSS):
#
#   A. audit --originals O --outputs U of a 196 MP PNG pair (14000x14000, copies of one file)
#   B. the same for a 100 MP JPEG pair (12096x9072, baseline)
#   C. audit of a HEIC grid of 10,000 tiles (100x100 tiles of 128x128: 12800x12800, 164 MP),
#      and sanitize of it to 2048 px
#   D. audit of ../shared/corpus without originals (the PA005 thumbnail check and the damage
#      check decode every picture), -j 1 and -j 2
#
# Goal (SPEC "Pixel checks at bounded memory"): <= 150 MB peak RSS per job. Inputs are generated
# here (cached in bench/.data, never committed). See bench/README.md.
source "$(dirname "$0")/lib.sh"

BENCH_REPEAT=${BENCH_REPEAT_MEMORY:-1}   # peak RSS does not need many runs; the big decodes are slow
need_tools heif-enc jpegtran python3
start_output memory
WORK=$(mktemp -d /tmp/photoaudit-bench.XXXXXX)
BENCH_LOG=$WORK/stderr.log
trap 'rm -rf "$WORK"' EXIT
MEM="$DATA/$GEN_VERSION/memory"

# A 196 MP PNG: a 1400x1400 plasma, each pixel repeated 10x10 (rows written with the Up filter
# after the first of each group), deflated as it is written: ~10 MB, no 588 MB buffer anywhere.
gen_png196() {
  local dir="$MEM/png196"
  [ -f "$dir.done" ] && return 0
  echo "generating: 196 MP PNG pair (python zlib, ~20 s) ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/originals" "$dir.tmp/outputs"
  "$IM_CONVERT" -seed 1004 -size 1400x1400 plasma:fractal -depth 8 "$dir.tmp/src.ppm" || die "plasma failed"
  python3 - "$dir.tmp/src.ppm" "$dir.tmp/originals/P196.png" <<'PY' || die "PNG writer failed"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
fields, pos = [], 0
while len(fields) < 4:                      # P6 header: magic, width, height, maxval
    while data[pos:pos + 1].isspace(): pos += 1
    start = pos
    while not data[pos:pos + 1].isspace(): pos += 1
    fields.append(data[start:pos])
w, h = int(fields[1]), int(fields[2])
pixels = data[pos + 1:]
scale = 10
W, H = w * scale, h * scale
out = open(sys.argv[2], "wb")
def chunk(kind, payload):
    out.write(struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload)))
out.write(b"\x89PNG\r\n\x1a\n")
chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
deflate, pending = zlib.compressobj(6), []
def emit(raw):
    pending.append(deflate.compress(raw))
    if sum(map(len, pending)) > 1 << 20:
        chunk(b"IDAT", b"".join(pending)); pending.clear()
up = b"\x02" + bytes(W * 3)
for y in range(h):
    row = pixels[y * w * 3:(y + 1) * w * 3]
    emit(b"\x00" + b"".join(row[3 * x:3 * x + 3] * scale for x in range(w)))
    for _ in range(scale - 1): emit(up)
pending.append(deflate.flush())
chunk(b"IDAT", b"".join(pending))
chunk(b"IEND", b"")
PY
  rm -f "$dir.tmp/src.ppm"
  ln "$dir.tmp/originals/P196.png" "$dir.tmp/outputs/P196.png"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# A 100 MP JPEG: nine 12 MP JPEGs pasted losslessly on a 3x3 canvas (jpegtran -crop enlarges,
# -drop pastes): baseline, like the originals; no full-size pixel buffer to make it.
gen_jpeg100() {
  gen_12mp
  local dir="$MEM/jpeg100" set12="$DATA/$GEN_VERSION/12mp"
  [ -f "$dir.done" ] && return 0
  echo "generating: 100 MP JPEG pair (jpegtran) ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/originals" "$dir.tmp/outputs"
  jpegtran -copy none -crop 12096x9072+0+0 "$set12/IMG_0001.jpg" >"$dir.tmp/canvas.jpg" || die "jpegtran failed"
  local i=2 x y
  for y in 0 3024 6048; do
    for x in 0 4032 8064; do
      [ "$x$y" = 00 ] && continue
      jpegtran -copy none -drop "+$x+$y" "$set12/$(printf 'IMG_%04d.jpg' "$i")" "$dir.tmp/canvas.jpg" >"$dir.tmp/next.jpg" ||
        die "jpegtran -drop failed"
      mv "$dir.tmp/next.jpg" "$dir.tmp/canvas.jpg"
      i=$((i + 1))
    done
  done
  mv "$dir.tmp/canvas.jpg" "$dir.tmp/originals/P100.jpg"
  ln "$dir.tmp/originals/P100.jpg" "$dir.tmp/outputs/P100.jpg"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# A HEIC grid of 10,000 tiles: 16 distinct 128x128 tiles (crops of base0) used 625 times over.
gen_tile10k() {
  gen_bases
  local dir="$MEM/tile10k" base="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: 10,000-tile HEIC ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/in"
  local i
  for ((i = 0; i < 16; i++)); do
    "$IM_CONVERT" "$base/base0.jpg" -crop "128x128+$((i % 4 * 900))+$((i / 4 * 700))" +repage "$dir.tmp/t$i.png" &&
      heif-enc -q 50 -o "$dir.tmp/t$(printf %02d "$i").heic" "$dir.tmp/t$i.png" >/dev/null || die "tile encode failed"
  done
  python3 "$HEIFGRID" "$dir.tmp/in/T10K.heic" 12800 12800 100 --repeat 625 "$dir.tmp"/t[0-9][0-9].heic || die "heifgrid failed"
  rm -f "$dir.tmp"/t*
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

gen_png196
gen_jpeg100
gen_tile10k
PNG="$MEM/png196" JPG="$MEM/jpeg100" T10K="$MEM/tile10k/in"
warm_cache "$PNG" "$JPG" "$T10K"

print_header "photoaudit pixel-check memory benchmark (issue 18)"
echo "method:   one run each (BENCH_REPEAT_MEMORY=$BENCH_REPEAT); peak RSS = largest process (/usr/bin/time %M);"
echo "          per job = peak RSS / -j (the jobs of one process share it); goal <= 150 MB per job (SPEC)"
echo
printf '%-64s %9s %9s %10s %9s  %s\n' "command" "wall" "cpu" "peak RSS" "per job" "goal"
none() { :; }
mem_row() { # mem_row LABEL JOBS [NOTE]
  local per; per=$(awk -v k="$B_RSS" -v j="$2" 'BEGIN { printf "%.1f", k / 1024 / j }')
  local note=""; [ "$B_RC" -le 1 ] || note=" (exit $B_RC)"
  printf '%-64s %8.2fs %8.2fs %7s MB %6s MB  <= 150 MB: %s%s %s\n' "$1" "$B_WALL" "$B_CPU" "$(mb "$B_RSS")" "$per" \
    "$(verdict "$per" '<=' 150)" "$note" "${3:-}"
}
findings() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]; print("(%s findings: %s)" % (s["findings"], " ".join("%s:%s" % kv for kv in sorted(s.get("by_id", {}).items()))))' "$1" 2>/dev/null || echo "(no report)"; }

echo "A. 196 MP PNG pair ($(du -h "$PNG/originals/P196.png" | cut -f1), 14000x14000 RGB: 588 MB decoded)"
M_STDOUT=$WORK/r.json best none "$PHOTOAUDIT" audit --originals "$PNG/originals" --outputs "$PNG/outputs" -j 1 --format json --quiet
mem_row "audit --originals O --outputs U -j 1" 1 "$(findings "$WORK/r.json")"
echo "B. 100 MP JPEG pair ($(du -h "$JPG/originals/P100.jpg" | cut -f1), 12096x9072 baseline)"
M_STDOUT=$WORK/r.json best none "$PHOTOAUDIT" audit --originals "$JPG/originals" --outputs "$JPG/outputs" -j 1 --format json --quiet
mem_row "audit --originals O --outputs U -j 1" 1 "$(findings "$WORK/r.json")"
echo "C. HEIC grid of 10,000 tiles ($(du -h "$T10K/T10K.heic" | cut -f1), 100x100 tiles of 128x128: 12800x12800, 164 MP)"
M_STDOUT=$WORK/r.json best none "$PHOTOAUDIT" audit "$T10K" -j 1 --format json --quiet
mem_row "audit DIR -j 1 (every tile decoded, for damage)" 1 "$(findings "$WORK/r.json")"
rm -rf "$WORK/out"
best none "$PHOTOAUDIT" sanitize "$T10K/T10K.heic" --out "$WORK/out" --quiet --force
mem_row "sanitize --profile picker-2048 (2 cores)" 1 "(output $(identify -format '%wx%h' "$WORK/out/T10K.jpg" 2>/dev/null || echo none))"
if [ -d "$CORPUS" ]; then
  NC=$(find "$CORPUS" -type f ! -path '*/oracle/*' ! -name '*.tsv' ! -name '*.md' | wc -l)
  echo "D. audit of ../shared/corpus without originals ($NC files)"
  M_STDOUT=$WORK/r.json best none "$PHOTOAUDIT" audit "$CORPUS" -j 1 --format json --quiet
  mem_row "audit CORPUS -j 1" 1 "$(findings "$WORK/r.json" | cut -c1-60)..."
  M_STDOUT=$WORK/r.json best none "$PHOTOAUDIT" audit "$CORPUS" -j 2 --format json --quiet
  mem_row "audit CORPUS -j 2" 2
  echo "   (the four 33 MP single-image Sony HIFs dominate: libheif 1.15 decodes a single coded image"
  echo "   whole and converts it to RGB at full size, ~300 MB at 10 bits; photoaudit decodes such"
  echo "   pictures one at a time across jobs. Without them:)"
  rm -rf "$WORK/nosony" && mkdir -p "$WORK/nosony"
  (cd "$CORPUS" && find . -type f ! -path './oracle/*' ! -iname '*sony*' ! -name '*.tsv' ! -name '*.md' -print0 |
    while IFS= read -r -d '' f; do mkdir -p "$WORK/nosony/$(dirname "$f")"; ln -s "$PWD/$f" "$WORK/nosony/$f"; done)
  M_STDOUT=$WORK/r.json best none "$PHOTOAUDIT" audit "$WORK/nosony" --follow-symlinks -j 2 --format json --quiet
  mem_row "audit CORPUS-without-Sony-HIF -j 2" 2
else
  echo "D. (skipped: no corpus at $CORPUS)"
fi
echo
if [ -s "$BENCH_LOG" ]; then
  echo "stderr of the runs (first lines):"; head -5 "$BENCH_LOG" | sed 's/^/   /'
fi
print_footer
