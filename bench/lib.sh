# bench/lib.sh — shared helpers for bench/sanitize.sh and bench/scan.sh (sourced, not run).
#
# Environment:
#   PHOTOAUDIT    photoaudit binary (default: .build/release/photoaudit)
#   BENCH_DATA    where generated inputs are cached (default: bench/.data, git-ignored)
#   BENCH_REPEAT  timed runs per measurement, the fastest is kept (default: 2)
#   BENCH_SAVE=1  also write the output to bench/results/<date>-<host>-<script>.txt
#   IM_CONVERT    ImageMagick convert (default: /usr/bin/convert when present)
#   PHOTOAUDIT_REV  what to print as the binary's source revision (default: git HEAD of this tree)
#   CORPUS        ../shared/corpus (optional: a real iPhone grid HEIC is benchmarked when present)

set -u
set -o pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$BENCH_DIR")
DATA=${BENCH_DATA:-$BENCH_DIR/.data}
PHOTOAUDIT=${PHOTOAUDIT:-$ROOT/.build/release/photoaudit}
BENCH_REPEAT=${BENCH_REPEAT:-2}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
# The real ImageMagick binary, not a shell wrapper that happens to be first on PATH.
if [ -z "${IM_CONVERT:-}" ]; then
  if [ -x /usr/bin/convert ]; then IM_CONVERT=/usr/bin/convert; else IM_CONVERT=$(command -v convert || true); fi
fi
GEN_VERSION=v1   # bump when the generated inputs change, so stale caches are not reused

die() { echo "bench: $*" >&2; exit 2; }

need_tools() {
  local missing=""
  for t in "$@"; do command -v "$t" >/dev/null 2>&1 || missing="$missing $t"; done
  [ -x /usr/bin/time ] || missing="$missing /usr/bin/time(package time)"
  [ -n "$IM_CONVERT" ] || missing="$missing convert(imagemagick)"
  [ -z "$missing" ] || die "missing tools:$missing (make bench installs them; or apt-get install libvips-tools imagemagick libimage-exiftool-perl exiv2 libheif-examples libjpeg-turbo-progs time)"
  [ -x "$PHOTOAUDIT" ] || die "no photoaudit binary at $PHOTOAUDIT (swift build -c release --product photoaudit, or set PHOTOAUDIT)"
}

# start_output NAME: from here on, stdout also goes to bench/results/ when BENCH_SAVE=1.
start_output() {
  if [ "${BENCH_SAVE:-0}" = 1 ]; then
    mkdir -p "$BENCH_DIR/results"
    local f="$BENCH_DIR/results/$(date -u +%Y-%m-%d)-$(hostname -s 2>/dev/null || echo host)-$1.txt"
    exec > >(tee "$f")
    echo "(saving to ${f#"$ROOT"/})" >&2
  fi
}

# Printed at the top of every table: when, where, what versions.
print_header() {
  local title=$1
  echo "== $title =="
  echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine:  $(uname -m), nproc=$(nproc), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)"
  echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, at start)"
  local commit=${PHOTOAUDIT_REV:-}
  if [ -z "$commit" ]; then
    commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "?")
    if ! git -C "$ROOT" diff --quiet HEAD -- Sources Package.swift 2>/dev/null; then commit="$commit+uncommitted changes"; fi
  fi
  echo "versions: $("$PHOTOAUDIT" --version 2>/dev/null | tr '\n' ' ' | sed 's/ $//') (source $commit)"
}

# Printed at the end: the load average says how much else ran on the machine meanwhile
# (other processes make the wall times longer than the CPU times).
print_footer() {
  echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg); total time of this script: $SECONDS s"
}

