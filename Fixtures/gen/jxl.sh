#!/usr/bin/env bash
# Fixtures/gen/jxl.sh — the jxl/ fixtures (JPEG XL, issue 25): bare codestreams and containers
# (needs failclosed/ and carriers/, made before it by generate.sh)
# with `Exif`/`xml `/`jumb` boxes, `brob`-compressed boxes, `jbrd` JPEG reconstruction data,
# codestream orientation, data after the codestream, and the hostile cases (Brotli bomb, corrupt
# stream, truncated codestream). Rebuilds Fixtures/jxl/ (and its oracle/ of ExifTool JSON) only.
#
# Independent tools only: cjxl/djxl 0.7 (Debian libjxl-tools), exiftool 12.57, ImageMagick,
# brotli 1.0.9 (Debian brotli) and python3 stdlib (tools/jxlbox.py), never photoaudit. Called by
# generate.sh; runs on its own too:
#   Fixtures/gen/jxl.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

JX_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JX_TOOLS="$JX_HERE/tools"
JX_WORK="$(mktemp -d)"
JX_OUT="$JX_HERE/jxl"
for tool in cjxl djxl exiftool convert compare brotli python3; do
  command -v "$tool" >/dev/null || { echo "jxl.sh: $tool not found (apt-get install libjxl-tools libimage-exiftool-perl imagemagick brotli python3)" >&2; exit 1; }
done
jx_fail() { rm -rf "$JX_WORK"; echo "jxl.sh: CHECK FAILED: $*" >&2; exit 1; }
jxlbox() { python3 "$JX_TOOLS/jxlbox.py" "$@"; }
et() { exiftool -q -q -m -overwrite_original "$@"; }
# jx_shows FILE REGEX: exiftool -G1 -a -s shows a line matching REGEX.
jx_shows() { exiftool -G1 -a -s "$1" | grep -Eq "$2" || jx_fail "$1: exiftool does not show /$2/"; }
# jx_boxes FILE "TYPES": the container's top-level box types, in order, are exactly TYPES.
jx_boxes() {
  local got; got="$(jxlbox list "$1" | awk '{printf "%s%s", sep, $1; sep=" "}' | sed 's/  */ /g')"
  [ "$got" = "$2" ] || jx_fail "$1: boxes '$got', expected '$2'"
}
# jx_pixels FILE REF MAX: djxl's decode of FILE (which applies the codestream orientation) is
# REF within an RMSE of MAX.
jx_pixels() {
  djxl "$1" "$JX_WORK/decoded.png" >/dev/null 2>&1 || jx_fail "$1: djxl cannot decode it"
  local e; e="$({ compare -metric RMSE "$JX_WORK/decoded.png" "$2" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p')"
  python3 -c "import sys; sys.exit(0 if float('$e') <= $3 else 1)" || jx_fail "$1: decoded pixels differ from $2 (RMSE $e)"
}

GPS=(-GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E
     -GPS:GPSAltitude=12.5 -GPS:GPSAltitudeRef=0)
XMP_GPS=(-XMP-exif:GPSLatitude=31.230416 -XMP-exif:GPSLongitude=121.473701)

rm -rf "$JX_OUT"
mkdir -p "$JX_OUT/oracle"
cd "$JX_OUT"
ref="$JX_HERE/reference/upright.png"   # 192×128

