#!/usr/bin/env bash
# Fixtures/gen/strip.sh — inputs for `photoaudit strip` (issue 27): one file per format that
# carries everything strip must remove next to what it must keep — an ICC profile (Display P3),
# an EXIF Orientation of 6 (pixels stored turned, as cameras write them), GPS, location text, a
# serial number, comments — in JPEG, PNG, WebP, GIF, HEIC and AVIF, plus an MP4 whose XMP is a
# top-level 'uuid' box. Rebuilds Fixtures/strip/ only.
#
# Independent tools only, never photoaudit: ImageMagick, cwebp (Debian webp), heif-enc (libheif),
# ffmpeg, exiftool, python3 stdlib (tools/jpegseg.py for a JPEG appended after EOI). Called by
# generate.sh; runs on its own too:  Fixtures/gen/strip.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

ST_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ST_WORK="$(mktemp -d)"
ST_OUT="$ST_HERE/strip"
for tool in convert exiftool cwebp heif-enc ffmpeg python3; do
  command -v "$tool" >/dev/null || { echo "strip.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl webp libheif-examples ffmpeg python3)" >&2; exit 1; }
done
st_fail() { rm -rf "$ST_WORK"; echo "strip.sh: CHECK FAILED: $*" >&2; exit 1; }
st_et() { exiftool -q -q -overwrite_original "$@"; }
# st_shows FILE PATTERN: exiftool -a -G1 -s -n -ee shows a line matching PATTERN (a regex).
st_shows() { exiftool -a -G1 -s -n -ee "$1" > "$ST_WORK/et.txt" 2>&1; grep -E -q -- "$2" "$ST_WORK/et.txt" || st_fail "$1: exiftool does not show /$2/"; }
ICC="$ST_HERE/reference/display-p3.icc"
UPRIGHT="$ST_HERE/reference/upright.png"
GPS=(-GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E
     -GPS:GPSAltitude=12.5 -GPS:GPSAltitudeRef=0)
