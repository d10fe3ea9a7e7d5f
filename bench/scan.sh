#!/usr/bin/env bash
# bench/scan.sh — issue 6 benchmark: metadata leak scan throughput (files/second) of
# `photoaudit audit DIR --no-pixels` vs `exiftool -j -n -ee -r` vs `exiv2 -pa` over the same
# 1,200 files (JPEG, HEIC, PNG with varied metadata), and the full pixel-verified audit
# (`photoaudit audit --originals O --outputs U`) over 100 pairs of 12 MP originals and outputs.
# See bench/README.md.
source "$(dirname "$0")/lib.sh"

need_tools exiftool exiv2 heif-enc heif-convert vipsthumbnail djpeg python3 ffmpeg
start_output scan
WORK=$(mktemp -d /tmp/photoaudit-bench.XXXXXX)
BENCH_LOG=$WORK/stderr.log
trap 'rm -rf "$WORK"' EXIT
READALL=$WORK/readall
# Any C compiler: the system's cc, else the clang of the Swift toolchain.
CC=${CC:-$(command -v cc || command -v clang || echo cc)}
"$CC" -O2 -o "$READALL" "$BENCH_DIR/readall.c" || die "cannot build bench/readall.c with $CC"

SCAN_N=${SCAN_N:-1200}   # files in the scan set
PAIRS_N=100              # pairs in the pixel-verified set (96 JPEG + 4 HEIC originals)

