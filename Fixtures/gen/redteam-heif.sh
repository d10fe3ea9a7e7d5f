#!/usr/bin/env bash
# Fixtures/gen/redteam-heif.sh — redteam/: HEIF, MOV/MP4 and PNG files that carry a location where
# a careless reader does not look, each of which passed `photoaudit verify` with exit 0 before
# the red-team branch: EXIF or XMP in HEIF items no decoder reads (a private item type, a 'uri '
# item, a 'mime' item of another content type, zlib data in an Exif item), QuickTime boxes and
# XML inside a HEIF 'meta', an ISO 6709 string in a private movie atom or under a private 'mdta'
# key with an untyped value, XMP in a movie 'meta' 'xml ' box, text and eXIf chunks after a PNG's
# IEND, 'fdAT' in a PNG without 'acTL', a zlib stream after a flag byte in a private PNG chunk.
# Rebuilds Fixtures/redteam/ only.
#
# Independent tools only, never photoaudit: ImageMagick, exiftool, ffmpeg, python3 stdlib
# (tools/redteam.py, tools/heifitems.py). The HEIF base is heic/upright.heic (heif-enc, made
# earlier by generate.sh). Called by generate.sh; runs on its own too:
#   Fixtures/gen/redteam-heif.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

RT_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RT_OUT="$RT_HERE/redteam"
for tool in convert exiftool ffmpeg python3; do
  command -v "$tool" >/dev/null || { echo "redteam-heif.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl ffmpeg python3)" >&2; exit 1; }
done
[ -f "$RT_HERE/heic/upright.heic" ] || { echo "redteam-heif.sh: heic/upright.heic is missing (run generate.sh)" >&2; exit 1; }
rt_fail() { echo "redteam-heif.sh: CHECK FAILED: $*" >&2; exit 1; }

rm -rf "$RT_OUT"
mkdir -p "$RT_OUT"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# A TIFF block with a GPS IFD, written by exiftool into a scratch JPEG and cut out of its APP1.
convert "$RT_HERE/reference/upright.png" -resize 16x16 -strip -quality 85 "$scratch/s.jpg"
exiftool -q -q -overwrite_original -GPSLatitude=37.331686 -GPSLatitudeRef=N -GPSLongitude=122.030656 -GPSLongitudeRef=W "$scratch/s.jpg"
exiftool -b -EXIF "$scratch/s.jpg" > "$scratch/exif.bin"
# One second of a 32×24 test pattern, 2 frames, metadata-free and bit-exact.
for ext in mov mp4; do
  ffmpeg -loglevel error -y -f lavfi -i testsrc=size=32x24:rate=2:duration=1 -c:v mpeg4 -q:v 20 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$scratch/base.$ext"
done
convert "$RT_HERE/reference/upright.png" -resize 24x16 -strip png24:"$scratch/base.png"

python3 "$RT_HERE/tools/redteam.py" "$RT_OUT" "$RT_HERE/heic/upright.heic" "$scratch/base.mov" "$scratch/base.mp4" \
  "$scratch/base.png" "$scratch/exif.bin"

# ExifTool shows the location of four (chunks after IEND, QuickTime keys/ilst and an 'xml ' box in a
# HEIF 'meta'): a reader that looked would see it. In the others it shows no GPS tag.
for f in "$RT_OUT"/*; do
  n="$(exiftool -a -G1 -s -ee "$f" | grep -ci 'gps')" || true
  case "$(basename "$f")" in
    png-itxt-after-iend.png|png-exif-after-iend.png|heif-meta-keys-ilst.heic|heif-meta-xml-box.heic)
      [ "$n" -gt 0 ] || rt_fail "$f: exiftool shows no GPS tag" ;;
    *) [ "$n" -eq 0 ] || rt_fail "$f: exiftool shows a GPS tag" ;;
  esac
done
echo "redteam-heif.sh: redteam/ $(ls "$RT_OUT" | wc -l) files, $(du -sb "$RT_OUT" | cut -f1) bytes"