XMP=(-XMP-photoshop:City=Shanghai -XMP-exif:GPSLatitude=31.230416 -XMP-exif:GPSLongitude=121.473701)
CAMERA=(-IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" "-IFD0:Artist=Jane Fixture" -ExifIFD:SerialNumber=FX0123456789)

rm -rf "$ST_OUT"
mkdir -p "$ST_OUT"
cd "$ST_OUT"

# The upright picture stored for EXIF Orientation 6 (turned 90° counter-clockwise): 128×192,
# whole 16×16 MCUs at 4:2:0, so a lossless rotation is perfect.
convert "$UPRIGHT" -rotate 270 "$ST_WORK/stored-6.png"

echo "== strip/jpeg-all.jpg: EXIF (GPS, camera, IFD1 thumbnail), XMP, IPTC, ICC, COM, Orientation 6, a JPEG with GPS after EOI"
convert "$ST_WORK/stored-6.png" -quality 85 -sampling-factor 2x2 "$ST_WORK/j.jpg"
convert "$ST_WORK/stored-6.png" -resize 32x48 -quality 60 "$ST_WORK/thumb.jpg"
st_et "${GPS[@]}" "${CAMERA[@]}" "${XMP[@]}" -IFD0:Orientation#=6 -IPTC:City=Shanghai -IPTC:Country-PrimaryLocationName=China \
  "-ICC_Profile<=$ICC" "-Comment=taken at 31.230416, 121.473701" "-ThumbnailImage<=$ST_WORK/thumb.jpg" "$ST_WORK/j.jpg"
convert "$UPRIGHT" -resize 48x32 -quality 60 "$ST_WORK/tail.jpg"
st_et "${GPS[@]}" "$ST_WORK/tail.jpg"
cat "$ST_WORK/j.jpg" "$ST_WORK/tail.jpg" > jpeg-all.jpg
st_shows jpeg-all.jpg '^\[GPS\] +GPSLatitude +: 31.2304'
st_shows jpeg-all.jpg '^\[ICC_Profile\] +ProfileDescription +: Display P3'
st_shows jpeg-all.jpg '^\[IFD0\] +Orientation +: 6$'
st_shows jpeg-all.jpg '^\[IPTC\] +City +: Shanghai'
st_shows jpeg-all.jpg '^\[File\] +Comment +: taken at'
st_shows jpeg-all.jpg '^\[IFD1\] +ThumbnailLength'
python3 - jpeg-all.jpg "$(stat -c %s "$ST_WORK/j.jpg")" <<'EOF' || st_fail "jpeg-all.jpg: no JPEG after EOI"
import sys
data = open(sys.argv[1], "rb").read()
end = int(sys.argv[2])
sys.exit(0 if data[end - 2:end] == b"\xff\xd9" and data[end:end + 3] == b"\xff\xd8\xff" else 1)
EOF

echo "== strip/png-all.png: eXIf (GPS, camera, Orientation 6), iTXt XMP, tEXt comment, tIME, iCCP"
cp "$ST_WORK/stored-6.png" png-all.png
st_et "${GPS[@]}" "${CAMERA[@]}" "${XMP[@]}" -IFD0:Orientation#=6 "-ICC_Profile<=$ICC" "-PNG:Comment=a comment" \
  "-PNG:ModifyDate=2025:01:01 10:20:30" png-all.png
st_shows png-all.png '^\[GPS\] +GPSLatitude +: 31.2304'
st_shows png-all.png '^\[ICC_Profile\] +ProfileDescription +: Display P3'
st_shows png-all.png '^\[IFD0\] +Orientation +: 6$'
st_shows png-all.png '^\[XMP-photoshop\] +City +: Shanghai'

echo "== strip/webp-all.webp: VP8X with EXIF (GPS, camera, Orientation 6), XMP and ICCP"
cwebp -quiet -q 50 -metadata none "$ST_WORK/stored-6.png" -o webp-all.webp
st_et "${GPS[@]}" "${CAMERA[@]}" "${XMP[@]}" -IFD0:Orientation#=6 "-ICC_Profile<=$ICC" webp-all.webp
st_shows webp-all.webp '^\[GPS\] +GPSLatitude +: 31.2304'
st_shows webp-all.webp '^\[ICC_Profile\] +ProfileDescription +: Display P3'
st_shows webp-all.webp '^\[IFD0\] +Orientation +: 6$'
st_shows webp-all.webp '^\[XMP-photoshop\] +City +: Shanghai'

echo "== strip/gif-all.gif: two frames, XMP (GPS, City), a comment, the ICC profile (ICCRGBG1012), a NETSCAPE loop"
convert -delay 20 "$UPRIGHT" \( "$UPRIGHT" -flop \) -colors 64 -loop 0 gif-all.gif
st_et "${XMP[@]}" "-ICC_Profile<=$ICC" "-Comment=taken at 31.230416, 121.473701" gif-all.gif
st_shows gif-all.gif '^\[XMP-exif\] +GPSLatitude +: 31.2304'
st_shows gif-all.gif '^\[ICC_Profile\] +ProfileDescription +: Display P3'
st_shows gif-all.gif '^\[File\] +Comment +: taken at'
st_shows gif-all.gif '^\[GIF\] +AnimationIterations +: 0$'

echo "== strip/heic-all.heic: Exif item (GPS, camera, Orientation 6), XMP item, colr prof"
convert "$UPRIGHT" -resize 96x64 -profile "$ICC" "$ST_WORK/p3.png"
heif-enc -q 40 -o heic-all.heic "$ST_WORK/p3.png" >/dev/null 2>&1 || st_fail "heif-enc"
st_et "${GPS[@]}" "${CAMERA[@]}" "${XMP[@]}" -IFD0:Orientation#=6 heic-all.heic
st_shows heic-all.heic '^\[GPS\] +GPSLatitude +: 31.2304'
st_shows heic-all.heic '^\[ICC_Profile\] +ProfileDescription +: Display P3'
st_shows heic-all.heic '^\[XMP-photoshop\] +City +: Shanghai'
st_shows heic-all.heic '^\[ExifIFD\] +SerialNumber +: FX0123456789'

echo "== strip/avif-all.avif: the same in AVIF"
heif-enc -A -q 40 -o avif-all.avif "$ST_WORK/p3.png" >/dev/null 2>&1 || st_fail "heif-enc -A"
st_et "${GPS[@]}" "${CAMERA[@]}" "${XMP[@]}" avif-all.avif
st_shows avif-all.avif '^\[GPS\] +GPSLatitude +: 31.2304'
st_shows avif-all.avif '^\[ICC_Profile\] +ProfileDescription +: Display P3'
st_shows avif-all.avif '^\[XMP-photoshop\] +City +: Shanghai'

echo "== strip/mp4-xmp-uuid.mp4: XMP with GPS in a top-level 'uuid' box, a 3GPP 'loci' in udta"
ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48:duration=0.2:rate=5 \
  -c:v mpeg4 -q:v 31 -fflags +bitexact -flags:v +bitexact -metadata location="+31.2304+121.4737/" mp4-xmp-uuid.mp4
st_et "${XMP[@]}" mp4-xmp-uuid.mp4
st_shows mp4-xmp-uuid.mp4 '^\[XMP-exif\] +GPSLatitude +: 31.2304'
st_shows mp4-xmp-uuid.mp4 '^\[UserData\] +LocationInformation +: .*Lat=31.23039 Lon=121.47369'

for f in *; do
  [ "$(stat -c %s "$f")" -le 65536 ] || st_fail "$f is over 64 KB"
done
rm -rf "$ST_WORK"
echo "strip.sh: Fixtures/strip/ rebuilt ($(ls | wc -l) files)"
