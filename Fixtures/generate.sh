#!/usr/bin/env bash
# Regenerates every photoaudit test fixture under Fixtures/ (this script's directory).
#
# Only independent tools are used — never photoaudit itself:
#   ImageMagick 6 (convert/compare/identify), exiftool, heif-convert/heif-info,
#   gcc + libheif (tools/heicenc.c), jpegtran, jhead (gen/failclosed-tree.sh), python3 (stdlib: tools/*.py),
#   cjxl/djxl and brotli (gen/jxl.sh).
# Debian packages: imagemagick libimage-exiftool-perl libheif-examples libheif-dev
#                  libjpeg-turbo-progs gcc pkg-config python3 jhead
#
# Idempotent: removes and rebuilds jpeg/ heic/ png/ defects/ hidden/ reference/ expected/;
# README.md, tools/ and this script are left alone. Output is byte-for-byte reproducible
# with the same tool versions (ImageMagick 6.9.11-60, ExifTool 12.57, libheif 1.15.1 + x265
# 3.5, libjpeg-turbo 2.1.5). Every step is checked (orientation by pixels, carriers by
# exiftool/heif-info); the script stops at the first fixture that does not show what it claims.
#
# usage: Fixtures/generate.sh          (from any directory)
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$HERE"
TOOLS="$HERE/tools"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

for tool in convert compare identify exiftool heif-convert heif-info jpegtran gcc pkg-config python3; do
  command -v "$tool" >/dev/null || { echo "generate.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl libheif-examples libheif-dev libjpeg-turbo-progs gcc pkg-config python3)" >&2; exit 1; }
done

fail() { echo "generate.sh: CHECK FAILED: $*" >&2; exit 1; }
note() { echo "== $*"; }

rm -rf jpeg heic png defects hidden reference expected
mkdir -p jpeg heic png defects hidden reference expected

gcc -O2 -Wall -Werror -o "$WORK/heicenc" "$TOOLS/heicenc.c" $(pkg-config --cflags --libs libheif)
HEICENC="$WORK/heicenc"
heifbox() { python3 "$TOOLS/heifbox.py" "$@"; }
jpegseg() { python3 "$TOOLS/jpegseg.py" "$@"; }
pngchunk() { python3 "$TOOLS/pngchunk.py" "$@"; }
descriptor() { python3 "$TOOLS/descriptor.py" "$@"; }
et() { exiftool -q -q -overwrite_original "$@"; }

# ImageMagick output settings: no date/time chunks in PNG, fixed JPEG settings.
PNGOPT=(-define png:exclude-chunks=date,time)
JPGOPT=(-quality 85 -sampling-factor 2x2,1x1,1x1)

