#!/usr/bin/env bash
# Fixtures/gen/uncompressed-thumbnails.sh — the uncompressed-thumbnails/ fixtures (PA005 for an
# uncompressed EXIF IFD1 thumbnail, Compression 1): outputs of reference/upright.png whose IFD1
# thumbnail is 8-bit RGB samples in strips — of the output itself, of the uncropped original, of
# the picture turned 180° — and one whose samples are labelled YCbCr (not decoded: PA015).
# Rebuilds Fixtures/uncompressed-thumbnails/ only.
#
# Independent tools only: ImageMagick, exiftool, python3 stdlib (tools/rgbthumb.py), never
# photoaudit. Called by generate.sh; runs on its own too:
#   Fixtures/gen/uncompressed-thumbnails.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

UT_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UT_WORK="$(mktemp -d)"
UT_OUT="$UT_HERE/uncompressed-thumbnails"
for tool in convert compare exiftool python3; do
  command -v "$tool" >/dev/null || { echo "uncompressed-thumbnails.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl python3)" >&2; exit 1; }
done
ut_fail() { rm -rf "$UT_WORK"; echo "uncompressed-thumbnails.sh: CHECK FAILED: $*" >&2; exit 1; }
UT_JPG=(-quality 90 -sampling-factor 1x1,1x1,1x1)
# ut_thumbnail_is FILE PPM: ExifTool reads FILE's IFD1 as an uncompressed thumbnail
# (Compression 1) whose samples (its ThumbnailTIFF, rebuilt from the strips) are PPM's, exactly.
ut_thumbnail_is() {
  [ "$(exiftool -n -s3 -IFD1:Compression "$1")" = 1 ] || ut_fail "$1: IFD1 Compression is not 1"
  exiftool -b -ThumbnailTIFF "$1" > "$UT_WORK/extracted.tif"
  local ae; ae="$({ compare -metric AE "$UT_WORK/extracted.tif" "$2" null: 2>&1 || true; })"
  [ "$ae" = 0 ] || ut_fail "$1: ThumbnailTIFF differs from $2 in $ae pixels"
}

rm -rf "$UT_OUT"
mkdir -p "$UT_OUT"
cd "$UT_OUT"
ref="$UT_HERE/reference/upright.png"   # 192×128

convert "$ref" -crop 128x128+64+0 +repage -strip "${UT_JPG[@]}" "$UT_WORK/square.jpg"
convert "$ref" -strip "${UT_JPG[@]}" "$UT_WORK/whole.jpg"
convert "$UT_WORK/square.jpg" -resize 32x32 -strip "$UT_WORK/thumb-square.ppm"
convert "$ref" -resize 48x32 -strip "$UT_WORK/thumb-original.ppm"
convert "$ref" -rotate 180 -resize 48x32 -strip "$UT_WORK/thumb-turned.ppm"

# A square crop with an RGB thumbnail of itself, and one with a thumbnail of the uncropped original.
python3 "$UT_HERE/tools/rgbthumb.py" rgb-match.jpg "$UT_WORK/square.jpg" "$UT_WORK/thumb-square.ppm"
python3 "$UT_HERE/tools/rgbthumb.py" rgb-uncropped.jpg "$UT_WORK/square.jpg" "$UT_WORK/thumb-original.ppm"
# The whole picture upright with a thumbnail of it turned 180°: the same shape, only the pixels tell.
python3 "$UT_HERE/tools/rgbthumb.py" rgb-turned.jpg "$UT_WORK/whole.jpg" "$UT_WORK/thumb-turned.ppm"
# The square crop's samples labelled YCbCr (PhotometricInterpretation 6).
python3 "$UT_HERE/tools/rgbthumb.py" ycbcr.jpg "$UT_WORK/square.jpg" "$UT_WORK/thumb-square.ppm" 6
ut_thumbnail_is rgb-match.jpg "$UT_WORK/thumb-square.ppm"
ut_thumbnail_is rgb-uncropped.jpg "$UT_WORK/thumb-original.ppm"
ut_thumbnail_is rgb-turned.jpg "$UT_WORK/thumb-turned.ppm"
[ "$(exiftool -n -s3 -IFD1:PhotometricInterpretation ycbcr.jpg)" = 6 ] || ut_fail "ycbcr.jpg: not YCbCr"

big="$(find . -type f -size +32k)"
[ -z "$big" ] || ut_fail "files over 32 KB: $big"
rm -rf "$UT_WORK"
