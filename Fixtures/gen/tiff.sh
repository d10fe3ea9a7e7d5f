#!/usr/bin/env bash
# Fixtures/gen/tiff.sh — the tiff/ fixtures (issue 25: TIFF, BigTIFF, DNG and TIFF-based raws as
# top-level formats): TIFFs written by ImageMagick and libtiff's tiffcp, with GPS, XMP and IPTC
# written by exiftool; hand-built BigTIFF, multi-page, GeoTIFF, DNG-, NEF- and CR2-shaped files
# (tools/tiffs.py); hostile ones (a GPS IFD past the end, a truncated strip, a coding libtiff
# lacks, text after an ASCII NUL, a JPEG with GPS in a MakerNote, SubIFDs nested too deep, a
# looping IFD chain). Also writes expected/tiff/ and expected/tiff-real/ (exiftool -j -n -G1 -a
# -u -ee3) for the oracle test; tiff-real/ itself holds real samples and is not rebuilt here.
# Rebuilds Fixtures/tiff/, Fixtures/expected/tiff/ and Fixtures/expected/tiff-real/ only.
#
# Independent tools only: ImageMagick, exiftool, tiffcp (libtiff-tools), python3 stdlib
# (tools/tiffs.py) — never photoaudit. Called by generate.sh; runs on its own too:
#   Fixtures/gen/tiff.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

TF_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TF_WORK="$(mktemp -d)"
TF_OUT="$TF_HERE/tiff"
for tool in convert compare exiftool tiffcp python3; do
  command -v "$tool" >/dev/null || { echo "tiff.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl libtiff-tools python3)" >&2; exit 1; }
done
tf_fail() { rm -rf "$TF_WORK"; echo "tiff.sh: CHECK FAILED: $*" >&2; exit 1; }
tf_et() { exiftool -q -q -overwrite_original "$@"; }
tf_py() { python3 "$TF_HERE/tools/tiffs.py" "$@"; }
# tf_shows FILE PATTERN: exiftool -a -G1 -n -ee3 -s of FILE shows PATTERN (a regex).
tf_shows() { exiftool -a -G1 -n -ee3 -s "$1" | grep -E -q -- "$2" || tf_fail "$1: exiftool does not show /$2/"; }
# tf_no_gps FILE: exiftool shows no GPS coordinates anywhere in FILE.
tf_no_gps() {
  if exiftool -a -ee3 -G1 -s -n '-*GPSLatitude*' '-*GPSLongitude*' "$1" | grep -q .; then tf_fail "$1: unexpected GPS"; fi
}
# tf_pixels FILE PNG OPS...: FILE decodes (ImageMagick) to PNG transformed by OPS.
tf_pixels() {
  local file="$1" ref="$2"; shift 2
  convert "$ref" -alpha off "$@" "$TF_WORK/expect.png"
  local r; r="$({ compare -metric RMSE "$file[0]" "$TF_WORK/expect.png" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p')"
  awk -v r="$r" 'BEGIN{exit !(r < 0.06)}' || tf_fail "$file: pixels are not '$*' of $ref (rmse $r)"
}
TF_GPS=(-GPSLatitude=31.230416 -GPSLatitudeRef=N -GPSLongitude=121.473701 -GPSLongitudeRef=E -GPSAltitude=12.5 -GPSAltitudeRef=0)

rm -rf "$TF_OUT" "$TF_HERE/expected/tiff" "$TF_HERE/expected/tiff-real"
mkdir -p "$TF_OUT"
cd "$TF_OUT"
ref="$TF_HERE/reference/upright.png"   # 192×128
TIF=(-alpha off -strip -compress lzw -define tiff:rows-per-strip=32)