echo "== jxl: bare codestream, EXIF and XMP boxes (exiftool wraps the codestream in a container)"
cjxl "$ref" bare.jxl -d 2 -e 3 >/dev/null 2>&1
head -c 2 bare.jxl | od -An -tx1 | grep -q "ff 0a" || jx_fail "bare.jxl is not a bare codestream"
jx_pixels bare.jxl "$ref" 0.05
cp bare.jxl exif-gps.jxl && et "${GPS[@]}" exif-gps.jxl
jx_boxes exif-gps.jxl "JXL ftyp Exif jxlc"
jx_shows exif-gps.jxl '^\[GPS\] +GPSLatitude +: 31 deg 13'
cp bare.jxl xmp-gps.jxl && et "${XMP_GPS[@]}" xmp-gps.jxl
jx_boxes xmp-gps.jxl "JXL ftyp xml jxlc"
jx_shows xmp-gps.jxl '^\[XMP-exif\] +GPSLatitude +: 31 deg 13'
# EXIF Orientation 6 in an Exif box: not applied (the codestream's orientation, 1, is).
cp bare.jxl exif-orientation-6.jxl && et -IFD0:Orientation#=6 exif-orientation-6.jxl
jx_shows exif-orientation-6.jxl '^\[IFD0\] +Orientation +: Rotate 90 CW'
jx_pixels exif-orientation-6.jxl "$ref" 0.05

echo "== jxl: codestream orientation (cjxl takes it from a JPEG's EXIF Orientation)"
# Stored pixels turned so that Orientation 6 (rotate 90° CW to display) shows them upright.
convert "$ref" -rotate 270 -quality 92 -sampling-factor 1x1,1x1,1x1 "$JX_WORK/stored-6.jpg"
et -IFD0:Orientation#=6 "${GPS[@]}" -IPTC:City=Shanghai -Comment="taken at 31.230416, 121.473701 by the fixtures" "$JX_WORK/stored-6.jpg"
# Pixels re-encoded (-j 0): the orientation moves into the codestream, the metadata is dropped.
cjxl "$JX_WORK/stored-6.jpg" codestream-orientation-6.jxl -j 0 -d 2 -e 3 >/dev/null 2>&1
jx_pixels codestream-orientation-6.jxl "$ref" 0.05
exiftool -G1 -a -s codestream-orientation-6.jxl | grep -q GPS && jx_fail "codestream-orientation-6.jxl kept GPS"

echo "== jxl: lossless JPEG transcode (jxlp parts, jbrd, brob-compressed Exif)"
cjxl "$JX_WORK/stored-6.jpg" from-jpeg.jxl >/dev/null 2>&1
jx_boxes from-jpeg.jxl "JXL ftyp jxlp jbrd brob jxlp"
jx_pixels from-jpeg.jxl "$ref" 0.05
# The JPEG comes back byte for byte, with its GPS, IPTC City and comment: what the jbrd and brob
# boxes keep (ExifTool 12.57 reads neither in the .jxl: it needs IO::Compress::Brotli for brob).
djxl from-jpeg.jxl "$JX_WORK/reconstructed.jpg" >/dev/null 2>&1
cmp -s "$JX_WORK/reconstructed.jpg" "$JX_WORK/stored-6.jpg" || jx_fail "from-jpeg.jxl does not reconstruct its JPEG"
jx_shows "$JX_WORK/reconstructed.jpg" '^\[GPS\] +GPSLatitude +: 31 deg 13'
jx_shows "$JX_WORK/reconstructed.jpg" '^\[IPTC\] +City +: Shanghai'
{ exiftool -j -n -G1 -a -u -- "$JX_WORK/reconstructed.jpg" || true; } | python3 "$JX_TOOLS/exiftool_json.py" > oracle/from-jpeg.reconstructed.exiftool.json

# An ICC profile with text holding coordinates after its last tag (failclosed/icc-trailer-text.jpg):
# the transcode keeps it in the codestream (entropy-coded), djxl gives it back unchanged.
cjxl "$JX_HERE/failclosed/icc-trailer-text.jpg" icc-trailer-text.jxl >/dev/null 2>&1
djxl icc-trailer-text.jxl "$JX_WORK/icc.jpg" >/dev/null 2>&1
cmp -s <(exiftool -b -ICC_Profile "$JX_WORK/icc.jpg") <(exiftool -b -ICC_Profile "$JX_HERE/failclosed/icc-trailer-text.jpg") \
  || jx_fail "icc-trailer-text.jxl does not keep its ICC profile"

