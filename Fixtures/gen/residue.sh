#!/usr/bin/env bash
# Fixtures/gen/residue.sh — the residue/ fixtures (issue 25, item 6: what fail-closed left over):
#   EXIF blocks that no reader can read in full (an IFD pointer, a value, an IFD table or IFD1
#   past the end of the block) — PA015, not a warning;
#   1.5 KiB of garbage inside a JPEG scan (with and without restart markers) — PA016; junk after
#   complete scan data — pixels whole, no finding;
#   a JPEG with EXIF GPS and no SOF — read in part: PA013 + PA001, exit 1 (not 3);
#   an Apple-style HEIC exactly as libheif 1.15 writes it for an orientation (ispe holds the
#   displayed size, the image is coded at the stored size) and two outputs of it: upright, and
#   rotated twice (irot and then the EXIF Orientation applied again).
# Rebuilds Fixtures/residue/ only.
#
# Independent tools only: ImageMagick, exiftool, cjpeg/djpeg (libjpeg-turbo-progs), gcc + libheif
# (tools/heicenc.c), heif-info/heif-convert, ffprobe, python3 stdlib (tools/residue.py,
# tools/heifbox.py, tools/descriptor.py), never photoaudit. Called by generate.sh; runs on its own:
#   Fixtures/gen/residue.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

RS_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RS_WORK="$(mktemp -d)"
RS_OUT="$RS_HERE/residue"
for tool in convert compare exiftool cjpeg djpeg gcc pkg-config heif-info heif-convert ffprobe python3; do
  command -v "$tool" >/dev/null || { echo "residue.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl libjpeg-turbo-progs gcc pkg-config libheif-dev libheif-examples ffmpeg python3)" >&2; exit 1; }