echo "== tiff/: ImageMagick, tiffcp and exiftool"
convert "$ref" "${TIF[@]}" upright.tif
tf_pixels upright.tif "$ref"
tf_no_gps upright.tif
# Stored turned 270° with Orientation 6: displayed upright.
convert "$ref" -rotate 270 "${TIF[@]}" orient-6.tif
tf_et -IFD0:Orientation#=6 orient-6.tif
tf_shows orient-6.tif '^\[IFD0\] +Orientation +: 6$'
tf_pixels orient-6.tif "$ref" -rotate 270
# An output that was turned but keeps no tag: displayed sideways (PA004 against upright.tif).
convert "$ref" -rotate 90 "${TIF[@]}" rotated-90.tif
cp upright.tif gps-exif.tif
tf_et "${TF_GPS[@]}" gps-exif.tif
tf_shows gps-exif.tif '^\[GPS\] +GPSLatitude +: 31.230416'
cp upright.tif gps-xmp.tif
tf_et -XMP-exif:GPSLatitude=31.230416 -XMP-exif:GPSLongitude=121.473701 gps-xmp.tif
tf_shows gps-xmp.tif '^\[XMP-exif\] +GPSLatitude +: 31.230416'
[ -z "$(exiftool -q -q -GPS:all gps-xmp.tif)" ] || tf_fail "gps-xmp.tif has a GPS IFD"
cp upright.tif iptc-city.tif
tf_et -IPTC:City=Shanghai -IPTC:Country-PrimaryLocationName=China iptc-city.tif
tf_shows iptc-city.tif '^\[IPTC\] +City +: Shanghai$'
tf_no_gps iptc-city.tif
tiffcp -t -w 64 -l 64 -c jpeg:90 upright.tif tiled-jpeg.tif
tf_shows tiled-jpeg.tif '^\[IFD0\] +TileWidth +: 64$'
tf_pixels tiled-jpeg.tif "$ref"
tiffcp -8 upright.tif big-lzw.btf
tf_shows big-lzw.btf '^\[File\] +FileType +: BTF$'
tf_pixels big-lzw.btf "$ref"

echo "== tiff/: hand-built (tools/tiffs.py)"
convert "$ref" -alpha off -strip "$TF_WORK/up.ppm"
convert "$ref" -alpha off -resize 96x64 -strip "$TF_WORK/mid.ppm"
convert "$ref" -alpha off -resize 48x32 -strip "$TF_WORK/small.ppm"
convert "$ref" -alpha off -strip -quality 85 -sampling-factor 2x2,1x1,1x1 "$TF_WORK/full.jpg"
convert "$ref" -alpha off -resize 48x32 -strip -quality 85 "$TF_WORK/thumb.jpg"
cp "$TF_WORK/thumb.jpg" "$TF_WORK/thumb-gps.jpg"
tf_et "${TF_GPS[@]}" "$TF_WORK/thumb-gps.jpg"
tf_py bigtiff-gps bigtiff-gps.btf "$TF_WORK/mid.ppm"
tf_shows bigtiff-gps.btf '^\[File\] +FileType +: BTF$'
# ExifTool 12.57 reads a BigTIFF's GPS IFD with the Interop table: its GPSLatitudeRef "N" shows as
# InteropIndex, its GPSLatitude (31° 13' 49.4976") as InteropVersion (docs/NOTES.md).
tf_shows bigtiff-gps.btf '^\[GPSInfo\] +InteropIndex +: N$'
tf_shows bigtiff-gps.btf '^\[GPSInfo\] +InteropVersion +: 31 13 49.4976$'
tf_pixels bigtiff-gps.btf "$ref" -resize 96x64
tf_py page2-gps page2-gps.tif "$TF_WORK/small.ppm"
tf_shows page2-gps.tif '^\[GPS\] +GPSLatitude +: 31.230416'
[ -z "$(exiftool -q -q -IFD0:GPSInfo page2-gps.tif)" ] || tf_fail "page2-gps.tif: IFD0 points at the GPS IFD"
for kind in wgs84 utm33n userdefined; do
  tf_py geotiff "geotiff-$kind.tif" "$TF_WORK/small.ppm" "$kind"
  tf_shows "geotiff-$kind.tif" '^\[GeoTiff\] +GTModelType +: [12]$'
  tf_no_gps "geotiff-$kind.tif"   # ExifTool names GeoTIFF keys, not GPS: the oracle's explained disagreement
