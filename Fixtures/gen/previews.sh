#!/usr/bin/env bash
# Fixtures/gen/previews.sh — the previews/ fixtures (PA005 for every embedded preview): cropped
# outputs of previews/original.jpg whose JFXX thumbnail (a JPEG, or raw RGB pixels), MPF Large
# Thumbnail, or second thumbnail shows the uncropped original, the same with matching previews,
# a 16:9 letterboxed full-HD preview of a 3:2 photo, and MPF images of other types (disparity,
# undefined) that are not previews. Each output has a descriptor naming the original and the
# crop. Rebuilds Fixtures/previews/ only.
#
# Independent tools only: ImageMagick, exiftool, python3 stdlib (tools/previews.py,
# tools/descriptor.py), never photoaudit. Called by generate.sh; runs on its own too:
#   Fixtures/gen/previews.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

PV_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PV_TOOLS="$PV_HERE/tools"
PV_WORK="$(mktemp -d)"
PV_OUT="$PV_HERE/previews"
for tool in convert identify exiftool python3; do
  command -v "$tool" >/dev/null || { echo "previews.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl python3)" >&2; exit 1; }
done
pv_fail() { rm -rf "$PV_WORK"; echo "previews.sh: CHECK FAILED: $*" >&2; exit 1; }
pv_py() { python3 "$PV_TOOLS/previews.py" "$@"; }
PV_JPG=(-quality 90 -sampling-factor 1x1,1x1,1x1)
# pv_desc NAME CROP: the honest descriptor of previews/NAME: a crop x,y,w,h of original.jpg.
pv_desc() {
  local f="$PV_OUT/$1" dim
  dim="$(identify -format '%wx%h' "$f")"
  python3 "$PV_TOOLS/descriptor.py" "$PV_OUT/${1%.*}.json" --file "$f" --original previews/original.jpg --format jpeg \
    --width "${dim%x*}" --height "${dim#*x}" --crop "$2"
}
# pv_expect FILE PATTERN: exiftool's listing of FILE shows PATTERN (what the file is said to hold).
pv_expect() { exiftool -a -G1 -n "$1" | grep -q -- "$2" || pv_fail "$1: exiftool does not show '$2'"; }

rm -rf "$PV_OUT"
mkdir -p "$PV_OUT"
cd "$PV_OUT"
ref="$PV_HERE/reference/upright.png"   # 192×128

# The original (3:2) and its two crops: a square (another shape) and the top-right quarter
# (the same 3:2 shape, other content: only the pixels tell).
convert "$ref" -strip "${PV_JPG[@]}" original.jpg
convert "$ref" -crop 128x128+64+0 +repage -strip "${PV_JPG[@]}" "$PV_WORK/square.jpg"
convert "$ref" -crop 96x64+96+0 +repage -strip "${PV_JPG[@]}" "$PV_WORK/quarter.jpg"
# Previews: of the uncropped original, and of each crop.
convert "$ref" -resize 48x32 -strip "${PV_JPG[@]}" "$PV_WORK/thumb-original.jpg"
convert "$ref" -resize 60x40 -strip "${PV_JPG[@]}" "$PV_WORK/vga-original.jpg"
convert "$ref" -resize 24x16 -strip "$PV_WORK/rgb-original.ppm"
convert "$PV_WORK/square.jpg" -resize 32x32 -strip "${PV_JPG[@]}" "$PV_WORK/thumb-square.jpg"
convert "$PV_WORK/quarter.jpg" -resize 60x40 -strip "${PV_JPG[@]}" "$PV_WORK/vga-quarter.jpg"

# (a) JFXX thumbnails: a JPEG of the uncropped original, one of the crop, raw RGB of the original.
pv_py jfxx jfxx-leak.jpg "$PV_WORK/square.jpg" "$PV_WORK/thumb-original.jpg"
pv_py jfxx jfxx-match.jpg "$PV_WORK/square.jpg" "$PV_WORK/thumb-square.jpg"
pv_py jfxx-rgb jfxx-rgb-leak.jpg "$PV_WORK/square.jpg" "$PV_WORK/rgb-original.ppm"
for f in jfxx-leak.jpg jfxx-match.jpg jfxx-rgb-leak.jpg; do pv_expect "$f" "JFXX"; pv_desc "$f" 64,0,128,128; done

# (b) MPF Large Thumbnail (VGA) of the uncropped original, and one of the crop; the crop is 3:2
# like the original, so only the pixels tell.
pv_py mpf mpf-leak.jpg "$PV_WORK/quarter.jpg" "010001:$PV_WORK/vga-original.jpg"
pv_py mpf mpf-match.jpg "$PV_WORK/quarter.jpg" "010001:$PV_WORK/vga-quarter.jpg"
# A full-HD-class preview is 16:9 whatever the photo: the 3:2 original pillarboxed in black.
convert "$ref" -resize 64x36 -background black -gravity center -extent 64x36 -strip "${PV_JPG[@]}" "$PV_WORK/hd-original.jpg"
convert "$ref" -strip "${PV_JPG[@]}" "$PV_WORK/full.jpg"
pv_py mpf mpf-letterbox.jpg "$PV_WORK/full.jpg" "010002:$PV_WORK/hd-original.jpg"
# Other MPF types show other content by design (another viewpoint, a gain map): not previews.
pv_py mpf mpf-other-types.jpg "$PV_WORK/quarter.jpg" "020002:$PV_WORK/vga-original.jpg" "000000:$PV_WORK/thumb-original.jpg"
pv_expect mpf-leak.jpg "MP Image Type *: 65537"
pv_expect mpf-letterbox.jpg "MP Image Type *: 65538"
pv_expect mpf-other-types.jpg "MP Image Type *: 131074"
for f in mpf-leak.jpg mpf-match.jpg mpf-other-types.jpg; do pv_desc "$f" 96,0,96,64; done
pv_desc mpf-letterbox.jpg 0,0,192,128

# (c) Two thumbnails: the EXIF IFD1 thumbnail shows the crop, the JFXX thumbnail the original.
cp "$PV_WORK/square.jpg" "$PV_WORK/with-ifd1.jpg"
exiftool -q -q -overwrite_original "-ThumbnailImage<=$PV_WORK/thumb-square.jpg" "$PV_WORK/with-ifd1.jpg"
pv_py jfxx two-thumbnails.jpg "$PV_WORK/with-ifd1.jpg" "$PV_WORK/thumb-original.jpg"
pv_expect two-thumbnails.jpg "Thumbnail Length"
pv_expect two-thumbnails.jpg "JFXX"
pv_desc two-thumbnails.jpg 64,0,128,128

big="$(find . -type f -size +32k)"
[ -z "$big" ] || pv_fail "files over 32 KB: $big"
rm -rf "$PV_WORK"