echo "== jxl: brob boxes"
jxlbox brob xmp-gps.jxl brob-xmp.jxl "xml "
jx_boxes brob-xmp.jxl "JXL ftyp brob jxlc"
cjxl "$ref" "$JX_WORK/container.jxl" -d 2 -e 3 --container=1 >/dev/null 2>&1
jx_boxes "$JX_WORK/container.jxl" "JXL ftyp jxlc"
printf 'taken at 31.230416, 121.473701 by the fixtures' > "$JX_WORK/text"
jxlbox brob-raw "$JX_WORK/container.jxl" brob-unknown.jxl abcd "$JX_WORK/text"
# A Brotli bomb: 17 MiB of spaces in 'xml ' (over the 16 MiB cap), and a stream that is not Brotli.
head -c 17825792 /dev/zero | tr '\0' ' ' > "$JX_WORK/spaces"
jxlbox brob-raw "$JX_WORK/container.jxl" brob-bomb.jxl "xml " "$JX_WORK/spaces"
printf 'this is not a Brotli stream at all, only text' > "$JX_WORK/garbage"
jxlbox brob-raw "$JX_WORK/container.jxl" brob-corrupt.jxl Exif "$JX_WORK/garbage" --stream "$JX_WORK/garbage"
brotli -t "$JX_WORK/garbage" 2>/dev/null && jx_fail "the garbage stream decompresses"

echo "== jxl: unknown boxes, data after the codestream, a C2PA store in 'jumb'"
jxlbox add "$JX_WORK/container.jxl" unknown-box.jxl zzzz "$JX_WORK/text"
jx_boxes unknown-box.jxl "JXL ftyp zzzz jxlc"
convert "$ref" -resize 48x32 -quality 80 "$JX_WORK/small.jpg"
et "${GPS[@]}" "$JX_WORK/small.jpg"
jxlbox slack "$JX_WORK/container.jxl" jxlc-slack.jxl "$JX_WORK/small.jpg"
jx_pixels jxlc-slack.jxl "$ref" 0.05
cat bare.jxl "$JX_WORK/small.jpg" > trailer-jpeg.jxl
jx_pixels trailer-jpeg.jxl "$ref" 0.05
jxlbox cabx "$JX_HERE/carriers/c2pa-gps.png" "$JX_WORK/store.jumbf"
# The JUMBF superbox is the box itself: 'jumb' header and content as they were in the caBX chunk.
python3 -c "import sys; d=open(sys.argv[1],'rb').read(); assert d[4:8]==b'jumb'; open(sys.argv[2],'wb').write(d[8:])" \
  "$JX_WORK/store.jumbf" "$JX_WORK/store.content"
jxlbox add "$JX_WORK/container.jxl" c2pa-gps.jxl jumb "$JX_WORK/store.content" --where after
jx_boxes c2pa-gps.jxl "JXL ftyp jxlc jumb"
# Metadata after the codestream: the spec allows it, readers find it.
jxlbox payload xmp-gps.jxl "xml " "$JX_WORK/xmp"
jxlbox add "$JX_WORK/container.jxl" xmp-after-codestream.jxl "xml " "$JX_WORK/xmp" --where after
jx_shows xmp-after-codestream.jxl '^\[XMP-exif\] +GPSLatitude +: 31 deg 13'
# A truncated codestream (half of it).
head -c "$(( $(stat -c %s bare.jxl) / 2 ))" bare.jxl > truncated.jxl
djxl truncated.jxl "$JX_WORK/t.png" >/dev/null 2>&1 && jx_fail "truncated.jxl decodes"

echo "== jxl: sizes and oracle/ (exiftool -j -n -G1 -a -u)"
big="$(find "$JX_OUT" -maxdepth 1 -type f -size +64k)"
[ -z "$big" ] || jx_fail "files over 64 KB: $big"
for f in *.jxl ../jxl-libjxl/*.jxl; do
  { exiftool -j -n -G1 -a -u -- "$f" || true; } | python3 "$JX_TOOLS/exiftool_json.py" > "oracle/$(basename "$f").exiftool.json"
done
rm -rf "$JX_WORK"
echo "== jxl: $(ls *.jxl | wc -l) files"