done
tf_shows geotiff-wgs84.tif '^\[IFD0\] +ModelTiePoint +: 0 0 0 121.473701 31.230416 0$'
tf_shows geotiff-utm33n.tif '^\[GeoTiff\] +ProjectedCSType +: 32633$'
tf_py dng dng-gps.dng "$TF_WORK/up.ppm" "$TF_WORK/small.ppm" "$TF_WORK/full.jpg" gps
tf_py dng dng-clean.dng "$TF_WORK/up.ppm" "$TF_WORK/small.ppm" "$TF_WORK/full.jpg"
tf_py dng dng-no-preview.dng "$TF_WORK/up.ppm" "$TF_WORK/small.ppm" "$TF_WORK/full.jpg" nopreview
for f in dng-gps.dng dng-clean.dng dng-no-preview.dng; do tf_shows "$f" '^\[File\] +FileType +: DNG$'; done
tf_shows dng-gps.dng '^\[GPS\] +GPSLatitude +: 31.230416'
tf_no_gps dng-clean.dng
tf_shows dng-clean.dng '^\[SubIFD1\] +PreviewImageLength +: '
tf_py nef nef-gps.nef "$TF_WORK/small.ppm" "$TF_WORK/full.jpg"
tf_shows nef-gps.nef '^\[File\] +FileType +: NEF$'
tf_shows nef-gps.nef '^\[GPS\] +GPSLatitude +: 31.230416'
tf_py cr2 cr2-gps.cr2 "$TF_WORK/full.jpg" "$TF_WORK/thumb.jpg" "$TF_WORK/small.ppm"
tf_shows cr2-gps.cr2 '^\[File\] +FileType +: CR2$'
tf_shows cr2-gps.cr2 '^\[GPS\] +GPSLatitude +: 31.230416'
exiftool -b -PreviewImage cr2-gps.cr2 > "$TF_WORK/cr2-preview.jpg"
cmp -s "$TF_WORK/cr2-preview.jpg" "$TF_WORK/full.jpg" || tf_fail "cr2-gps.cr2: ExifTool's PreviewImage is not the full JPEG"

echo "== tiff/: hostile"
tf_py gps-outside gps-outside.tif "$TF_WORK/small.ppm"
tf_shows gps-outside.tif 'Warning +: Bad GPS directory'
tf_py truncated truncated.tif "$TF_WORK/small.ppm"
tf_py jpeg2000 jpeg2000.tif "$TF_WORK/small.ppm"
tf_shows jpeg2000.tif '^\[IFD0\] +Compression +: 34712$'
tf_py hidden-text hidden-text.tif "$TF_WORK/small.ppm"
tf_shows hidden-text.tif '^\[IFD0\] +ImageDescription +: Scan 17$'
tf_no_gps hidden-text.tif
tf_py makernote-preview makernote-preview.tif "$TF_WORK/small.ppm" "$TF_WORK/thumb-gps.jpg"
tf_no_gps makernote-preview.tif   # ExifTool does not know this vendor's MakerNote: the point
tf_py subifd-deep subifd-deep.tif "$TF_WORK/small.ppm"
tf_py ifd-loop ifd-loop.tif "$TF_WORK/small.ppm"
tf_shows ifd-loop.tif 'pointer references previous IFD0 directory'

big="$(find . -type f -size +64k)"
[ -z "$big" ] || tf_fail "files over 64 KB: $big"

echo "== expected/tiff, expected/tiff-real (exiftool -j -n -G1 -a -u -ee3)"
cd "$TF_HERE"
find tiff tiff-real -type f ! -name '*.md' | sort | while read -r f; do
  mkdir -p "expected/$(dirname "$f")"
  { exiftool -j -n -G1 -a -u -ee3 -- "$f" || true; } | python3 "$TF_HERE/tools/exiftool_json.py" > "expected/$f.exiftool.json"
done
rm -rf "$TF_WORK"
