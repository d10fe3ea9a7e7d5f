#!/usr/bin/env bash
# Fixtures/gen/heif-thumbnails.sh — the heif-thumbnails/ fixtures (PA005 under --no-pixels for a
# HEIF thumbnail item with transformations of its own): a HEIC whose primary is stored portrait
# with irot 90° (displayed 192×128) and whose thumbnail item has its own irot — equal to the
# primary's (displayed 96×64, like the image), or set to 0 (displayed 64×96: the picture on its
# side). Rebuilds Fixtures/heif-thumbnails/ only.
#
# Independent tools only: ImageMagick, gcc + libheif (tools/heicenc.c), heif-info, python3 stdlib
# (tools/heifbox.py fix-libheif115, tools/heifthumb.py), never photoaudit. Called by
# generate.sh; runs on its own too:
#   Fixtures/gen/heif-thumbnails.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

HT_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HT_WORK="$(mktemp -d)"
HT_OUT="$HT_HERE/heif-thumbnails"
for tool in convert gcc pkg-config heif-info python3; do
  command -v "$tool" >/dev/null || { echo "heif-thumbnails.sh: $tool not found (apt-get install imagemagick gcc pkg-config libheif-dev libheif-examples python3)" >&2; exit 1; }
done
ht_fail() { rm -rf "$HT_WORK"; echo "heif-thumbnails.sh: CHECK FAILED: $*" >&2; exit 1; }
# ht_shows FILE PATTERN: heif-info's listing of FILE shows PATTERN.
ht_shows() { heif-info "$1" > "$HT_WORK/info.txt" 2>&1; grep -q -- "$2" "$HT_WORK/info.txt" || ht_fail "$1: heif-info does not show '$2'"; }

rm -rf "$HT_OUT"
mkdir -p "$HT_OUT"
gcc -O2 -Wall -Werror -o "$HT_WORK/heicenc" "$HT_HERE/tools/heicenc.c" $(pkg-config --cflags --libs libheif)
# The picture stored turned 90° clockwise (128×192), Orientation 8: irot 90° CCW shows it upright.
convert "$HT_HERE/reference/upright.png" -rotate 90 "$HT_WORK/stored.ppm"
"$HT_WORK/heicenc" -o 8 -t 96 "$HT_WORK/stored.ppm" "$HT_WORK/encoded.heic"
# libheif 1.15 writes the displayed size into ispe (the primary's and the thumbnail's): repaired.
python3 "$HT_HERE/tools/heifbox.py" fix-libheif115 "$HT_WORK/encoded.heic" "$HT_WORK/fixed.heic" 128 192
python3 "$HT_HERE/tools/heifthumb.py" orient "$HT_WORK/fixed.heic" "$HT_OUT/thumbnail-irot.heic" 64 96 1
python3 "$HT_HERE/tools/heifthumb.py" orient "$HT_WORK/fixed.heic" "$HT_OUT/thumbnail-unrotated.heic" 64 96 0
ht_shows "$HT_OUT/thumbnail-irot.heic" "image: 192x128 (id=1), primary"
ht_shows "$HT_OUT/thumbnail-irot.heic" "thumbnail: 96x64"
ht_shows "$HT_OUT/thumbnail-unrotated.heic" "image: 192x128 (id=1), primary"
ht_shows "$HT_OUT/thumbnail-unrotated.heic" "thumbnail: 64x96"
rm -rf "$HT_WORK"