done
rs_fail() { rm -rf "$RS_WORK"; echo "residue.sh: CHECK FAILED: $*" >&2; exit 1; }
rs() { python3 "$RS_HERE/tools/residue.py" "$@"; }
rs_et() { exiftool -q -q -overwrite_original "$@"; }
# rs_warns FILE PATTERN: ExifTool's warnings for FILE include PATTERN.
rs_warns() { exiftool -a -s -Warning "$1" > "$RS_WORK/warn.txt" 2>&1 || true; grep -q -- "$2" "$RS_WORK/warn.txt" || rs_fail "$1: ExifTool does not warn '$2': $(cat "$RS_WORK/warn.txt")"; }
# rs_djpeg FILE PATTERN: djpeg's first message for FILE matches PATTERN (empty: none).
rs_djpeg() {
  local got; got="$({ djpeg -outfile /dev/null "$1" 2>&1 || true; } | head -1)"
  if [ -z "$2" ]; then [ -z "$got" ] || rs_fail "$1: djpeg says '$got'"; else
    printf '%s' "$got" | grep -q -- "$2" || rs_fail "$1: djpeg says '$got', expected '$2'"; fi
}
# rs_rmse A B: ImageMagick's normalised RMSE of A against B.
rs_rmse() { { compare -metric RMSE "$1" "$2" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p'; }
rs_desc() {  # rs_desc NAME ORIGINAL W H: the honest descriptor of residue/NAME (its format from the name)
  local fmt=jpeg; case "$1" in *.heic) fmt=heic ;; esac
  python3 "$RS_HERE/tools/descriptor.py" "$RS_OUT/${1%.*}.json" --file "$RS_OUT/$1" --original "$2" --format "$fmt" --width "$3" --height "$4"
}

rm -rf "$RS_OUT"
mkdir -p "$RS_OUT"
cd "$RS_OUT"
ref="$RS_HERE/reference/upright.png"   # 192×128

# --- EXIF blocks not read in full ------------------------------------------------------------
# A stripped 96×64 output that kept camera EXIF (no GPS, no identifying field), then one thing of
# its TIFF block pointed past the end of the block. ExifTool names each.
convert "$ref" -resize 96x64 -strip -quality 85 -sampling-factor 2x2,1x1,1x1 "$RS_WORK/camera.jpg"
rs_et -IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" "-IFD0:Software=17.2.1" "-ExifIFD:DateTimeOriginal=2025:01:01 10:20:30" \
  "-ExifIFD:LensModel=iPhone 15 Pro back triple camera 6.765mm f/1.78" "$RS_WORK/camera.jpg"
rs exif exif-ifd-past "$RS_WORK/camera.jpg" exif-ifd-past-block.jpg
rs exif value-past "$RS_WORK/camera.jpg" exif-value-past-block.jpg
rs exif ifd-short "$RS_WORK/camera.jpg" exif-ifd-short.jpg
rs exif ifd1-past "$RS_WORK/camera.jpg" exif-ifd1-past-block.jpg
rs_warns exif-ifd-past-block.jpg "Bad ExifOffset SubDirectory start"
rs_warns exif-value-past-block.jpg "Bad offset for IFD0"
rs_warns exif-ifd-short.jpg "Bad ExifIFD directory"
rs_warns exif-ifd1-past-block.jpg "Bad IFD1 directory"
for f in exif-*.jpg; do
  rs_djpeg "$f" ""   # the pixels are whole: only the EXIF is broken
  [ -z "$(exiftool -q -q -GPS:all "$f")" ] || rs_fail "$f has GPS"
done

# --- garbage inside a scan -------------------------------------------------------------------
# The original: the landscape picture at 768×512; the outputs at 384×256. The garbage (1536
# bytes, no 0xFF: nothing a decoder takes for a marker) goes in the middle of the scan. With a
# restart marker after every MCU row, libjpeg skips the rest of the damaged interval ("extraneous
# bytes before marker 0xD?"); without, it decodes on to EOI ("… before marker 0xd9", or a bad
# Huffman code in its slow decoder). Controls: 64 bytes of junk after complete data, before EOI;
# the restart output whole.
convert "$RS_HERE/reference/landscape.png" -resize 768x512 -strip -quality 85 -sampling-factor 2x2,1x1,1x1 scan-original.jpg
convert scan-original.jpg -resize 384x256 -strip "$RS_WORK/out.ppm"
cjpeg -quality 85 -outfile "$RS_WORK/out.jpg" "$RS_WORK/out.ppm"
cjpeg -quality 85 -restart 1 -outfile "$RS_WORK/out-rst.jpg" "$RS_WORK/out.ppm"
rs scan-garbage "$RS_WORK/out.jpg" scan-garbage.jpg 1536 25
rs scan-garbage "$RS_WORK/out-rst.jpg" scan-garbage-rst.jpg 1536 25
rs scan-junk "$RS_WORK/out.jpg" scan-junk.jpg 64
cp "$RS_WORK/out-rst.jpg" scan-rst.jpg   # the restart output, whole (a sound control)
rs_djpeg scan-rst.jpg ""
rs_djpeg scan-garbage.jpg "Corrupt JPEG data"
rs_djpeg scan-garbage-rst.jpg "Corrupt JPEG data"
rs_djpeg scan-junk.jpg "extraneous bytes before marker 0xd9"
djpeg -outfile "$RS_WORK/junk.ppm" scan-junk.jpg 2>/dev/null || true
djpeg -outfile "$RS_WORK/whole.ppm" "$RS_WORK/out.jpg"
[ "$(rs_rmse "$RS_WORK/junk.ppm" "$RS_WORK/whole.ppm")" = 0 ] || rs_fail "scan-junk.jpg: the junk changed the pixels"
for f in scan-garbage.jpg scan-garbage-rst.jpg; do
  djpeg -outfile "$RS_WORK/damaged.ppm" "$f" 2>/dev/null || true
  awk -v r="$(rs_rmse "$RS_WORK/damaged.ppm" "$RS_WORK/whole.ppm")" 'BEGIN{exit !(r > 0.01)}' || rs_fail "$f: the garbage left the pixels whole"
  rs_desc "$f" residue/scan-original.jpg 384 256
done
rs_desc scan-junk.jpg residue/scan-original.jpg 384 256

# --- read in part ----------------------------------------------------------------------------
# EXIF with GPS, then the SOF segment removed: no image size, the GPS still there.
convert "$ref" -resize 96x64 -strip -quality 85 "$RS_WORK/gps.jpg"
rs_et -GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E -IFD0:Make=Apple "$RS_WORK/gps.jpg"
rs drop-sof "$RS_WORK/gps.jpg" gps-no-sof.jpg
[ "$(exiftool -n -s3 -GPS:GPSLatitude gps-no-sof.jpg)" = 31.230416 ] || rs_fail "gps-no-sof.jpg: ExifTool sees no GPS"
[ -z "$(exiftool -s3 -File:ImageWidth gps-no-sof.jpg)" ] || rs_fail "gps-no-sof.jpg still has a frame size"
rs_djpeg gps-no-sof.jpg "SOS before SOF"

# --- libheif 1.15's displayed-size ispe ------------------------------------------------------
# An Apple-style original (EXIF Orientation 6 and GPS, irot 270° CCW), encoded by libheif 1.15
# with image_orientation 6 and NOT repaired: ispe holds the displayed 144×96, the HEVC picture
# is coded 96×144 (ffprobe reads it from the stream), and libheif shows it upright.
convert "$RS_HERE/reference/heic-upright.png" -rotate 270 -depth 8 "$RS_WORK/stored.ppm"
gcc -O2 -Wall -Werror -o "$RS_WORK/heicenc" "$RS_HERE/tools/heicenc.c" $(pkg-config --cflags --libs libheif)
convert "$ref" -resize 64x64 -strip -quality 85 "$RS_WORK/exif.jpg"
rs_et -IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" -IFD0:Orientation#=6 -GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N \
  -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E "$RS_WORK/exif.jpg"
exiftool -b -EXIF "$RS_WORK/exif.jpg" > "$RS_WORK/exif.tiff"
"$RS_WORK/heicenc" -o 6 -e "$RS_WORK/exif.tiff" "$RS_WORK/stored.ppm" heic-displayed-ispe.heic
python3 "$RS_HERE/tools/heifbox.py" dump heic-displayed-ispe.heic > "$RS_WORK/dump.txt"
grep -q "ispe 144x96" "$RS_WORK/dump.txt" || rs_fail "heic-displayed-ispe.heic: ispe is not the displayed 144x96"
grep -q "irot angle=3" "$RS_WORK/dump.txt" || rs_fail "heic-displayed-ispe.heic: no irot 270"
rs hevc heic-displayed-ispe.heic "$RS_WORK/primary.hevc"
[ "$(ffprobe -v error -f hevc -show_entries stream=width,height -of csv=p=0 "$RS_WORK/primary.hevc")" = "96,144" ] || rs_fail "heic-displayed-ispe.heic: not coded at 96x144"
heif-info heic-displayed-ispe.heic | grep -q "image: 144x96" || rs_fail "heic-displayed-ispe.heic: heif-info does not show 144x96"
[ "$(exiftool -n -s3 -IFD0:Orientation heic-displayed-ispe.heic)" = 6 ] || rs_fail "heic-displayed-ispe.heic: EXIF Orientation"
heif-convert heic-displayed-ispe.heic "$RS_WORK/shown.png" >/dev/null
[ "$(identify -format '%wx%h' "$RS_WORK/shown.png")" = 144x96 ] || rs_fail "heic-displayed-ispe.heic: libheif shows $(identify -format '%wx%h' "$RS_WORK/shown.png")"
awk -v r="$(rs_rmse "$RS_WORK/shown.png" "$RS_HERE/reference/heic-upright.png")" 'BEGIN{exit !(r < 0.06)}' || rs_fail "heic-displayed-ispe.heic: libheif does not show it upright"
# Outputs: upright as libheif shows it; and rotated twice — the EXIF Orientation 6 applied again
# to what libheif already turned (90° clockwise more).
convert "$RS_WORK/shown.png" -resize 96x64 -strip -quality 85 heic-displayed-ispe-upright.jpg
convert "$RS_WORK/shown.png" -rotate 90 -resize 64x96 -strip -quality 85 heic-displayed-ispe-double.jpg
rs_desc heic-displayed-ispe-upright.jpg residue/heic-displayed-ispe.heic 96 64
rs_desc heic-displayed-ispe-double.jpg residue/heic-displayed-ispe.heic 64 96

big="$(find . -type f -size +64k)"
[ -z "$big" ] || rs_fail "files over 64 KB: $big"
rm -rf "$RS_WORK"
