#!/usr/bin/env bash
# Fixtures/gen/vendor-previews.sh — the vendor-previews/ fixtures (PA005 for JPEG previews a
# camera puts inside its MakerNote or in the EXIF block's slack): cropped outputs of
# reference/upright.png whose Nikon MakerNote preview (PreviewIFD) or slack preview shows the
# uncropped original, the same with matching previews, a matching preview carrying its own EXIF
# GPS, a preview that is a whole JPEG by its structure but does not decode (SOF3), and a
# MakerNote with stray FF D8 FF bytes and a JPEG cut in half (no preview). Rebuilds
# Fixtures/vendor-previews/ only.
#
# Independent tools only: ImageMagick, exiftool, djpeg, python3 stdlib (tools/vendorpreviews.py),
# never photoaudit. Called by generate.sh; runs on its own too:
#   Fixtures/gen/vendor-previews.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

VP_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VP_WORK="$(mktemp -d)"
VP_OUT="$VP_HERE/vendor-previews"
for tool in convert identify exiftool djpeg python3; do
  command -v "$tool" >/dev/null || { echo "vendor-previews.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl libjpeg-turbo-progs python3)" >&2; exit 1; }
done
vp_fail() { rm -rf "$VP_WORK"; echo "vendor-previews.sh: CHECK FAILED: $*" >&2; exit 1; }
vp_py() { python3 "$VP_HERE/tools/vendorpreviews.py" "$@"; }
VP_JPG=(-quality 90 -sampling-factor 1x1,1x1,1x1)
# vp_has_makernote FILE: ExifTool's verbose listing of FILE shows the MakerNote tag (0x927c).
vp_has_makernote() { exiftool -v3 "$1" | grep -q "Tag 0x927c" || vp_fail "$1: ExifTool sees no MakerNote"; }
# vp_no_preview FILE: ExifTool shows no preview in FILE.
vp_no_preview() { exiftool -a -G1 "$1" | grep -q "Preview" && vp_fail "$1: ExifTool shows a preview"; return 0; }
# vp_holds FILE PART: FILE holds the bytes of PART (where no tag may point at them).
vp_holds() { python3 -c 'import sys; sys.exit(open(sys.argv[2], "rb").read() not in open(sys.argv[1], "rb").read())' "$1" "$2" \
  || vp_fail "$1 does not hold $2"; }
# vp_preview_is FILE PART: ExifTool's PreviewImage of FILE is PART, byte for byte.
vp_preview_is() { exiftool -b -PreviewImage "$1" > "$VP_WORK/extracted.jpg"; cmp -s "$VP_WORK/extracted.jpg" "$2" || vp_fail "$1: PreviewImage is not $2"; }

rm -rf "$VP_OUT"
mkdir -p "$VP_OUT"
cd "$VP_OUT"
ref="$VP_HERE/reference/upright.png"   # 192×128

# The outputs: a square crop (another shape than the 3:2 original) and the top-right quarter (the
# same 3:2 shape, other content: only the pixels tell).
convert "$ref" -crop 128x128+64+0 +repage -strip "${VP_JPG[@]}" "$VP_WORK/square.jpg"
convert "$ref" -crop 96x64+96+0 +repage -strip "${VP_JPG[@]}" "$VP_WORK/quarter.jpg"
# Previews: of the uncropped original, and of the square crop.
convert "$ref" -resize 96x64 -strip "${VP_JPG[@]}" "$VP_WORK/preview-original.jpg"
convert "$ref" -resize 60x40 -strip "${VP_JPG[@]}" "$VP_WORK/preview-original-small.jpg"
convert "$VP_WORK/square.jpg" -resize 64x64 -strip "${VP_JPG[@]}" "$VP_WORK/preview-square.jpg"

# (a) A Nikon MakerNote preview (PreviewIFD) of the uncropped original; one of the crop.
vp_py makernote makernote-leak.jpg "$VP_WORK/square.jpg" "$VP_WORK/preview-original.jpg"
vp_py makernote makernote-match.jpg "$VP_WORK/square.jpg" "$VP_WORK/preview-square.jpg"
vp_preview_is makernote-leak.jpg "$VP_WORK/preview-original.jpg"
vp_preview_is makernote-match.jpg "$VP_WORK/preview-square.jpg"

# (b) A preview of the uncropped original in the EXIF slack, no tag pointing at it (ExifTool
# does not show it); the output is 3:2 like the original, so only the pixels tell.
vp_py slack slack-leak.jpg "$VP_WORK/quarter.jpg" "$VP_WORK/preview-original-small.jpg"
vp_holds slack-leak.jpg "$VP_WORK/preview-original-small.jpg"
vp_has_makernote slack-leak.jpg
vp_no_preview slack-leak.jpg

# (c) The matching MakerNote preview carries its own EXIF GPS.
cp "$VP_WORK/preview-square.jpg" "$VP_WORK/preview-gps.jpg"
exiftool -q -q -overwrite_original -GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E "$VP_WORK/preview-gps.jpg"
vp_py makernote makernote-gps.jpg "$VP_WORK/square.jpg" "$VP_WORK/preview-gps.jpg"
vp_preview_is makernote-gps.jpg "$VP_WORK/preview-gps.jpg"
exiftool -b -PreviewImage makernote-gps.jpg | exiftool -n -s3 -GPSLatitude - | grep -q "^48.8584" || vp_fail "makernote-gps.jpg: the preview has no GPS"

# (d) A MakerNote preview of the crop that is a whole JPEG by its structure but lossless (SOF3),
# which libjpeg-turbo does not decode.
vp_py lossless "$VP_WORK/preview-sof3.jpg" "$VP_WORK/preview-square.jpg"
djpeg "$VP_WORK/preview-sof3.jpg" > /dev/null 2>&1 && vp_fail "djpeg decodes the SOF3 preview"
vp_py makernote makernote-undecodable.jpg "$VP_WORK/square.jpg" "$VP_WORK/preview-sof3.jpg"
vp_preview_is makernote-undecodable.jpg "$VP_WORK/preview-sof3.jpg"

# (e) Stray FF D8 FF and the first half of a JPEG in the MakerNote: no whole JPEG there.
vp_py stray makernote-stray.jpg "$VP_WORK/square.jpg" "$VP_WORK/preview-original.jpg"
vp_has_makernote makernote-stray.jpg
vp_no_preview makernote-stray.jpg

for f in *.jpg; do djpeg "$f" > /dev/null || vp_fail "$f does not decode"; done
big="$(find . -type f -size +32k)"
[ -z "$big" ] || vp_fail "files over 32 KB: $big"
rm -rf "$VP_WORK"