# --- generated inputs ---------------------------------------------------------------------------
# 13 distinct small files (JPEG 1024x768 and one 2048x1536, PNG screenshots 1170x2532, HEIC
# 1024x768) with different metadata, copied under IMG_NNNN names up to SCAN_N files.
gen_scan() {
  gen_bases
  local dir="$DATA/$GEN_VERSION/scan-$SCAN_N" base="$DATA/$GEN_VERSION/bases"
  [ -f "$dir.done" ] && return 0
  echo "generating: scan set of $SCAN_N files ..." >&2
  local src="$dir.src"
  rm -rf "$dir.tmp" "$src" && mkdir -p "$dir.tmp" "$src"
  local gps=(-GPSLatitude=37.331686 -GPSLatitudeRef=N -GPSLongitude=122.030656 -GPSLongitudeRef=W)
  local xgps=(-XMP-exif:GPSLatitude=37.331686N -XMP-exif:GPSLongitude=122.030656W)
  local cam=(-Make=Apple -Model="iPhone 13" -DateTimeOriginal="2024:05:04 10:11:12" -Software="17.4")
  local X=(exiftool -q -q -overwrite_original)
  "$IM_CONVERT" "$base/base0.jpg" -resize 1024x768 -quality 90 "$src/j-base.jpg"
  cp "$src/j-base.jpg" "$src/j1-exif-gps-o6.jpg"; "${X[@]}" "${cam[@]}" "${gps[@]}" -Orientation#=6 "$src/j1-exif-gps-o6.jpg"
  cp "$src/j-base.jpg" "$src/j2-exif-xmp-gps.jpg"; "${X[@]}" "${cam[@]}" "${gps[@]}" "${xgps[@]}" "$src/j2-exif-xmp-gps.jpg"
  cp "$src/j-base.jpg" "$src/j3-xmp-gps.jpg"; "${X[@]}" "${xgps[@]}" -XMP-dc:Creator="A. Photographer" "$src/j3-xmp-gps.jpg"
  "$IM_CONVERT" "$base/base1.jpg" -resize 1024x768 -strip -quality 85 "$src/j4-clean.jpg"
  cp "$src/j4-clean.jpg" "$src/j5-camera-iptc.jpg"
  "${X[@]}" "${cam[@]}" -IPTC:By-line="A. Photographer" -IPTC:City=Cupertino -XMP-dc:Creator="A. Photographer" "$src/j5-camera-iptc.jpg"
  "$IM_CONVERT" "$base/base2.jpg" -resize 512x384 -quality 80 "$src/thumb.jpg"
  cp "$src/j-base.jpg" "$src/j6-thumb-gps.jpg"; "${X[@]}" "${cam[@]}" "${gps[@]}" "-ThumbnailImage<=$src/thumb.jpg" "$src/j6-thumb-gps.jpg"
  "$IM_CONVERT" "$base/base3.jpg" -resize 2048x1536 -strip -quality 85 "$src/j7-output-clean.jpg"
  "$IM_CONVERT" -size 1170x2532 gradient:'#f0f0f0-#d0d8e8' -fill '#3060a0' -draw 'rectangle 0,0 1170,180' \
    -fill white -draw 'rectangle 60,300 1110,900' -draw 'rectangle 60,960 1110,1560' "$src/p-base.png"
  cp "$src/p-base.png" "$src/p1-exif-gps.png"; "${X[@]}" "${cam[@]}" "${gps[@]}" "$src/p1-exif-gps.png"
  cp "$src/p-base.png" "$src/p2-xmp-gps.png"; "${X[@]}" "${xgps[@]}" "$src/p2-xmp-gps.png"
  cp "$src/p-base.png" "$src/p3-clean.png"
  cp "$src/j1-exif-gps-o6.jpg" "$src/h-src.jpg"; "${X[@]}" -Orientation#=1 "$src/h-src.jpg"
  heif-enc -q 50 -o "$src/h1-exif-gps.heic" "$src/h-src.jpg" >/dev/null
  heif-enc -q 50 -o "$src/h2-clean.heic" "$src/j4-clean.jpg" >/dev/null
  cp "$src/h2-clean.heic" "$src/h3-xmp-gps.heic"; "${X[@]}" "${xgps[@]}" "$src/h3-xmp-gps.heic"
  rm -f "$src/j-base.jpg" "$src/p-base.png" "$src/thumb.jpg" "$src/h-src.jpg"
  local srcs i s
  mapfile -t srcs < <(find "$src" -type f | sort)
  for ((i = 0; i < SCAN_N; i++)); do
    s=${srcs[$((i % ${#srcs[@]}))]}
    cp "$s" "$dir.tmp/$(printf 'IMG_%04d' "$i").${s##*.}"
  done
  rm -rf "$src"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# Pairs: 96 copies (hard links) of the 12 MP JPEG originals (Orientation 1/6/8/3) + 4 of a 12 MP
# grid HEIC like an iPhone's (48 tiles of 512x512), outputs made by vipsthumbnail (another
# pipeline: that is what audit is for): most correct (auto-rotated, stripped), every 4th left
# unrotated (wrong orientation), every 7th keeps its metadata (GPS leak).
gen_pairs() {
  gen_12mp
  gen_grid_heic
  local dir="$DATA/$GEN_VERSION/pairs-grid"
  [ -f "$dir.done" ] && return 0
  echo "generating: $PAIRS_N original/output pairs (vipsthumbnail) ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/originals" "$dir.tmp/outputs"
  local set12=("$DATA/$GEN_VERSION"/12mp/*.jpg) i f name opts
  for ((i = 0; i < PAIRS_N; i++)); do
    if [ "$i" -lt $((PAIRS_N - 4)) ]; then
      f=${set12[$((i % ${#set12[@]}))]}; name=$(printf 'P%03d_%s' "$i" "$(basename "$f")")
    else
      f="$DATA/$GEN_VERSION/grid-heic/IMG_GRID.heic"; name=$(printf 'P%03d_IMG_GRID.heic' "$i")
    fi
    ln "$f" "$dir.tmp/originals/$name" 2>/dev/null || cp "$f" "$dir.tmp/originals/$name"
    opts=(); local save="[Q=85,strip]"
    [ $((i % 4)) = 3 ] && opts=(--no-rotate)
    [ $((i % 7)) = 5 ] && save="[Q=85]"
    vipsthumbnail "$dir.tmp/originals/$name" -s 2048x2048 "${opts[@]}" -o "$dir.tmp/outputs/%s.jpg$save" ||
      die "vipsthumbnail failed"
  done
  # The same pairs split by the originals' format (hard links), timed apart too.
  local kind
  for kind in jpeg heic; do
    mkdir -p "$dir.tmp/$kind/originals" "$dir.tmp/$kind/outputs"
    for f in "$dir.tmp/originals"/*; do
      case "$kind:$f" in jpeg:*.jpg | heic:*.heic) ;; *) continue ;; esac
      name=$(basename "${f%.*}")
      ln "$f" "$dir.tmp/$kind/originals/" 2>/dev/null || cp "$f" "$dir.tmp/$kind/originals/"
      ln "$dir.tmp/outputs/$name.jpg" "$dir.tmp/$kind/outputs/" 2>/dev/null || cp "$dir.tmp/outputs/$name.jpg" "$dir.tmp/$kind/outputs/"
    done
  done
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# The scan set plus one video for every 10 files (issue 16): MOVs with Apple keys GPS and MP4s
# with a 3GPP loci, 1280x720, 3 s, ~1.4 MB each, made by ffmpeg; the images are hard links.
gen_scan_video() {
  local dir="$DATA/$GEN_VERSION/scan-$SCAN_N-video" scan="$DATA/$GEN_VERSION/scan-$SCAN_N"
  [ -f "$dir.done" ] && return 0
  echo "generating: scan set with videos ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/src"
  local movie=(-f lavfi -i testsrc=size=1280x720:duration=3:rate=30 -c:v mpeg4 -b:v 3800k -fflags +bitexact -flags:v +bitexact)
  ffmpeg -nostdin -loglevel error -y "${movie[@]}" -movflags use_metadata_tags \
    -metadata com.apple.quicktime.location.ISO6709="+37.3317-122.0307+010.000/" -metadata com.apple.quicktime.make=Apple \
    "$dir.tmp/src/v.mov" || die "ffmpeg failed"
  ffmpeg -nostdin -loglevel error -y "${movie[@]}" -metadata location="+37.3317-122.0307/" "$dir.tmp/src/v.mp4" || die "ffmpeg failed"
  find "$scan" -type f -exec cp -l {} "$dir.tmp/" \; 2>/dev/null || find "$scan" -type f -exec cp {} "$dir.tmp/" \;
  local i
  for ((i = 0; i < SCAN_N / 10; i++)); do
    if [ $((i % 2)) = 0 ]; then cp "$dir.tmp/src/v.mov" "$dir.tmp/$(printf 'VID_%04d' "$i").mov"
    else cp "$dir.tmp/src/v.mp4" "$dir.tmp/$(printf 'VID_%04d' "$i").mp4"; fi
  done
  rm -rf "$dir.tmp/src" "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# The JPEG and PNG files of the scan set (hard links): exiv2 0.27 as packaged reads no HEIC.
gen_scan_jpeg_png() {
  local dir="$DATA/$GEN_VERSION/scan-$SCAN_N-jpeg-png" scan="$DATA/$GEN_VERSION/scan-$SCAN_N"
  [ -f "$dir.done" ] && return 0
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  find "$scan" -type f \( -name '*.jpg' -o -name '*.png' \) -exec cp -l {} "$dir.tmp/" \; 2>/dev/null ||
    find "$scan" -type f \( -name '*.jpg' -o -name '*.png' \) -exec cp {} "$dir.tmp/" \;
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

# The formats added after the first scan set (issue 25): TIFF/DNG and camera raws, JPEG XL, and
# videos with telemetry tracks (GoPro GPMF, CAMM, DJI, Novatek, QuickTime mebx), copied from the
# committed Fixtures/ (made by independent tools or public samples; the hostile ones — loops,
# truncations, bombs — left out: they measure refusals, not reading) under IMG_NNNN names up to
# NEW_N files.
NEW_N=${NEW_N:-600}
gen_scan_new() {
  local dir="$DATA/$GEN_VERSION/scan-new-$NEW_N" fx="$BENCH_DIR/../Fixtures"
  [ -f "$dir.done" ] && return 0
  echo "generating: new-formats scan set of $NEW_N files ..." >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  local srcs i s
  mapfile -t srcs < <(find "$fx/tiff" "$fx/tiff-real" "$fx/jxl" "$fx/telemetry" -maxdepth 2 -type f \
    \( -name '*.tif' -o -name '*.btf' -o -name '*.dng' -o -name '*.cr2' -o -name '*.nef' -o -name '*.rw2' \
       -o -name '*.jxl' -o -name '*.mp4' -o -name '*.mov' \) \
    ! -name 'ifd-loop*' ! -name 'truncated*' ! -name 'subifd-deep*' ! -name 'brob-bomb*' ! -name 'brob-corrupt*' | sort)
  [ "${#srcs[@]}" -gt 0 ] || die "no new-format fixtures under $fx"
  for ((i = 0; i < NEW_N; i++)); do
    s=${srcs[$((i % ${#srcs[@]}))]}
    cp "$s" "$dir.tmp/$(printf 'IMG_%04d' "$i").${s##*.}"
  done
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir.done"
}

gen_scan
gen_scan_jpeg_png
gen_scan_video
gen_scan_new
[ "${BENCH_SCAN_ONLY:-0}" = 1 ] || gen_pairs
SCAN="$DATA/$GEN_VERSION/scan-$SCAN_N"
SCAN_JP="$DATA/$GEN_VERSION/scan-$SCAN_N-jpeg-png"
NJP=$(find "$SCAN_JP" -type f | wc -l)
FAST_REPEAT=${BENCH_REPEAT_FAST:-$((BENCH_REPEAT * 3))}   # the sub-second runs: more samples
PAIRS="$DATA/$GEN_VERSION/pairs-grid"
SCAN_V="$DATA/$GEN_VERSION/scan-$SCAN_N-video"
N=$(find "$SCAN" -type f | wc -l)
NV=$(find "$SCAN_V" -type f | wc -l)
warm_cache "$SCAN" "$SCAN_V"
[ "${BENCH_SCAN_ONLY:-0}" = 1 ] || warm_cache "$PAIRS"

print_header "photoaudit audit / metadata scan benchmark (issue 6)"
echo "tools:    exiftool $(exiftool -ver), $(exiv2 --version | head -1)"
echo "method:   sequential runs, best of $FAST_REPEAT for wall time (exiftool and the pixel audit: $BENCH_REPEAT);"
echo "          files/s = files / wall time, process start-up included;"
echo "          cpu = user+sys of the whole run; page cache warm; outputs written to files."
echo
counts=$(find "$SCAN" -type f | sed 's/.*\.//' | sort | uniq -c | awk '{printf "%s%d %s", sep, $1, toupper($2); sep=", "}')
echo "A. metadata-only leak scan: $N files ($counts; $(du -sh "$SCAN" | cut -f1)), 13 distinct"
echo "   files (EXIF/XMP/IPTC/thumbnail, GPS in EXIF, XMP, both or none) copied under different names"
printf '%-50s %10s %9s %9s %10s %s\n' "command" "files/s" "wall" "cpu" "peak RSS" "files with GPS"

none() { :; }
declare -A RATE
scan_row() { # scan_row KEY LABEL GPSCOUNT [FILES]
  RATE[$1]=$(div "${4:-$N}" "$B_WALL" '%.0f')
  local note=""; [ "$B_RC" -le 1 ] || note=" (exit $B_RC)"
  printf '%-50s %10s %8.2fs %8.2fs %7s MB %s%s\n' "$2" "${RATE[$1]}" "$B_WALL" "$B_CPU" "$(mb "$B_RSS")" "$3" "$note"
}
pa_gps() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["files_with_gps"])' "$1" 2>/dev/null || echo "?"; }
et_gps() { python3 -c 'import json,sys; print(sum(1 for r in json.load(open(sys.argv[1])) if any(k.startswith("GPSL") for k in r)))' "$1" 2>/dev/null || echo "?"; }
x2_gps() { grep -E '^\S+\s+(Exif\.GPSInfo\.GPSLatitude |Xmp\.exif\.GPSLatitude )' "$1" | awk '{print $1}' | sort -u | wc -l; }

M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN" --no-pixels -j 2 --format json --quiet
scan_row pa2 "photoaudit audit --no-pixels -j 2 --format json" "$(pa_gps "$WORK/pa.json")"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN" --no-pixels -j 1 --format json --quiet
scan_row pa1 "photoaudit audit --no-pixels -j 1 --format json" "$(pa_gps "$WORK/pa.json")"
M_STDOUT=$WORK/et.json best none exiftool -j -n -ee -r "$SCAN"
scan_row et "exiftool -j -n -ee -r DIR" "$(et_gps "$WORK/et.json")"
# xargs batches by command-line length: with -P 2, -n splits the list so both processes get half.
xa() { # xa DIR FILES PROCS CMD...: CMD over every file of DIR in PROCS processes
  local dir=$1 files=$2 procs=$3; shift 3
  find "$dir" -type f -print0 | xargs -0 -P "$procs" -n $(((files + procs - 1) / procs)) "$@"
}
export -f xa
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN" "$N" 1 exiv2 -pa
scan_row x1 "find -print0 | xargs -0 exiv2 -pa" "$(x2_gps "$WORK/x2.txt") (exiv2 0.27 reads no HEIC)"
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN" "$N" 2 exiv2 -pa
scan_row x2 "find -print0 | xargs -0 -P 2 exiv2 -pa" "$(x2_gps "$WORK/x2.txt")"
# The floor of any scan that reads every byte (fail closed): bench/readall.c, no parsing.
BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN" "$N" 1 "$READALL"
scan_row r1 "floor: xargs -0 readall (read every byte, C)" "-"
BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN" "$N" 2 "$READALL"
scan_row r2 "floor: xargs -0 -P 2 readall" "-"
echo "   the $NJP JPEG + PNG files only (what exiv2 reads):"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN_JP" --no-pixels -j 2 --format json --quiet
scan_row jp2 "photoaudit audit --no-pixels -j 2 --format json" "$(pa_gps "$WORK/pa.json")" "$NJP"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN_JP" --no-pixels -j 1 --format json --quiet
scan_row jp1 "photoaudit audit --no-pixels -j 1 --format json" "$(pa_gps "$WORK/pa.json")" "$NJP"
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN_JP" "$NJP" 1 exiv2 -pa
scan_row jx1 "find -print0 | xargs -0 exiv2 -pa" "$(x2_gps "$WORK/x2.txt")" "$NJP"
r_et=$(div "${RATE[pa2]}" "${RATE[et]}" '%.1f'); r_x=$(div "${RATE[pa2]}" "${RATE[x1]}")
echo "   photoaudit -j 2 vs exiftool:        ${r_et}x   issue >= 10x: $(verdict "$r_et" '>=' 10)   SPEC >= 20x: $(verdict "$r_et" '>=' 20)"
r_xt=$(div "${RATE[x1]}" "${RATE[pa2]}")
echo "   photoaudit -j 2 vs exiv2 (1 proc):  ${r_x}x   issue/SPEC >= 1x: $(verdict "$r_x" '>=' 1)"
echo "   time ratio photoaudit -j 2 / exiv2:  ${r_xt}   SPEC (kept) <= 1.0: $(verdict "$r_xt" '<=' 1.0)"
rf=$(div "${RATE[r2]}" "${RATE[pa2]}")
echo "   time ratio photoaudit / the byte floor: -j 2 vs -P 2 ${rf} (SPEC <= 1.5: $(verdict "$rf" '<=' 1.5)), -j 1 vs 1 proc $(div "${RATE[r1]}" "${RATE[pa1]}");" \
     "the floor / exiv2: $(div "${RATE[x1]}" "${RATE[r1]}") (1 proc), $(div "${RATE[x1]}" "${RATE[r2]}") (-P 2)"
echo "   like for like: photoaudit -j 1 vs exiftool $(div "${RATE[pa1]}" "${RATE[et]}" '%.1f')x, vs exiv2 $(div "${RATE[pa1]}" "${RATE[x1]}")x;" \
     "photoaudit -j 2 vs exiv2 -P 2 $(div "${RATE[pa2]}" "${RATE[x2]}")x"
echo "   JPEG + PNG only: photoaudit -j 2 vs exiv2 $(div "${RATE[jp2]}" "${RATE[jx1]}")x, photoaudit -j 1 vs exiv2 $(div "${RATE[jp1]}" "${RATE[jx1]}")x"
echo "   (exiftool and exiv2 are single-threaded; photoaudit reads every carrier incl. HEIC, PNG eXIf/iTXt,"
echo "   the EXIF thumbnail, and writes a full JSON report with findings)"
echo

# --- A2. the same scan with videos in the batch (issue 16) ---------------------------------------
echo "A2. the scan set plus $((NV - N)) videos (half MOV with keys GPS, half MP4 with loci; 1280x720, 3 s,"
echo "   $(du -sh "$SCAN_V/VID_0000.mov" | cut -f1) each; $(du -shL "$SCAN_V" | cut -f1) in all): $NV files; no 'mdat' is read"
printf '%-50s %10s %9s %9s %10s %s
' "command" "files/s" "wall" "cpu" "peak RSS" "files with GPS"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN_V" --no-pixels -j 2 --format json --quiet
scan_row pv2 "photoaudit audit --no-pixels -j 2 --format json" "$(pa_gps "$WORK/pa.json")" "$NV"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN_V" --no-pixels -j 1 --format json --quiet
scan_row pv1 "photoaudit audit --no-pixels -j 1 --format json" "$(pa_gps "$WORK/pa.json")" "$NV"
M_STDOUT=$WORK/et.json best none exiftool -j -n -ee -r "$SCAN_V"
scan_row ev "exiftool -j -n -ee -r DIR" "$(et_gps "$WORK/et.json")" "$NV"
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN_V" "$NV" 1 exiv2 -pa
scan_row xv "find -print0 | xargs -0 exiv2 -pa" "$(x2_gps "$WORK/x2.txt")" "$NV"
echo "   photoaudit -j 2 vs exiv2 (1 proc): $(div "${RATE[pv2]}" "${RATE[xv]}")x, vs exiftool $(div "${RATE[pv2]}" "${RATE[ev]}" '%.1f')x;" \
     "files/s with videos vs without: $(div "${RATE[pv2]}" "${RATE[pa2]}")x"
echo
# --- A4. the new formats -------------------------------------------------------------------------
SCAN_N4="$DATA/$GEN_VERSION/scan-new-$NEW_N"
N4=$(find "$SCAN_N4" -type f | wc -l)
counts4=$(find "$SCAN_N4" -type f | sed 's/.*\.//' | sort | uniq -c | awk '{printf "%s%d %s", sep, $1, toupper($2); sep=", "}')
echo "A4. the formats added since (issue 25): $N4 files ($counts4; $(du -sh "$SCAN_N4" | cut -f1)),"
echo "   copies of the committed TIFF/DNG/raw, JPEG XL and telemetry-video fixtures; same parallelism per pair of rows"
printf '%-50s %10s %9s %9s %10s %s\n' "command" "files/s" "wall" "cpu" "peak RSS" "files with GPS"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN_N4" --no-pixels -j 2 --format json --quiet
scan_row n2 "photoaudit audit --no-pixels -j 2 --format json" "$(pa_gps "$WORK/pa.json")" "$N4"
BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN_N4" "$N4" 2 "$READALL"
scan_row nr2 "floor: xargs -0 -P 2 readall" "-" "$N4"
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN_N4" "$N4" 2 exiv2 -pa
scan_row nx2 "find -print0 | xargs -0 -P 2 exiv2 -pa" "$(x2_gps "$WORK/x2.txt") (exiv2 0.27: TIFF/raws only)" "$N4"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$SCAN_N4" --no-pixels -j 1 --format json --quiet
scan_row n1 "photoaudit audit --no-pixels -j 1 --format json" "$(pa_gps "$WORK/pa.json")" "$N4"
BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN_N4" "$N4" 1 "$READALL"
scan_row nr1 "floor: xargs -0 readall" "-" "$N4"
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$SCAN_N4" "$N4" 1 exiv2 -pa
scan_row nx1 "find -print0 | xargs -0 exiv2 -pa" "$(x2_gps "$WORK/x2.txt")" "$N4"
M_STDOUT=$WORK/et.json best none exiftool -j -n -ee -r "$SCAN_N4"
scan_row ne "exiftool -j -n -ee -r DIR" "$(et_gps "$WORK/et.json")" "$N4"
r4=$(div "${RATE[nr2]}" "${RATE[n2]}"); r4x=$(div "${RATE[nx1]}" "${RATE[n1]}"); r4e=$(div "${RATE[ne]}" "${RATE[n2]}" '%.3f')
echo "   time ratios: photoaudit / the byte floor -j 2 vs -P 2 ${r4} (SPEC <= 1.5: $(verdict "$r4" '<=' 1.5)), -j 1 vs 1 proc $(div "${RATE[nr1]}" "${RATE[n1]}");"
echo "   photoaudit -j 1 / exiv2 (1 proc) ${r4x}; photoaudit -j 2 / exiftool ${r4e} (SPEC <= 0.05: $(verdict "$r4e" '<=' 0.05))"
echo "   (exiv2 0.27 reads no JPEG XL and no video telemetry: its rows are not like for like)"
echo
[ "${BENCH_SCAN_ONLY:-0}" = 1 ] && { print_footer; exit 0; }

# --- A3. the leak scan of photo-sized files -----------------------------------------------------
# The byte floor grows with the bytes, exiv2's work with the metadata: on 12 MP originals the
# ratio to exiv2 says more about file size than about the scanner (bench/README.md).
NO=$(find "$PAIRS/jpeg/originals" -type f | wc -l)
echo "A3. the leak scan of $NO 12 MP JPEG originals ($(du -shL "$PAIRS/jpeg/originals" | cut -f1); EXIF with GPS, no pixels decoded)"
printf '%-50s %10s %9s %9s %10s %s\n' "command" "files/s" "wall" "cpu" "peak RSS" "files with GPS"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$PAIRS/jpeg/originals" --no-pixels -j 2 --format json --quiet
scan_row o2 "photoaudit audit --no-pixels -j 2 --format json" "$(pa_gps "$WORK/pa.json")" "$NO"
M_STDOUT=$WORK/x2.txt BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$PAIRS/jpeg/originals" "$NO" 1 exiv2 -pa
scan_row ox "find -print0 | xargs -0 exiv2 -pa" "$(x2_gps "$WORK/x2.txt")" "$NO"
BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$PAIRS/jpeg/originals" "$NO" 2 "$READALL"
scan_row or "floor: xargs -0 -P 2 readall" "-" "$NO"
M_STDOUT=$WORK/pa.json BENCH_REPEAT=$FAST_REPEAT best none "$PHOTOAUDIT" audit "$PAIRS/jpeg/originals" --no-pixels -j 1 --format json --quiet
scan_row o1 "photoaudit audit --no-pixels -j 1 --format json" "$(pa_gps "$WORK/pa.json")" "$NO"
BENCH_REPEAT=$FAST_REPEAT best none bash -c 'xa "$@"' _ "$PAIRS/jpeg/originals" "$NO" 1 "$READALL"
scan_row or1 "floor: xargs -0 readall" "-" "$NO"
M_STDOUT=$WORK/et.json best none exiftool -j -n -ee -r "$PAIRS/jpeg/originals"
scan_row oe "exiftool -j -n -ee -r DIR" "$(et_gps "$WORK/et.json")" "$NO"
ro=$(div "${RATE[or]}" "${RATE[o2]}")
echo "   time ratios: photoaudit -j 2 / exiv2 $(div "${RATE[ox]}" "${RATE[o2]}"), / the floor (-P 2) ${ro} (SPEC <= 1.5: $(verdict "$ro" '<=' 1.5)), -j 1 / the floor (1 proc) $(div "${RATE[or1]}" "${RATE[o1]}");" \
     "the floor / exiv2 $(div "${RATE[ox]}" "${RATE[or]}"); photoaudit -j 2 / exiftool $(div "${RATE[oe]}" "${RATE[o2]}" '%.3f')"
echo

# --- B. pixel-verified audit --------------------------------------------------------------------
NP=$(find "$PAIRS/originals" -type f | wc -l)
NPJ=$(find "$PAIRS/jpeg/originals" -type f | wc -l)
NPH=$(find "$PAIRS/heic/originals" -type f | wc -l)
echo "B. pixel-verified audit: $NP pairs ($NPJ x 12 MP JPEG Orientation 1/6/8/3 + $NPH x 12 MP grid HEIC originals (48 tiles);"
echo "   outputs 2048 px by vipsthumbnail, every 4th left unrotated, every 7th keeps GPS)"
printf '%-50s %10s %9s %9s %10s %s\n' "command" "pairs/s" "wall" "cpu" "peak RSS" "findings (errors)"
pa_findings() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]; print(s["pairs"], "pairs,", s["findings"], "findings,", s["by_severity"]["error"], "errors")' "$1" 2>/dev/null || echo "?"; }
declare -A PWALL PCPU
pair_row() { # pair_row KEY LABEL PAIRS NOTE
  RATE[$1]=$(div "$3" "$B_WALL" '%.1f'); PWALL[$1]=$B_WALL; PCPU[$1]=$B_CPU
  local note=""; [ "$B_RC" -le 1 ] || note=" (exit $B_RC)"
  printf '%-50s %10s %8.2fs %8.2fs %7s MB %s%s\n' "$2" "${RATE[$1]}" "$B_WALL" "$B_CPU" "$(mb "$B_RSS")" "$4" "$note"
}
pa_pairs() { # pa_pairs SUBDIR JOBS
  M_STDOUT=$WORK/pairs.json best none "$PHOTOAUDIT" audit --originals "$PAIRS/$1originals" --outputs "$PAIRS/$1outputs" -j "$2" --format json --quiet
}
pa_pairs "" 2;     pair_row pp2 "audit --originals O --outputs U -j 2: all $NP" "$NP" "$(pa_findings "$WORK/pairs.json")"
pa_pairs "" 1;     pair_row pp1 "  the same, -j 1" "$NP" "$(pa_findings "$WORK/pairs.json")"
# The cost of decoding in worker processes (docs/safety.md): the same run decoded in-process.
M_STDOUT=$WORK/pairs.json best none env PHOTOAUDIT_WORKERS=0 "$PHOTOAUDIT" audit --originals "$PAIRS/originals" --outputs "$PAIRS/outputs" -j 1 --format json --quiet
pair_row ppi "  the same, -j 1, decoded in-process" "$NP" "$(pa_findings "$WORK/pairs.json")"
pa_pairs jpeg/ 1;  pair_row ppj "  JPEG originals only ($NPJ), -j 1" "$NPJ" "$(pa_findings "$WORK/pairs.json")"
pa_pairs heic/ 1;  pair_row pph "  HEIC originals only ($NPH), -j 1" "$NPH" "$(pa_findings "$WORK/pairs.json")"
# The floor: decoding both pictures of every pair at the scale the check uses, with the
# reference tools, one process per file: djpeg -scale 1/8 (4032 px -> 504, 2048 px -> 256, what
# photoaudit's 256/128 px minimum sides pick), and for a HEIC original heif-convert to Y4M (a
# full HEVC decode on libheif's own tile threads; HEVC has no reduced decode).
floor_jpeg() { # floor_jpeg DIR: djpeg -scale 1/8 of every original and output
  local f
  for f in "$1"/originals/* "$1"/outputs/*; do djpeg -scale 1/8 -outfile /dev/null "$f" || return 1; done
}
floor_heic() { # floor_heic DIR TMP: heif-convert the originals, djpeg -scale 1/8 the outputs
  local f
  for f in "$1"/originals/*; do heif-convert "$f" "$2/x.y4m" >/dev/null || return 1; done
  for f in "$1"/outputs/*; do djpeg -scale 1/8 -outfile /dev/null "$f" || return 1; done
}
export -f floor_jpeg floor_heic
best none bash -c 'floor_jpeg "$@"' _ "$PAIRS/jpeg";              pair_row fj "  floor, JPEG pairs: djpeg -scale 1/8 of both" "$NPJ" ""
best none bash -c 'floor_heic "$@"' _ "$PAIRS/heic" "$WORK";      pair_row fh "  floor, HEIC pairs: heif-convert + djpeg -scale 1/8" "$NPH" ""
rj=$(div "${PWALL[ppj]}" "${PWALL[fj]}"); rh=$(div "${PWALL[pph]}" "${PWALL[fh]}")
echo "   JPEG pairs: ${RATE[ppj]} pairs/s vs floor ${RATE[fj]}: ratio ${rj}x the floor's time   SPEC <= 1.4: $(verdict "$rj" '<=' 1.4)   issue 1.1-1.2: $(verdict "$rj" '<=' 1.2)"
echo "               cpu ratio $(div "${PCPU[ppj]}" "${PCPU[fj]}")x (the floor starts one djpeg per file: its wall time includes $((2 * NPJ)) process start-ups)"
echo "   HEIC pairs: ${RATE[pph]} pairs/s vs floor ${RATE[fh]}: ratio ${rh}x the floor's time, cpu ratio $(div "${PCPU[pph]}" "${PCPU[fh]}")x"
echo "               (heif-convert decodes on libheif's tile threads and writes Y4M; photoaudit -j 1 decodes tiles on the cores -j leaves)"
echo "   (each pair: both files' metadata and byte map, both pictures decoded once at reduced size (JPEG: DCT"
echo "   scaling; HEIC: every tile decoded on the cores -j leaves and area-averaged, HEVC has no reduced"
echo "   decode) and matched by fingerprints)"
echo
# exiftool's own summary lines ("1 directories scanned", "1200 image files read") are expected.
grep -v -E '^ *[0-9]+ (directories scanned|image files read)$' "$BENCH_LOG" >"$WORK/stderr" || true
if [ -s "$WORK/stderr" ]; then
  echo "stderr of the runs (first lines):"; head -5 "$WORK/stderr" | sed 's/^/   /'
fi
print_footer