# measure CMD...: runs CMD once; sets M_WALL (s), M_CPU (user+sys s), M_RSS (KiB, peak of the
# largest process: wait4 reports the maximum over the command and every descendant), M_RC.
# stdout goes to $M_STDOUT (default /dev/null), stderr to $BENCH_LOG.
measure() {
  local tf t0 t1 u s m
  tf=$(mktemp)
  t0=$(date +%s%N)
  /usr/bin/time -f '%U %S %M' -o "$tf" "$@" >"${M_STDOUT:-/dev/null}" 2>>"$BENCH_LOG"
  M_RC=$?
  t1=$(date +%s%N)
  read -r u s m < <(tail -n1 "$tf")
  rm -f "$tf"
  M_WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
  M_CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
  M_RSS=$m
}

# best PREP CMD...: BENCH_REPEAT runs of CMD, each after PREP (a function or :), keeps the fastest
# wall time (and its CPU time) and the highest peak RSS. Sets B_WALL, B_CPU, B_RSS, B_RC.
best() {
  local prep=$1; shift
  local i
  B_WALL=""; B_CPU=""; B_RSS=0; B_RC=0
  for ((i = 0; i < BENCH_REPEAT; i++)); do
    $prep
    measure "$@"
    [ "$M_RC" -gt "$B_RC" ] && B_RC=$M_RC
    [ "$M_RSS" -gt "$B_RSS" ] && B_RSS=$M_RSS
    if [ -z "$B_WALL" ] || awk -v a="$M_WALL" -v b="$B_WALL" 'BEGIN { exit !(a < b) }'; then
      B_WALL=$M_WALL; B_CPU=$M_CPU
    fi
  done
}

# Arithmetic helpers (awk, so no bc dependency).
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" 'BEGIN { if (b == 0) print "n/a"; else printf f, a / b }'; }
ms_per() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.0f", 1000 * t / n }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# verdict VALUE OP LIMIT -> PASS / MISS
verdict() { awk -v v="$1" -v l="$3" -v op="$2" 'BEGIN { ok = (op == "<=") ? (v <= l) : (v >= l); print ok ? "PASS" : "MISS" }'; }

warm_cache() { find "$@" -type f -exec cat {} + >/dev/null 2>&1 || true; }

# ---------------------------------------------------------------------------------------------
# Generated inputs (deterministic: fixed plasma seeds, fixed metadata; cached under $DATA).
# Each set is built in a temporary directory and renamed into place when complete.

