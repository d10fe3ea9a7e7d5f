#!/usr/bin/env bash
# Fixtures/gen/text-coordinates.sh — textcoords/: coordinates that are not GPS tags. Outputs
# whose only location is written as text in a decoded field (EXIF ImageDescription, UserComment
# and GPSAreaInformation, XMP dc:description, a GIF comment… as a decimal pair, in
# degrees-minutes-seconds, or named "lat"/"lng" in JSON), in an EXIF value no reader shows as
# text (a private tag's binary value, the bytes of an ASCII value after its NUL), or only as a
# destination's position (GPSDestLatitude), a PNG whose private chunk holds zlib-compressed EXIF
# with a GPS IFD, and a caption full of numbers that are not coordinates. ExifTool shows no GPS tag in
# any of them (checked here) but the position of a destination: a GPS gate that looks only at
# the photo's GPSLatitude/GPSLongitude passes them all.
# Rebuilds Fixtures/textcoords/ only.
#
# Independent tools only, never photoaudit: ImageMagick, exiftool, python3 stdlib
# (tools/pngchunk.py). Called by generate.sh; runs on its own too:
#   Fixtures/gen/text-coordinates.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

TC_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TC_OUT="$TC_HERE/textcoords"
for tool in convert exiftool python3; do
  command -v "$tool" >/dev/null || { echo "text-coordinates.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl python3)" >&2; exit 1; }
done
tc_fail() { echo "text-coordinates.sh: CHECK FAILED: $*" >&2; exit 1; }
tc_et() { exiftool -q -q -overwrite_original -charset exif=utf8 "$@"; }
# tc_shows FILE TAG VALUE: exiftool reads VALUE in TAG of FILE.
tc_shows() { [ "$(exiftool -s3 -charset exif=utf8 "-$2" "$1")" = "$3" ] || tc_fail "$1: $2 is not '$3'"; }
# tc_no_gps_tag FILE: exiftool finds no GPS tag at all in FILE (the coordinates are only text).
tc_no_gps_tag() { ! exiftool -a -G1 -s "$1" | awk '{print $1, $2}' | grep -qi 'gps' || tc_fail "$1: exiftool shows a GPS tag"; }

rm -rf "$TC_OUT"
mkdir -p "$TC_OUT"
cd "$TC_OUT"
up="$TC_HERE/reference/upright.png"   # 192×128
JPG=(-strip -quality 85 -sampling-factor 2x2,1x1,1x1)

convert "$up" -resize 96x64 "${JPG[@]}" caption-decimal.jpg
tc_et "-ImageDescription=Meet me at 37.331686, -122.030656 at noon" caption-decimal.jpg
tc_shows caption-decimal.jpg ImageDescription "Meet me at 37.331686, -122.030656 at noon"

convert "$up" -resize 96x64 "${JPG[@]}" usercomment-dms.jpg
tc_et "-UserComment=Spot: 37°19'54.1\"N 122°01'50.4\"W (copied from the map)" usercomment-dms.jpg
tc_shows usercomment-dms.jpg UserComment "Spot: 37°19'54.1\"N 122°01'50.4\"W (copied from the map)"

convert "$up" -resize 96x64 "${JPG[@]}" xmp-json.jpg
tc_et '-XMP-dc:Description={"place":{"lat":37.3317,"lng":-122.0307},"note":"upload"}' xmp-json.jpg
tc_shows xmp-json.jpg XMP-dc:Description '{"place":{"lat":37.3317,"lng":-122.0307},"note":"upload"}'

convert "$up" -resize 96x64 -strip comment-exiftool.gif
tc_et "-Comment=GPS Position: 37 deg 19' 54.07\" N, 122 deg 1' 50.36\" W" comment-exiftool.gif
tc_shows comment-exiftool.gif Comment "GPS Position: 37 deg 19' 54.07\" N, 122 deg 1' 50.36\" W"

# A private ancillary chunk 'gpSz' holding zlib("Exif\0\0" + a TIFF block with a GPS IFD),
# the TIFF block written by exiftool into a scratch JPEG and cut out of its APP1.
convert "$up" -resize 16x16 "${JPG[@]}" "$TC_OUT/scratch.jpg"
tc_et -GPSLatitude=37.331686 -GPSLatitudeRef=N -GPSLongitude=122.030656 -GPSLongitudeRef=W "$TC_OUT/scratch.jpg"
exiftool -b -EXIF "$TC_OUT/scratch.jpg" > "$TC_OUT/exif.bin"
rm -f "$TC_OUT/scratch.jpg"
convert "$up" -resize 96x64 -strip png24:plain.png
python3 - plain.png private-zlib-exif.png "$TC_OUT/exif.bin" <<'PY'
import struct, sys, zlib
src, dst, exif = sys.argv[1], sys.argv[2], open(sys.argv[3], "rb").read()
assert exif[:2] in (b"II", b"MM"), "exiftool -b -EXIF gives a TIFF block"
data = open(src, "rb").read()
body = zlib.compress(b"Exif\0\0" + exif, 9)
chunk = struct.pack(">I", len(body)) + b"gpSz" + body + struct.pack(">I", zlib.crc32(b"gpSz" + body) & 0xFFFFFFFF)
at = 8 + 25  # after IHDR
open(dst, "wb").write(data[:at] + chunk + data[at:])
PY
rm -f plain.png "$TC_OUT/exif.bin"
python3 "$TC_HERE/tools/pngchunk.py" list private-zlib-exif.png > chunks.txt; grep -q gpSz chunks.txt || tc_fail "private-zlib-exif.png has no gpSz chunk"
rm -f chunks.txt

