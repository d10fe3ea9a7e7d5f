#!/usr/bin/env bash
# bench/sanitize.sh — issue 4 benchmark: photoaudit sanitize vs vipsthumbnail vs ImageMagick.
#
#   A. 20 x 12 MP JPEG (4032x3024, Orientation 1/6/8/3, GPS) -> long side 2048, JPEG q85
#   B. one 48 MP JPEG (8064x6048) -> 2048: peak RSS
#   C. 12 MP HEIC -> 2048 JPEG (generated with heif-enc; a real iPhone grid HEIC when
#      ../shared/corpus is present; a generated grid HEIC of 48 tiles like an iPhone's)
# Every command runs alone (sequentially), BENCH_REPEAT times; the fastest wall time is kept and
# the highest peak RSS. See bench/README.md.
source "$(dirname "$0")/lib.sh"

need_tools vipsthumbnail exiftool heif-enc djpeg cjpeg identify
start_output sanitize
WORK=$(mktemp -d /tmp/photoaudit-bench.XXXXXX)
BENCH_LOG=$WORK/stderr.log
trap 'rm -rf "$WORK"' EXIT

gen_12mp
gen_48mp
gen_heic
gen_grid_heic
GEN_GRID="$DATA/$GEN_VERSION/grid-heic/IMG_GRID.heic"
SET12="$DATA/$GEN_VERSION/12mp"
FILE48="$DATA/$GEN_VERSION/48mp/IMG_48MP.jpg"
HEIC="$DATA/$GEN_VERSION/heic/IMG_HEIC.heic"
GRID_HEIC="$CORPUS/ianare-exif-samples/iphone_13_pro_max.HEIC"
mapfile -t FILES12 < <(find "$SET12" -name '*.jpg' | sort)
N12=${#FILES12[@]}
warm_cache "$SET12" "$FILE48" "$HEIC" "$GEN_GRID"

print_header "photoaudit sanitize benchmark (issue 4)"
echo "tools:    $(vipsthumbnail --vips-version), $("$IM_CONVERT" -version | head -1 | sed 's/^Version: //; s/ https.*//'), exiftool $(exiftool -ver)"
echo "method:   sequential runs (nothing else of ours running), best of $BENCH_REPEAT for wall time, max"
echo "          of $BENCH_REPEAT for peak RSS; wall/file = run's wall time / files; cpu = user+sys;"
echo "          peak RSS = largest single process (/usr/bin/time); page cache warm."
echo

OUT=$WORK/out
fresh() { rm -rf "$OUT" && mkdir -p "$OUT"; }

# Output size of the first Orientation-6 input (IMG_0002), or of the single input.
out_dims() {
  local f
  f=$(find "$OUT" -name "${1}*" -name '*.jpg' | head -1)
  [ -n "$f" ] && identify -format '%wx%h' "$f" 2>/dev/null || echo "none"
}

# Row printers. row LABEL FILES (uses B_*) ; prints and remembers wall/file in R_<key>.
printf_row() { printf '%-52s %10s %10s %10s  %-10s %s\n' "$@"; }
declare -A WALL RSS CPU
row() {
  local key=$1 label=$2 n=$3 stem=$4 count note=""
  count=$(find "$OUT" -name '*.jpg' | wc -l)
  [ "$B_RC" = 0 ] || note="exit $B_RC"
  [ "$count" = "$n" ] || note="$note ONLY $count/$n OUTPUTS"
  WALL[$key]=$B_WALL; RSS[$key]=$B_RSS; CPU[$key]=$B_CPU
  printf_row "$label" "$(ms_per "$B_WALL" "$n") ms" "$(ms_per "$B_CPU" "$n") ms" "$(mb "$B_RSS") MB" "$(out_dims "$stem")" "$note"
}

# Per-file loops run in one timed shell so the wall time covers process start-up too.
im_loop() { # im_loop OUTDIR FILE...
  local out=$1; shift
  for f in "$@"; do
    "$IM_CONVERT" "$f" -auto-orient -strip -resize '2048x2048>' -quality 85 "$out/$(basename "${f%.*}").jpg" || return 1
  done
}
floor_loop() { # libjpeg-turbo floor: DCT half-scale decode + encode, no orientation, no resample
  local out=$1; shift
  for f in "$@"; do
    djpeg -scale 1/2 "$f" | cjpeg -quality 85 >"$out/$(basename "${f%.*}").jpg" || return 1
  done
}
export -f im_loop floor_loop
export IM_CONVERT

PA=("$PHOTOAUDIT" sanitize --profile picker-2048 --quiet --force)
VIPS=(vipsthumbnail -s 2048x2048 -o "$OUT/%s.jpg[Q=85,strip]")

# --- A. 12 MP set -------------------------------------------------------------------------------
echo "A. $N12 x 12 MP JPEG (4032x3024, $(du -sh "$SET12" | cut -f1) total, Orientation 1/6/8/3, GPS) -> long side 2048, q85"
printf_row "command" "wall/file" "cpu/file" "peak RSS" "out (o=6)" ""
best fresh "${PA[@]}" -j 1 --out "$OUT" "${FILES12[@]}";                row pa1 "photoaudit sanitize picker-2048 -j 1" "$N12" IMG_0002
best fresh "${PA[@]}" -j 1 --exact-size --out "$OUT" "${FILES12[@]}";   row pa1x "photoaudit sanitize picker-2048 -j 1 --exact-size" "$N12" IMG_0002
best fresh "${PA[@]}" -j 2 --out "$OUT" "${FILES12[@]}";                row pa2 "photoaudit sanitize picker-2048 -j 2" "$N12" IMG_0002
best fresh "${VIPS[@]}" "${FILES12[@]}";                                row vips "vipsthumbnail -s 2048x2048 [Q=85,strip]" "$N12" IMG_0002
best fresh env VIPS_CONCURRENCY=1 "${VIPS[@]}" "${FILES12[@]}";         row vips1 "vipsthumbnail, VIPS_CONCURRENCY=1" "$N12" IMG_0002
best fresh bash -c 'im_loop "$@"' _ "$OUT" "${FILES12[@]}";             row im "convert -auto-orient -strip -resize 2048x2048> q85" "$N12" IMG_0002
best fresh bash -c 'floor_loop "$@"' _ "$OUT" "${FILES12[@]}";          row floor "floor: djpeg -scale 1/2 | cjpeg -q85 (no rotate)" "$N12" IMG_0002
echo "   vipsthumbnail and convert each run one file after another; by default both use every core"
echo "   inside a file (libvips threads, ImageMagick OpenMP); the VIPS_CONCURRENCY=1 row is the"
echo "   single-core figure. picker-2048 keeps the DCT-scaled size when it is within the bound"
echo "   (2016 px here); --exact-size resamples to exactly 2048 px like the other tools."
r_vips=$(div "${WALL[pa1]}" "${WALL[vips]}"); r_im=$(div "${WALL[pa1]}" "${WALL[im]}")
r_vipsx=$(div "${WALL[pa1x]}" "${WALL[vips]}"); r_vips1=$(div "${WALL[pa1]}" "${WALL[vips1]}")
echo "   ratio photoaudit -j 1 / vipsthumbnail      (wall) = $r_vips   issue <= 1.00: $(verdict "$r_vips" '<=' 1)   SPEC <= 0.50: $(verdict "$r_vips" '<=' 0.5)"
echo "   ratio photoaudit -j 1 --exact-size / vips  (wall) = $r_vipsx   SPEC <= 0.50: $(verdict "$r_vipsx" '<=' 0.5)"
echo "   ratio photoaudit -j 1 / vips single-thread (wall) = $r_vips1"
echo "   ratio photoaudit -j 1 / ImageMagick        (wall) = $r_im   issue <= 0.33 (3x faster): $(verdict "$r_im" '<=' 0.3334)"
r_vips2=$(div "${WALL[pa2]}" "${WALL[vips]}")
echo "   ratio photoaudit -j 2 / vipsthumbnail      (wall) = $r_vips2   (both using 2 cores)   SPEC batch at the default -j <= 0.40: $(verdict "$r_vips2" '<=' 0.4)"
echo "   cpu time (user+sys) photoaudit -j 1 / vips = $(div "${CPU[pa1]}" "${CPU[vips]}"), / vips single-thread = $(div "${CPU[pa1]}" "${CPU[vips1]}")," \
     "/ ImageMagick = $(div "${CPU[pa1]}" "${CPU[im]}"), / libjpeg-turbo floor = $(div "${CPU[pa1]}" "${CPU[floor]}")"
echo "   peak RSS photoaudit / vips = $(div "${RSS[pa1]}" "${RSS[vips]}"), photoaudit / ImageMagick = $(div "${RSS[pa1]}" "${RSS[im]}")"
echo

# --- B. 48 MP -----------------------------------------------------------------------------------
echo "B. 1 x 48 MP JPEG (8064x6048, $(du -h "$FILE48" | cut -f1), Orientation 6, GPS) -> long side 2048, q85"
printf_row "command" "wall" "cpu" "peak RSS" "out" ""
best fresh "${PA[@]}" -j 1 --out "$OUT" "$FILE48";                row pa48 "photoaudit sanitize picker-2048 -j 1" 1 IMG_48MP
best fresh "${PA[@]}" -j 1 --exact-size --out "$OUT" "$FILE48";   row pa48x "photoaudit sanitize picker-2048 -j 1 --exact-size" 1 IMG_48MP
best fresh "${VIPS[@]}" "$FILE48";                                row vips48 "vipsthumbnail -s 2048x2048 [Q=85,strip]" 1 IMG_48MP
best fresh env VIPS_CONCURRENCY=1 "${VIPS[@]}" "$FILE48";         row vips48s "vipsthumbnail, VIPS_CONCURRENCY=1" 1 IMG_48MP
best fresh bash -c 'im_loop "$@"' _ "$OUT" "$FILE48";             row im48 "convert -auto-orient -strip -resize 2048x2048> q85" 1 IMG_48MP
rss48=$(mb "${RSS[pa48]}"); rss48x=$(mb "${RSS[pa48x]}")
echo "   photoaudit peak RSS $rss48 MB (--exact-size $rss48x MB): issue < 100 MB: $(verdict "$rss48" '<=' 99.99)   SPEC <= 50 MB: $(verdict "$rss48" '<=' 50)"
echo "   peak RSS photoaudit / vips = $(div "${RSS[pa48]}" "${RSS[vips48]}"), photoaudit / ImageMagick = $(div "${RSS[pa48]}" "${RSS[im48]}");" \
     "wall photoaudit / vips = $(div "${WALL[pa48]}" "${WALL[vips48]}")"
echo

# --- C. HEIC ------------------------------------------------------------------------------------
heic_rows() { # heic_rows FILE STEM TAG
  best fresh "${PA[@]}" -j 1 --out "$OUT" "$1";                 row "pa$3" "photoaudit sanitize picker-2048 -j 1" 1 "$2"
  best fresh "${VIPS[@]}" "$1";                                 row "vips$3" "vipsthumbnail -s 2048x2048 [Q=85,strip]" 1 "$2"
  best fresh env VIPS_CONCURRENCY=1 "${VIPS[@]}" "$1";          row "vips1$3" "vipsthumbnail, VIPS_CONCURRENCY=1" 1 "$2"
  local r
  r=$(div "${WALL[pa$3]}" "${WALL[vips$3]}"); m=$(div "${RSS[pa$3]}" "${RSS[vips$3]}")
  echo "   ratio photoaudit / vipsthumbnail (wall) = $r   SPEC <= 0.50: $(verdict "$r" '<=' 0.5);  cpu $(div "${CPU[pa$3]}" "${CPU[vips$3]}");  peak RSS $m (below vips: $(verdict "$m" '<=' 0.999))"
}
echo "C. HEIC -> JPEG, long side 2048, q85"
echo "C1. generated: heif-enc 12 MP (4032x3024, one coded image, $(du -h "$HEIC" | cut -f1))"
printf_row "command" "wall" "cpu" "peak RSS" "out" ""
heic_rows "$HEIC" IMG_HEIC h
if [ -f "$GRID_HEIC" ]; then
  echo "C2. real iPhone 13 Pro Max HEIC (4032x3024 as a 8x6 grid of 512x512 tiles, irot, $(du -h "$GRID_HEIC" | cut -f1)), from ../shared/corpus"
  printf_row "command" "wall" "cpu" "peak RSS" "out" ""
  heic_rows "$GRID_HEIC" iphone_13 g
else
  echo "C2. (skipped: no real grid HEIC at $GRID_HEIC)"
fi
echo "C3. generated grid HEIC like an iPhone's (4032x3024 as 8x6 tiles of 512x512, heif-enc tiles, $(du -h "$GEN_GRID" | cut -f1))"
printf_row "command" "wall" "cpu" "peak RSS" "out" ""
heic_rows "$GEN_GRID" IMG_GRID t
echo "   (photoaudit decodes the tiles on the cores -j leaves, each area-averaged into the reduced"
echo "   picture as it finishes; picker-2048 keeps the 1/2 reduction when it lands within 2 % of 2048 px)"
echo
if [ -s "$BENCH_LOG" ]; then
  echo "stderr of the runs (first lines):"; head -5 "$BENCH_LOG" | sed 's/^/   /'
fi
print_footer