# Four 12 MP "photo-like" bases: ImageMagick plasma fractals with fixed seeds (~5 s each).
gen_bases() {
  local dir="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: 4 plasma bases (4032x3024) ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  local k
  for k in 0 1 2 3; do
    "$IM_CONVERT" -seed $((1000 + k)) -size 4032x3024 plasma:fractal -quality 92 "$dir.tmp/base$k.jpg" ||
      die "ImageMagick plasma failed"
  done
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# Writes camera-like EXIF (and GPS unless told otherwise) in one exiftool call.
# exif_tag ORIENTATION FILE... (GPS in EXIF, plus XMP GPS on the same files)
exif_tag() {
  local o=$1; shift
  exiftool -q -q -overwrite_original -Orientation#="$o" -Make=Apple -Model="iPhone 12" \
    -DateTimeOriginal="2024:06:01 12:34:56" -OffsetTimeOriginal="+02:00" \
    -GPSLatitude=48.858370 -GPSLatitudeRef=N -GPSLongitude=2.294481 -GPSLongitudeRef=E \
    -GPSAltitude=35 -GPSAltitudeRef=0 -XMP-exif:GPSLatitude=48.858370N -XMP-exif:GPSLongitude=2.294481E \
    "$@" || die "exiftool failed"
}

# 20 x 12 MP JPEGs (4032x3024, quality 92), Orientation 1/6/8/3 in turn, GPS in EXIF and XMP.
SET12_N=20
gen_12mp() {
  gen_bases
  local dir="$DATA/$GEN_VERSION/12mp" base="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: $SET12_N x 12 MP JPEG ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  local i
  for ((i = 1; i <= SET12_N; i++)); do
    "$IM_CONVERT" "$base/base$((i % 4)).jpg" -roll +$((i * 397))+$((i * 211)) \
      $([ $((i % 3)) = 0 ] && echo -flop) -quality 92 "$dir.tmp/$(printf 'IMG_%04d.jpg' "$i")" || die "convert failed"
  done
  local o files
  for o in 1 6 8 3; do
    files=()
    for ((i = 1; i <= SET12_N; i++)); do
      case $((i % 4)) in 1) [ "$o" = 1 ] ;; 2) [ "$o" = 6 ] ;; 3) [ "$o" = 8 ] ;; 0) [ "$o" = 3 ] ;; esac &&
        files+=("$dir.tmp/$(printf 'IMG_%04d.jpg' "$i")")
    done
    exif_tag "$o" "${files[@]}"
  done
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# One 48 MP JPEG (8064x6048): the four bases tiled 2x2, Orientation 6, GPS.
gen_48mp() {
  gen_bases
  local dir="$DATA/$GEN_VERSION/48mp" base="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: 48 MP JPEG ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  "$IM_CONVERT" \( "$base/base0.jpg" "$base/base1.jpg" +append \) \( "$base/base2.jpg" "$base/base3.jpg" +append \) \
    -append -quality 92 "$dir.tmp/IMG_48MP.jpg" || die "convert failed"
  exif_tag 6 "$dir.tmp/IMG_48MP.jpg"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# One 12 MP HEIC (4032x3024, single coded image as heif-enc 1.15 writes it; ~25 s of x265),
# EXIF with GPS copied from the JPEG by heif-enc.
gen_heic() {
  gen_bases
  local dir="$DATA/$GEN_VERSION/heic" base="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: 12 MP HEIC (heif-enc, ~30 s) ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  cp "$base/base2.jpg" "$dir.tmp/src.jpg"
  exif_tag 1 "$dir.tmp/src.jpg"
  heif-enc -q 50 -o "$dir.tmp/IMG_HEIC.heic" "$dir.tmp/src.jpg" >/dev/null || die "heif-enc failed"
  rm -f "$dir.tmp/src.jpg"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# --- issue 18: grids and very large pictures -------------------------------------------------
HEIFGRID="$ROOT/Fixtures/tools/heifgrid.py"

# grid_from_ppm PPM OUT TILE Q [heifgrid options]: cuts PPM into TILE x TILE tiles (the last row and
# column padded by ImageMagick's crop, then clipped by the grid's output size), encodes each with
# heif-enc -q Q and assembles a grid HEIC as iPhones write them (tools/heifgrid.py).
grid_from_ppm() {
  local ppm=$1 out=$2 tile=$3 q=$4; shift 4
  local work dims w h columns rows i
  work=$(mktemp -d)
  dims=$("$IM_CONVERT" "$ppm" -format '%w %h' info:) || die "identify failed"
  read -r w h <<<"$dims"
  columns=$(((w + tile - 1) / tile)); rows=$(((h + tile - 1) / tile))
  "$IM_CONVERT" "$ppm" -background black -extent $((columns * tile))x$((rows * tile)) -crop "${tile}x${tile}" +repage \
    "$work/t-%04d.png" || die "tile crop failed"
  for ((i = 0; i < columns * rows; i++)); do
    heif-enc -q "$q" -o "$work/t-$(printf %04d "$i").heic" "$work/t-$(printf %04d "$i").png" >/dev/null || die "heif-enc failed"
  done
  python3 "$HEIFGRID" "$out" "$w" "$h" "$columns" "$@" "$work"/t-*.heic || die "heifgrid failed"
  rm -rf "$work"
}

# One 12 MP grid HEIC like an iPhone's (4032x3024 as 8x6 tiles of 512x512), from base2.
gen_grid_heic() {
  gen_bases
  local dir="$DATA/$GEN_VERSION/grid-heic" base="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: 12 MP grid HEIC (48 tiles, heif-enc, ~30 s) ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  "$IM_CONVERT" "$base/base2.jpg" -depth 8 "$dir.tmp/src.ppm" || die "convert failed"
  grid_from_ppm "$dir.tmp/src.ppm" "$dir.tmp/IMG_GRID.heic" 512 50
  rm -f "$dir.tmp/src.ppm"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}