# The destination's position only (no GPSLatitude/GPSLongitude), in EXIF and in XMP.
convert "$up" -resize 96x64 "${JPG[@]}" gps-dest-only.jpg
tc_et -GPSDestLatitude=37.331686 -GPSDestLatitudeRef=N -GPSDestLongitude=122.030656 -GPSDestLongitudeRef=W gps-dest-only.jpg
tc_shows gps-dest-only.jpg GPS:GPSDestLatitude "37 deg 19' 54.07\""
convert "$up" -resize 96x64 "${JPG[@]}" xmp-gps-dest-only.jpg
tc_et -XMP-exif:GPSDestLatitude=37.331686N -XMP-exif:GPSDestLongitude=122.030656W xmp-gps-dest-only.jpg
tc_shows xmp-gps-dest-only.jpg XMP-exif:GPSDestLatitude "37 deg 19' 54.07\" N"

# GPSAreaInformation (UNDEFINED with an "ASCII\0\0\0" character code) holding a decimal pair.
convert "$up" -resize 96x64 "${JPG[@]}" gps-area-information.jpg
tc_et "-GPSAreaInformation=37.331686,-122.030656" gps-area-information.jpg
tc_shows gps-area-information.jpg GPS:GPSAreaInformation "37.331686,-122.030656"

# EXIF blocks written by hand (python3): a private tag 0xF0F0 of type UNDEFINED holding text
# with coordinates (ExifTool shows it as binary), and an ImageDescription "Sunset" whose bytes
# go on after its NUL with coordinates (ExifTool, like every reader, stops at the NUL).
convert "$up" -resize 96x64 "${JPG[@]}" plain.jpg
python3 - plain.jpg "$TC_HERE/tools/jpegseg.py" <<'PY'
import struct, subprocess, sys
plain, jpegseg = sys.argv[1], sys.argv[2]
def tiff(tag, type_, value):
    ifd = struct.pack("<H", 1) + struct.pack("<HHII", tag, type_, len(value), 26) + struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", 8) + ifd + value
blocks = {
    "exif-private-tag.jpg": tiff(0xF0F0, 7, b"pinned: lat 37.331686 lon -122.030656 (app data)".ljust(64, b"\0")),
    "ascii-after-nul.jpg": tiff(0x010E, 2, b"Sunset\0lat 37.331686 lon -122.030656".ljust(48, b"\0")),
}
for name, block in blocks.items():
    open("app1.bin", "wb").write(b"Exif\0\0" + block)
    subprocess.run(["python3", jpegseg, "insert", plain, name, "E1", "app1.bin"], check=True)
PY
rm -f plain.jpg app1.bin
tc_shows ascii-after-nul.jpg IFD0:ImageDescription "Sunset"
exiftool -a -G1 -s -u exif-private-tag.jpg | grep -q "IFD0.*Exif_0xf0f0" || tc_fail "exif-private-tag.jpg: exiftool does not show tag 0xf0f0"

# Numbers that are no coordinates: lens, exposure, a version, a date, a ratio.
convert "$up" -resize 96x64 "${JPG[@]}" caption-numbers.jpg
tc_et "-ImageDescription=24.500 mm, f/2.8, 1/250 s, ISO 100, v1.2.3, 2024-05-04, ratio 0.850, 0.900" \
  "-XMP-dc:Description=Build 17.4.1 (21E236); scale 1.500 x 2.250" caption-numbers.jpg
tc_shows caption-numbers.jpg ImageDescription "24.500 mm, f/2.8, 1/250 s, ISO 100, v1.2.3, 2024-05-04, ratio 0.850, 0.900"

for f in *.jpg *.gif *.png; do
  case "$f" in gps-*|xmp-gps-*) ;; *) tc_no_gps_tag "$f" ;; esac
done
echo "text-coordinates.sh: textcoords/ $(ls | wc -l) files, $(du -sb . | cut -f1) bytes"