# ---------------------------------------------------------------------------------------
# Pixel checks. rmse A B prints ImageMagick's normalised RMSE (0 = identical, 1 = opposite).
rmse() { { compare -metric RMSE "$1" "$2" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p'; }
size_of() { identify -format '%wx%h' "$1[0]"; }
# expect_pixels FILE OPS...: FILE's stored pixels equal upright.png transformed by OPS
# (ImageMagick operators, may be empty) and resized to FILE's size; and, when OPS is not a
# no-op, differ from the untransformed picture.
expect_pixels() {
  local file="$1" src="$2"; shift 2
  local dim ref
  dim="$(size_of "$file")"
  ref="$WORK/expect.png"
  convert "$src" "$@" -resize "${dim}!" "$ref"
  local r; r="$(rmse "$file" "$ref")"
  awk -v r="$r" 'BEGIN{exit !(r < 0.06)}' || fail "$file: pixels are not '$*' of $src (rmse $r)"
  if [ "$#" -gt 0 ]; then
    convert "$src" -resize "${dim}!" "$ref"
    if [ "$(size_of "$ref")" = "$dim" ]; then
      r="$(rmse "$file" "$ref")"
      awk -v r="$r" 'BEGIN{exit !(r > 0.12)}' || fail "$file: '$*' is indistinguishable from upright (rmse $r)"
    fi
  fi
}
# expect_tag FILE TAG VALUE: exiftool -n -s3 shows VALUE (empty = absent).
expect_tag() {
  local got; got="$(exiftool -n -s3 -a -ee "-$2" "$1" | head -1)"
  [ "$got" = "$3" ] || fail "$1: $2 is '$got', expected '$3'"
}
# shows PATTERN CMD...: CMD's output (read whole, no SIGPIPE) contains PATTERN.
shows() { local pat="$1"; shift; "$@" > "$WORK/shows.txt"; grep -q -- "$pat" "$WORK/shows.txt"; }
expect_no_gps() {
  local got; got="$(exiftool -a -ee -G1 -s -n '-*GPSLatitude*' '-*GPSLongitude*' '-*GPSPosition*' "$1")"
  [ -z "$got" ] || fail "$1: unexpected GPS: $got"
}

# ---------------------------------------------------------------------------------------
# Orientation tables (FORMATS.md): display = T_N(stored).
#   FWD[N]: ImageMagick operator for T_N;  INV[N]: for T_N^-1 (stored = INV[N](upright)).
declare -A FWD=([1]="" [2]="-flop" [3]="-rotate 180" [4]="-flip" [5]="-transpose" [6]="-rotate 90" [7]="-transverse" [8]="-rotate 270")
declare -A INV=([1]="" [2]="-flop" [3]="-rotate 180" [4]="-flip" [5]="-transpose" [6]="-rotate 270" [7]="-transverse" [8]="-rotate 90")
# jpegtran options for T_N: an independent second implementation to check the JPEGs with.
declare -A JT=([2]="-flip horizontal" [3]="-rotate 180" [4]="-flip vertical" [5]="-transpose" [6]="-rotate 90" [7]="-transverse" [8]="-rotate 270")

# Shared metadata.
GPS=(-GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E
     -GPS:GPSAltitude=12.5 -GPS:GPSAltitudeRef#=0 -GPS:GPSDateStamp=2025:01:01 -GPS:GPSTimeStamp=02:20:30)
XMPGPS=("-XMP-exif:GPSLatitude=31.230416 N" "-XMP-exif:GPSLongitude=121.473701 E"
        -XMP-exif:GPSAltitude=12.5 -XMP-exif:GPSAltitudeRef#=0)
CAMERA=(-IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" -IFD0:Software=17.2.1 "-IFD0:Artist=Jane Fixture"
        "-ExifIFD:DateTimeOriginal=2025:01:01 10:20:30" "-ExifIFD:CreateDate=2025:01:01 10:20:30"
        -ExifIFD:OffsetTimeOriginal=+08:00 -ExifIFD:SerialNumber=FX0123456789
        "-ExifIFD:LensModel=iPhone 15 Pro back triple camera 6.765mm f/1.78")
PLACE=(-XMP-photoshop:City=Shanghai -IPTC:City=Shanghai -IPTC:Country-PrimaryLocationName=China
       -IPTC:Sub-location=Huangpu)

# ---------------------------------------------------------------------------------------
note "reference pictures"
# Upright picture: diagonal colour gradient (blue, yellow, green, magenta corners), a white
# frame with a black mark near the top-left corner, a red disc top-right, a black bar,
# a blue box bottom-left, a yellow triangle in the bottom-right corner. No symmetry:
# all 8 orientations differ, also at 8x8.
convert -size 192x128 xc: -sparse-color Bilinear '0,0 #2a6fdb 191,0 #f2c14e 0,127 #3fa34d 191,127 #c2185b' \
  -fill '#ffffff' -draw 'rectangle 6,6 29,17' -fill '#000000' -draw 'rectangle 9,9 18,14' \
  -fill '#e53935' -draw 'circle 130,40 130,62' \
  -fill '#1e88e5' -stroke '#0d1b2a' -strokewidth 2 -draw 'rectangle 40,70 92,112' +stroke \
  -fill '#fdd835' -draw 'polygon 150,120 186,120 186,84' \
  -fill '#111111' -draw 'rectangle 60,20 66,58' \
  -depth 8 -strip "${PNGOPT[@]}" reference/upright.png
# Second landscape picture for crop tests: Shepard colour field, a white diagonal and
# shapes spread over the frame, so every 96x64 window looks different.
convert -size 192x128 xc: -sparse-color Shepards '10,10 #ffb703 180,20 #8338ec 96,64 #06d6a0 20,118 #ef476f 170,110 #118ab2' \
  -fill none -stroke '#ffffff' -strokewidth 3 -draw 'line 0,127 191,0' +stroke \
  -fill '#222222' -draw 'circle 30,40 30,52' -fill '#ff006e' -draw 'circle 100,30 100,38' \
  -fill '#fb5607' -draw 'rectangle 120,70 150,100' -fill '#3a86ff' -draw 'polygon 60,80 90,120 40,120' \
  -fill '#ffffff' -draw 'rectangle 160,10 185,22' -fill '#000000' -draw 'rectangle 150,50 156,90' \
  -depth 8 -strip "${PNGOPT[@]}" reference/landscape.png
# HEIC originals use a 144x96 version (3:2, even sizes for 4:2:0).
convert reference/upright.png -resize 144x96! -depth 8 -strip "${PNGOPT[@]}" reference/heic-upright.png
convert reference/heic-upright.png -depth 8 "$WORK/heic-up.ppm"
# Display P3 ICC profile (hand-built, see tools/make_icc.py).
python3 "$TOOLS/make_icc.py" reference/display-p3.icc
[ "$(exiftool -s3 -ProfileDescription reference/display-p3.icc)" = "Display P3" ] || fail "ICC description"

# Small helper images (not fixtures).
# gps-small.jpg: a whole 64x43 JPEG with EXIF GPS (MPF secondary, trailers, free box).
convert reference/upright.png -resize 64x64 -strip "${JPGOPT[@]}" "$WORK/gps-small.jpg"
et "${GPS[@]}" -IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" "$WORK/gps-small.jpg"
# gps.tiff: a bare TIFF/EXIF block (IFD0 + GPS IFD) as exiftool writes it.
exiftool -b -EXIF "$WORK/gps-small.jpg" > "$WORK/gps.tiff"
shows MM head -c 4 "$WORK/gps.tiff" || fail "gps.tiff is not a TIFF block"
printf 'Exif\0\0' | cat - "$WORK/gps.tiff" > "$WORK/gps.exif"

# ---------------------------------------------------------------------------------------
note "jpeg/orient-1..8"
for n in 1 2 3 4 5 6 7 8; do
  f="jpeg/orient-$n.jpg"
  # shellcheck disable=SC2086
  convert reference/upright.png ${INV[$n]} -strip "${JPGOPT[@]}" "$f"
  # shellcheck disable=SC2086
  convert reference/upright.png ${INV[$n]} -resize 48x48 -strip -quality 75 -sampling-factor 2x2,1x1,1x1 "$WORK/thumb-$n.jpg"
  et "${CAMERA[@]}" "${GPS[@]}" "${PLACE[@]}" -IFD0:Orientation#=$n -XMP-tiff:Orientation#=$n \
     "-ThumbnailImage<=$WORK/thumb-$n.jpg" "$f"
  convert "$f" -auto-orient -strip "${PNGOPT[@]}" "reference/upright-$n.png"
  expect_tag "$f" IFD0:Orientation "$n"
  expect_tag "$f" XMP-tiff:Orientation "$n"
  expect_tag "$f" GPS:GPSLatitude 31.230416
  expect_tag "$f" GPS:GPSLongitude 121.473701
  expect_tag "$f" GPS:GPSAltitude 12.5
  expect_tag "$f" IPTC:City Shanghai
  expect_tag "$f" XMP-photoshop:City Shanghai
  # Applying Orientation N gives the upright picture — by ImageMagick and by jpegtran.
  expect_pixels "reference/upright-$n.png" reference/upright.png
  if [ "$n" != 1 ]; then
    # shellcheck disable=SC2086
    jpegtran -copy none -perfect ${JT[$n]} "$f" > "$WORK/jt.jpg"
    expect_pixels "$WORK/jt.jpg" reference/upright.png
    # shellcheck disable=SC2086
    expect_pixels "$f" reference/upright.png ${INV[$n]}
  fi
  # The IFD1 thumbnail is stored like the main image.
  exiftool -b -ThumbnailImage "$f" > "$WORK/t.jpg"
  # shellcheck disable=SC2086
  expect_pixels "$WORK/t.jpg" reference/upright.png ${INV[$n]}
done

note "jpeg/ others"
convert reference/upright.png -strip "${JPGOPT[@]}" jpeg/clean.jpg
[ -z "$(exiftool -q -q -EXIF:all -XMP:all -IPTC:all -ICC_Profile:all jpeg/clean.jpg)" ] || fail "clean.jpg has metadata"

convert reference/upright.png -strip "${JPGOPT[@]}" jpeg/gps-xmp-only.jpg
et "${CAMERA[@]}" "${XMPGPS[@]}" jpeg/gps-xmp-only.jpg
expect_tag jpeg/gps-xmp-only.jpg XMP-exif:GPSLatitude 31.230416
expect_tag jpeg/gps-xmp-only.jpg XMP-exif:GPSLongitude 121.473701
expect_tag jpeg/gps-xmp-only.jpg GPS:GPSLatitude ""
[ -z "$(exiftool -q -q -GPS:all jpeg/gps-xmp-only.jpg)" ] || fail "gps-xmp-only.jpg has a GPS IFD"

# MPF: primary (camera EXIF, no GPS) + secondary gps-small.jpg (its own EXIF with GPS).
convert reference/upright.png -strip "${JPGOPT[@]}" "$WORK/mpf-primary.jpg"
et "${CAMERA[@]}" -IFD0:Orientation#=1 "$WORK/mpf-primary.jpg"
jpegseg mpf "$WORK/mpf-primary.jpg" "$WORK/gps-small.jpg" jpeg/mpf-secondary-gps.jpg
expect_tag jpeg/mpf-secondary-gps.jpg MPF0:NumberOfImages 2
[ -z "$(exiftool -q -q -GPS:all jpeg/mpf-secondary-gps.jpg)" ] || fail "mpf primary has GPS"
[ "$(exiftool -ee -n -s3 -GPS:GPSLatitude jpeg/mpf-secondary-gps.jpg)" = "31.230416" ] || fail "mpf secondary GPS not seen with -ee"
exiftool -b -MPImage2 jpeg/mpf-secondary-gps.jpg | cmp -s - "$WORK/gps-small.jpg" || fail "MPImage2 is not the secondary"

convert reference/upright.png -strip "${JPGOPT[@]}" jpeg/icc-p3.jpg
et "-ICC_Profile<=reference/display-p3.icc" jpeg/icc-p3.jpg
expect_tag jpeg/icc-p3.jpg ICC_Profile:ProfileDescription "Display P3"

# Crop-test original: the landscape picture with camera EXIF and GPS, Orientation 1.
convert reference/landscape.png -strip "${JPGOPT[@]}" jpeg/landscape.jpg
et "${CAMERA[@]}" "${GPS[@]}" -IFD0:Orientation#=1 jpeg/landscape.jpg

# ---------------------------------------------------------------------------------------
note "heic/"
# heic_orient NAME N: stored = INV[N](upright 144x96), libheif writes irot/imir for N,
# then tools/heifbox.py repairs libheif 1.15's ispe/ipma (see README).
heic_orient() {
  local name="$1" n="$2"; shift 2
  # shellcheck disable=SC2086
  convert reference/heic-upright.png ${INV[$n]} -depth 8 "$WORK/stored.ppm"
  local dim; dim="$(size_of "$WORK/stored.ppm")"
  "$HEICENC" -o "$n" "$@" "$WORK/stored.ppm" "$WORK/raw.heic"
  heifbox fix-libheif115 "$WORK/raw.heic" "heic/$name" "${dim%x*}" "${dim#*x}"
  heif-convert "heic/$name" "$WORK/shown.png" >/dev/null
  expect_pixels "$WORK/shown.png" reference/heic-upright.png
}
heic_orient upright.heic 1
heic_orient irot-90.heic 8
heic_orient irot-180.heic 3
heic_orient irot-270.heic 6
heic_orient imir-0.heic 4
heic_orient imir-1.heic 2
heic_orient irot-270-imir-1.heic 5
heic_orient irot-270-imir-0.heic 7
# Exactly what libheif 1.15.1 writes for orientation 6, unrepaired.
convert reference/heic-upright.png ${INV[6]} -depth 8 "$WORK/stored.ppm"
"$HEICENC" -o 6 "$WORK/stored.ppm" heic/libheif115-irot-270.heic
heif-convert heic/libheif115-irot-270.heic "$WORK/shown.png" >/dev/null
expect_pixels "$WORK/shown.png" reference/heic-upright.png

check_heic_props() {  # check_heic_props FILE EXPECTED-grep-pattern...
  local f="$1"; shift
  heifbox dump "$f" > "$WORK/dump.txt"
  local p; for p in "$@"; do grep -q -- "$p" "$WORK/dump.txt" || fail "$f: no '$p' in $(cat "$WORK/dump.txt")"; done
}
check_heic_props heic/irot-90.heic "irot angle=1" "ispe 96x144"
check_heic_props heic/irot-180.heic "irot angle=2" "ispe 144x96"
check_heic_props heic/irot-270.heic "irot angle=3" "ispe 96x144"
check_heic_props heic/imir-0.heic "imir axis=0"
check_heic_props heic/imir-1.heic "imir axis=1"
check_heic_props heic/irot-270-imir-1.heic "irot angle=3" "imir axis=1"
check_heic_props heic/irot-270-imir-0.heic "irot angle=3" "imir axis=0"
check_heic_props heic/libheif115-irot-270.heic "irot angle=3" "ispe 144x96"
! shows "irot\|imir" heifbox dump heic/upright.heic || fail "upright.heic has a transform"

# apple-style.heic: irot 270 (= EXIF 6) and an Exif item ("Exif\0\0" + TIFF, offset
# field 6, as iPhones write it) with Orientation 6, GPS and camera fields.
convert reference/upright.png -resize 64x64 -strip "${JPGOPT[@]}" "$WORK/exif-carrier.jpg"
et "${CAMERA[@]}" "${GPS[@]}" -IFD0:Orientation#=6 -ExifIFD:ExifImageWidth=96 -ExifIFD:ExifImageHeight=144 "$WORK/exif-carrier.jpg"
exiftool -b -EXIF "$WORK/exif-carrier.jpg" > "$WORK/apple.tiff"
printf 'Exif\0\0' | cat - "$WORK/apple.tiff" > "$WORK/apple.exif"
heic_orient apple-style.heic 6 -e "$WORK/apple.exif"
check_heic_props heic/apple-style.heic "irot angle=3"
expect_tag heic/apple-style.heic IFD0:Orientation 6
expect_tag heic/apple-style.heic GPS:GPSLatitude 31.230416
expect_tag heic/apple-style.heic QuickTime:Rotation 270

# xmp-gps.heic: no transform, GPS only in an XMP 'mime' item.
exiftool -q -q -o "$WORK/gps.xmp" "${XMPGPS[@]}" -XMP-tiff:Orientation#=1
"$HEICENC" -x "$WORK/gps.xmp" "$WORK/heic-up.ppm" heic/xmp-gps.heic
expect_tag heic/xmp-gps.heic XMP-exif:GPSLatitude 31.230416
expect_tag heic/xmp-gps.heic GPS:GPSLatitude ""
shows "XMP" heif-info heic/xmp-gps.heic || fail "xmp-gps.heic: heif-info shows no XMP"

# clap.heic: upright 144x96, clap 96x64 with offsets +12,-8: centre (71.5+12, 47.5-8)
# = (83.5, 39.5) -> shows x 36..131, y 8..71 of the stored picture.
"$HEICENC" "$WORK/heic-up.ppm" "$WORK/raw.heic"
heifbox insert-clap "$WORK/raw.heic" heic/clap.heic 96 1 64 1 12 1 -8 1
check_heic_props heic/clap.heic "clap width=96/1 height=64/1 horizOff=12/1 vertOff=-8/1"
expect_tag heic/clap.heic QuickTime:CleanAperture "96 64 12 -8"
heif-convert heic/clap.heic "$WORK/shown.png" >/dev/null
[ "$(size_of "$WORK/shown.png")" = 96x64 ] || fail "clap.heic shows $(size_of "$WORK/shown.png")"
expect_pixels "$WORK/shown.png" reference/heic-upright.png -crop 96x64+36+8 +repage
# clap-irot-270.heic: stored 96x144 (EXIF 6 layout), clap 64x96 at offsets -8,+12 of the
# stored picture (x 8..71, y 36..131), then irot: shows the upright picture's x 12..107, y 8..71.
convert reference/heic-upright.png ${INV[6]} -depth 8 "$WORK/stored.ppm"
"$HEICENC" -o 6 "$WORK/stored.ppm" "$WORK/raw.heic"
heifbox fix-libheif115 "$WORK/raw.heic" "$WORK/fixed.heic" 96 144
heifbox insert-clap "$WORK/fixed.heic" heic/clap-irot-270.heic 64 1 96 1 -8 1 12 1
heif-convert heic/clap-irot-270.heic "$WORK/shown.png" >/dev/null
[ "$(size_of "$WORK/shown.png")" = 96x64 ] || fail "clap-irot-270.heic shows $(size_of "$WORK/shown.png")"
expect_pixels "$WORK/shown.png" reference/heic-upright.png -crop 96x64+12+8 +repage
shows "ipma item 1: 1! 3 4! 5! 2$" heifbox dump heic/clap-irot-270.heic || fail "clap-irot-270.heic: ipma order"
heif-convert heic/clap.heic reference/clap.png >/dev/null
heif-convert heic/clap-irot-270.heic reference/clap-irot-270.png >/dev/null

# ---------------------------------------------------------------------------------------
note "png/"
convert reference/upright.png -strip "${PNGOPT[@]}" png/clean.png
cp png/clean.png png/exif-gps.png
et "${GPS[@]}" -IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" png/exif-gps.png
shows " eXIf " pngchunk list png/exif-gps.png || fail "exif-gps.png has no eXIf"
expect_tag png/exif-gps.png GPS:GPSLatitude 31.230416
cp png/clean.png png/xmp-itxt.png
et "${XMPGPS[@]}" png/xmp-itxt.png
shows "iTXt .* XML:com.adobe.xmp" pngchunk list png/xmp-itxt.png || fail "xmp-itxt.png has no XMP iTXt"
expect_tag png/xmp-itxt.png XMP-exif:GPSLatitude 31.230416
# ImageMagick 6.9.11 no longer writes "Raw profile type exif" (it writes eXIf + tEXt
# exif:*), so the zTXt is built the way older ImageMagick wrote it (tools/pngchunk.py).
pngchunk raw-profile png/clean.png png/raw-profile-exif.png exif "$WORK/gps.exif"
expect_tag png/raw-profile-exif.png GPS:GPSLatitude 31.230416
shows "zTXt .* Raw profile type exif" pngchunk list png/raw-profile-exif.png || fail "no raw profile zTXt"
# shellcheck disable=SC2086
convert reference/upright.png ${INV[6]} -strip "${PNGOPT[@]}" png/orient-6.png
et -IFD0:Orientation#=6 png/orient-6.png
expect_tag png/orient-6.png IFD0:Orientation 6
expect_pixels png/orient-6.png reference/upright.png ${INV[6]}

# ---------------------------------------------------------------------------------------
note "defects/"
# desc NAME ORIGINAL [descriptor options]: descriptor for defects/NAME (real sizes unless
# overridden).
desc() {
  local name="$1" original="$2"; shift 2
  local f="defects/$name" dim fmt
  case "$name" in *.png) fmt=png ;; *.heic) fmt=heic ;; *) fmt=jpeg ;; esac
  if [ "$fmt" = heic ]; then
    dim="$(heif-info "$f" | sed -n 's/^image: \([0-9]*x[0-9]*\).*/\1/p' | head -1)"
  else
    dim="$(size_of "$f")"
  fi
  descriptor "defects/${name%.*}.json" --file "$f" --original "$original" --format "$fmt" \
    --width "${dim%x*}" --height "${dim#*x}" "$@"
}
out_jpeg() {  # out_jpeg SRC OUT [IM operators...]: processed JPEG, 96 px long side, stripped
  local src="$1" out="$2"; shift 2
  convert "$src" "$@" -resize 96x96 -strip "${JPGOPT[@]}" "$out"
}
declare -A WRONG=([3]="-flip" [5]="-rotate 270 -flop" [6]="-rotate 270" [8]="-rotate 90")
declare -A WRONG_SHOWS=([3]="-flop" [5]="-rotate 180" [6]="-rotate 180" [8]="-rotate 180")
for n in 3 5 6 8; do
  o="jpeg/orient-$n.jpg"
  out_jpeg "$o" "defects/correct-$n.jpg" -auto-orient
  expect_pixels "defects/correct-$n.jpg" reference/upright.png
  desc "correct-$n.jpg" "$o"
  out_jpeg "$o" "defects/double-$n.jpg" -auto-orient
  et -IFD0:Orientation#=$n "defects/double-$n.jpg"
  expect_tag "defects/double-$n.jpg" IFD0:Orientation "$n"
  expect_pixels "defects/double-$n.jpg" reference/upright.png
  desc "double-$n.jpg" "$o"
  out_jpeg "$o" "defects/dropped-$n.jpg"
  # shellcheck disable=SC2086
  expect_pixels "defects/dropped-$n.jpg" reference/upright.png ${INV[$n]}
  expect_tag "defects/dropped-$n.jpg" IFD0:Orientation ""
  desc "dropped-$n.jpg" "$o"
  # shellcheck disable=SC2086
  out_jpeg "$o" "defects/wrongdir-$n.jpg" ${WRONG[$n]}
  # shellcheck disable=SC2086
  expect_pixels "defects/wrongdir-$n.jpg" reference/upright.png ${WRONG_SHOWS[$n]}
  desc "wrongdir-$n.jpg" "$o"
done
# Mirrored orientations: the rotation part applied (90 deg CW for 5 and 7, none for 2),
# the mirror forgotten.
declare -A NOMIRROR=([2]="" [5]="-rotate 90" [7]="-rotate 90")
declare -A NOMIRROR_SHOWS=([2]="-flop" [5]="-flop" [7]="-flip")
for n in 2 5 7; do
  o="jpeg/orient-$n.jpg"
  # shellcheck disable=SC2086
  out_jpeg "$o" "defects/nomirror-$n.jpg" ${NOMIRROR[$n]}
  # shellcheck disable=SC2086
  expect_pixels "defects/nomirror-$n.jpg" reference/upright.png ${NOMIRROR_SHOWS[$n]}
  desc "nomirror-$n.jpg" "$o"
done

# gps-in-xmp.jpg: EXIF stripped, the XMP (with exif:GPS*) kept.
convert jpeg/gps-xmp-only.jpg -resize 96x96 "${JPGOPT[@]}" defects/gps-in-xmp.jpg
et -EXIF:all= defects/gps-in-xmp.jpg
expect_tag defects/gps-in-xmp.jpg XMP-exif:GPSLatitude 31.230416
[ -z "$(exiftool -q -q -EXIF:all defects/gps-in-xmp.jpg)" ] || fail "gps-in-xmp.jpg still has EXIF"
desc gps-in-xmp.jpg jpeg/gps-xmp-only.jpg

# gps-in-mpf.jpg: primary re-encoded and stripped, the original's MPF secondary kept.
out_jpeg jpeg/mpf-secondary-gps.jpg "$WORK/mpf-out.jpg"
exiftool -b -MPImage2 jpeg/mpf-secondary-gps.jpg > "$WORK/secondary.jpg"
jpegseg mpf "$WORK/mpf-out.jpg" "$WORK/secondary.jpg" defects/gps-in-mpf.jpg
[ "$(exiftool -ee -n -s3 -GPS:GPSLatitude defects/gps-in-mpf.jpg)" = "31.230416" ] || fail "gps-in-mpf.jpg"
desc gps-in-mpf.jpg jpeg/mpf-secondary-gps.jpg

# gps-in-png-exif.png: oriented, resized, stripped PNG; then the original's GPS copied
# into a new eXIf.
convert jpeg/orient-6.jpg -auto-orient -resize 96x96 -strip "${PNGOPT[@]}" defects/gps-in-png-exif.png
et -tagsFromFile jpeg/orient-6.jpg -GPS:all defects/gps-in-png-exif.png
expect_tag defects/gps-in-png-exif.png GPS:GPSLatitude 31.230416
expect_pixels defects/gps-in-png-exif.png reference/upright.png
desc gps-in-png-exif.png jpeg/orient-6.jpg

# gps-in-heic-xmp.heic: decoded, resized, re-encoded to HEIC with the XMP item copied.
heif-convert heic/xmp-gps.heic "$WORK/shown.png" >/dev/null
convert "$WORK/shown.png" -resize 96x96 -depth 8 "$WORK/small.ppm"
exiftool -b -XMP heic/xmp-gps.heic > "$WORK/copied.xmp"
"$HEICENC" -x "$WORK/copied.xmp" "$WORK/small.ppm" defects/gps-in-heic-xmp.heic
expect_tag defects/gps-in-heic-xmp.heic XMP-exif:GPSLatitude 31.230416
desc gps-in-heic-xmp.heic heic/xmp-gps.heic

# thumb-uncropped.jpg: main image = crop 96x64+48+32 of orient-1, stripped; then the
# original's IFD1 thumbnail (the whole uncropped picture) put back.
exiftool -b -ThumbnailImage jpeg/orient-1.jpg > "$WORK/orig-thumb.jpg"
convert jpeg/orient-1.jpg -crop 96x64+48+32 +repage -strip "${JPGOPT[@]}" defects/thumb-uncropped.jpg
et "-ThumbnailImage<=$WORK/orig-thumb.jpg" defects/thumb-uncropped.jpg
expect_pixels defects/thumb-uncropped.jpg reference/upright.png -crop 96x64+48+32 +repage
exiftool -b -ThumbnailImage defects/thumb-uncropped.jpg > "$WORK/t.jpg"
expect_pixels "$WORK/t.jpg" reference/upright.png
desc thumb-uncropped.jpg jpeg/orient-1.jpg --crop 48,32,96,64

# size-lie.jpg: a correct output of orient-6 (96x64); the descriptor gives the stored (unrotated) 64x96
# and claims 245760 bytes.
out_jpeg jpeg/orient-6.jpg defects/size-lie.jpg -auto-orient
expect_pixels defects/size-lie.jpg reference/upright.png
descriptor defects/size-lie.json --file defects/size-lie.jpg --original jpeg/orient-6.jpg \
  --format jpeg --width 64 --height 96 --size-bytes 245760

# crop-correct.jpg / crop-wrong.jpg: claimed crop {56,16,96,64} of landscape.jpg; the wrong
# one took its rows from y = 128-16-64 = 48 (a bottom-left-origin rectangle, the
# CoreGraphics/UIKit mix-up).
convert jpeg/landscape.jpg -crop 96x64+56+16 +repage -strip "${JPGOPT[@]}" defects/crop-correct.jpg
convert jpeg/landscape.jpg -crop 96x64+56+48 +repage -strip "${JPGOPT[@]}" defects/crop-wrong.jpg
expect_pixels defects/crop-correct.jpg reference/landscape.png -crop 96x64+56+16 +repage
expect_pixels defects/crop-wrong.jpg reference/landscape.png -crop 96x64+56+48 +repage
r="$(rmse defects/crop-wrong.jpg defects/crop-correct.jpg)"
awk -v r="$r" 'BEGIN{exit !(r > 0.12)}' || fail "crop-wrong is too close to crop-correct ($r)"
desc crop-correct.jpg jpeg/landscape.jpg --crop 56,16,96,64
desc crop-wrong.jpg jpeg/landscape.jpg --crop 56,16,96,64

# apple-correct.jpg: heic/apple-style.heic decoded by libheif (irot applied, EXIF
# Orientation ignored), resized, stripped.
heif-convert heic/apple-style.heic "$WORK/shown.png" >/dev/null
out_jpeg "$WORK/shown.png" defects/apple-correct.jpg
expect_pixels defects/apple-correct.jpg reference/upright.png
desc apple-correct.jpg heic/apple-style.heic

# Extras (not in the original list, see README).
out_jpeg jpeg/orient-1.jpg defects/claim-understated.jpg
desc claim-understated.jpg jpeg/orient-1.jpg --gps-removed false
convert jpeg/orient-1.jpg -resize 96x96 "${JPGOPT[@]}" defects/text-left.jpg
et -GPS:all= defects/text-left.jpg
expect_no_gps defects/text-left.jpg
expect_tag defects/text-left.jpg IPTC:City Shanghai
desc text-left.jpg jpeg/orient-1.jpg
out_jpeg jpeg/icc-p3.jpg defects/icc-dropped.jpg
desc icc-dropped.jpg jpeg/icc-p3.jpg
convert jpeg/orient-1.jpg -resize 96x96 "${PNGOPT[@]}" defects/im-naive.png
expect_tag defects/im-naive.png GPS:GPSLatitude 31.230416
desc im-naive.png jpeg/orient-1.jpg

# ---------------------------------------------------------------------------------------
note "hidden/"
printf '\nlocation: 31.230416,121.473701 Shanghai (left by a buggy exporter)\n' > "$WORK/text.txt"
cat jpeg/clean.jpg "$WORK/text.txt" > hidden/trailer-text.jpg
cat jpeg/clean.jpg "$WORK/gps-small.jpg" > hidden/trailer-jpeg.jpg
shows "after EOI: $(stat -c %s "$WORK/gps-small.jpg") bytes" jpegseg list hidden/trailer-jpeg.jpg || fail "trailer-jpeg"
[ -z "$(exiftool -q -q -MPF:all hidden/trailer-jpeg.jpg)" ] || fail "trailer-jpeg.jpg has MPF"
cat png/clean.png "$WORK/text.txt" > hidden/after-iend.png
heifbox append-free heic/upright.heic hidden/free-box-jpeg.heic "$WORK/gps-small.jpg"
heifbox mdat-extra heic/upright.heic hidden/mdat-unreferenced.heic "$WORK/gps.exif"
for f in hidden/free-box-jpeg.heic hidden/mdat-unreferenced.heic; do
  heif-convert "$f" "$WORK/shown.png" >/dev/null
  expect_pixels "$WORK/shown.png" reference/heic-upright.png
done
{ printf 'VendorBlob\0'; python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(64)))'; } > "$WORK/app9.bin"
jpegseg insert jpeg/clean.jpg hidden/unknown-app.jpg E9 "$WORK/app9.bin"
shows "FFE9" jpegseg list hidden/unknown-app.jpg || fail "no APP9"
jpegseg insert jpeg/clean.jpg hidden/tiff-app1-no-header.jpg E1 "$WORK/gps.tiff"
expect_no_gps hidden/tiff-app1-no-header.jpg   # ExifTool does not see it: that is the point
shows "FFE1 .* MM" jpegseg list hidden/tiff-app1-no-header.jpg || fail "no bare-TIFF APP1"
for f in hidden/*.jpg hidden/*.png; do expect_pixels "$f" reference/upright.png; done

source "$HERE/gen/failclosed-checks.sh"
bash "$HERE/gen/failclosed-tree.sh"   # failclosed/: GPS in embedded documents, caps (issue 12)
source "$HERE/gen/pixels.sh"   # pixels/: damaged outputs, decoder limits, HEIF grids, large pairs
bash "$HERE/gen/video.sh"             # video/: MOV/MP4 carriers, Motion Photos, Live Photos (issue 16)
bash "$HERE/gen/carriers.sh"          # carriers/: WebP, GIF, C2PA, generator metadata, MakerNotes (issue 17)
bash "$HERE/gen/previews.sh"          # previews/: PA005 for JFXX thumbnails, MPF Large Thumbnails, second thumbnails
bash "$HERE/gen/text-coordinates.sh"  # textcoords/: coordinates as text in decoded fields, zlib EXIF in a private chunk
bash "$HERE/gen/vendor-previews.sh"   # vendor-previews/: PA005 for JPEG previews in MakerNotes and EXIF slack
bash "$HERE/gen/uncompressed-thumbnails.sh"   # uncompressed-thumbnails/: PA005 for uncompressed (RGB strip) IFD1 thumbnails
bash "$HERE/gen/heif-thumbnails.sh"   # heif-thumbnails/: PA005 --no-pixels for a HEIF thumbnail item with its own irot
bash "$HERE/gen/redteam-heif.sh"      # redteam/: locations in HEIF items and meta boxes, movie atoms, PNG chunks no reader looked at
bash "$HERE/gen/residue.sh"           # residue/: EXIF not read in full, garbage in a JPEG scan, a JPEG read in part, libheif 1.15's displayed-size ispe
bash "$HERE/gen/vendor-records.sh"    # vendor/: FLIR FFF GPS records, drone/any-namespace XMP positions, LocationShown points, C2PA place names (issue 25)
bash "$HERE/gen/jxl.sh"               # jxl/: JPEG XL codestreams and containers, Exif/xml/jumb/brob/jbrd boxes (issue 25)
bash "$HERE/gen/telemetry.sh"         # telemetry/: GPMF, camm, mebx, djmd, Novatek GPS, subtitles, timecode (issue 25)
bash "$HERE/gen/tiff.sh"              # tiff/: TIFF, BigTIFF, GeoTIFF, DNG/NEF/CR2-shaped and hostile TIFFs; expected/tiff*/
bash "$HERE/gen/sidecars.sh"          # sidecars/: XMP sidecars and Google Takeout JSON beside photos (issue 25)
bash "$HERE/gen/strip.sh"             # strip/: one file per format with what strip removes beside ICC and Orientation 6 (issue 27)

# ---------------------------------------------------------------------------------------
note "sizes"
big="$(find jpeg heic png defects hidden reference -type f -size +64k)"
[ -z "$big" ] || fail "files over 64 KB: $big"

note "expected/ (exiftool -j -n -G1 -a -u -ee)"
# Made with relative paths from Fixtures/. Files whose embedded documents (MPF images)
# repeat tag names also get *.exiftool-g3.json (-G3:1), where those are kept apart.
find jpeg heic png defects hidden reference -type f ! -name '*.json' | sort | while read -r f; do
  mkdir -p "expected/$(dirname "$f")"
  { exiftool -j -n -G1 -a -u -ee -- "$f" || true; } | python3 "$TOOLS/exiftool_json.py" > "expected/$f.exiftool.json"
  { exiftool -j -n -G3:1 -a -u -ee -- "$f" || true; } > "$WORK/g3.json"
  if grep -q '"Doc[0-9]*:' "$WORK/g3.json"; then
    python3 "$TOOLS/exiftool_json.py" < "$WORK/g3.json" > "expected/$f.exiftool-g3.json"
  fi
done

note "done: $(find jpeg heic png defects hidden reference expected -type f | wc -l) files, $(du -sb . | cut -f1) bytes in Fixtures/"
