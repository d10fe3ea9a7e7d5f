#!/usr/bin/env bash
# Fixtures/gen/failclosed-tree.sh — the fail-closed fixtures of the layout tree (issue 12):
# GPS in documents embedded in a file (an image after EOI, the EXIF thumbnail, the 70th MPF
# image, an ICC profile's unexplained bytes, a JPEG in the EXIF block's slack or in APPn
# segments no decoder reads, or in PNG/WebP chunks that declare more than their fields), a GPS position that is present but unreadable,
# XMP past the inflate cap, and a HEIF whose Exif item `exiftool -all=` emptied. Rebuilds
# Fixtures/failclosed/ only.
#
# Made with independent tools only (ImageMagick, exiftool, jhead, python3 stdlib: tools/
# failclosed.py, make_icc.py, descriptor.py), never photoaudit. Called by generate.sh; runs on
# its own too:  Fixtures/gen/failclosed-tree.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

FC_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FC_TOOLS="$FC_HERE/tools"
FC_WORK="$(mktemp -d)"
FC_OUT="$FC_HERE/failclosed"
for tool in convert identify exiftool jhead heif-enc cwebp python3; do
  command -v "$tool" >/dev/null || { echo "failclosed-tree.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl jhead libheif-examples webp python3)" >&2; exit 1; }
done
fc_fail() { rm -rf "$FC_WORK"; echo "failclosed-tree.sh: CHECK FAILED: $*" >&2; exit 1; }
fc_et() { exiftool -q -q -overwrite_original "$@"; }
fc_py() { python3 "$FC_TOOLS/failclosed.py" "$@"; }
# fc_desc NAME [descriptor options]: a descriptor saying gps_removed: true beside failclosed/NAME,
# naming as original the picture the output was made from (original.jpg or original.png).
fc_desc() {
  local name="$1"; shift
  local f="$FC_OUT/$name" dim fmt original=failclosed/original.jpg
  case "$name" in *.png) fmt=png original=failclosed/original.png ;; *) fmt=jpeg ;; esac
  dim="$(identify -format '%wx%h' "$f[0]")"
  python3 "$FC_TOOLS/descriptor.py" "$FC_OUT/${name%.*}.json" --file "$f" --original "$original" --format "$fmt" \
    --width "${dim%x*}" --height "${dim#*x}" "$@"
}
FC_GPS=(-GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E)
FC_JPG=(-quality 85 -sampling-factor 2x2,1x1,1x1)

rm -rf "$FC_OUT"
mkdir -p "$FC_OUT"
cd "$FC_OUT"

# Small pictures: a stripped 96x64 primary, a 64x43 secondary with EXIF GPS, a 16x11 tiny one.
# The primary is the fixtures' asymmetric picture, so pixel checks can tell its orientation.
convert "$FC_HERE/reference/upright.png" -resize 96x64 -strip "${FC_JPG[@]}" "$FC_WORK/primary.jpg"
convert -size 64x43 gradient:'#a03030-#30a060' -strip "${FC_JPG[@]}" "$FC_WORK/gps.jpg"
fc_et "${FC_GPS[@]}" -IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" "$FC_WORK/gps.jpg"
[ -n "$(exiftool -q -q -GPS:GPSLatitude "$FC_WORK/gps.jpg")" ] || fc_fail "gps.jpg has no GPS"
convert -size 16x11 xc:'#808080' -strip "${FC_JPG[@]}" "$FC_WORK/tiny.jpg"
cp "$FC_WORK/primary.jpg" original.jpg

# Case 1: an MPO whose MPF index jhead -purejpg removed: the secondary, with its own EXIF GPS,
# is left after the primary's EOI. ExifTool then reports no GPS at all.
fc_py mpo "$FC_WORK/mpo.jpg" "$FC_WORK/primary.jpg" "$FC_WORK/gps.jpg"
[ "$(exiftool -q -q -MPF:NumberOfImages "$FC_WORK/mpo.jpg" | sed 's/.*: //')" = 2 ] || fc_fail "mpo.jpg is not a 2-image MPO"
cp "$FC_WORK/mpo.jpg" purejpg-mpo.jpg
jhead -q -purejpg purejpg-mpo.jpg >/dev/null
[ -z "$(exiftool -q -q -MPF:all -GPS:all purejpg-mpo.jpg)" ] || fc_fail "purejpg-mpo.jpg still shows MPF or GPS to ExifTool"
cmp -s <(tail -c "$(stat -c %s "$FC_WORK/gps.jpg")" purejpg-mpo.jpg) "$FC_WORK/gps.jpg" || fc_fail "the secondary is not left after EOI"
fc_desc purejpg-mpo.jpg

# Case 2: GPS only in the EXIF of the IFD1 thumbnail (the thumbnail JPEG has its own APP1); the
# thumbnail shows the same picture.
convert "$FC_WORK/primary.jpg" -resize 48x32 -strip "${FC_JPG[@]}" "$FC_WORK/thumb-gps.jpg"
fc_et "${FC_GPS[@]}" "$FC_WORK/thumb-gps.jpg"
cp "$FC_WORK/primary.jpg" thumbnail-exif-gps.jpg
fc_et -IFD0:Make=Apple "-ThumbnailImage<=$FC_WORK/thumb-gps.jpg" thumbnail-exif-gps.jpg
[ -z "$(exiftool -q -q -GPS:all thumbnail-exif-gps.jpg)" ] || fc_fail "thumbnail-exif-gps.jpg has GPS in its own EXIF"
exiftool -q -q -b -ThumbnailImage thumbnail-exif-gps.jpg > "$FC_WORK/thumb.jpg"
[ -n "$(exiftool -q -q -GPS:GPSLatitude "$FC_WORK/thumb.jpg")" ] || fc_fail "the thumbnail lost its EXIF GPS"
fc_desc thumbnail-exif-gps.jpg

# Case 3: a GPS IFD whose GPSLatitude value lies past the end of the EXIF block.
fc_py gps-unreadable gps-unreadable.jpg "$FC_WORK/primary.jpg"
exiftool -q -q -GPS:GPSLatitudeRef gps-unreadable.jpg | grep -q North || fc_fail "gps-unreadable.jpg has no GPS IFD"
[ -z "$(exiftool -q -q -GPS:GPSLatitude gps-unreadable.jpg)" ] || fc_fail "gps-unreadable.jpg has a readable GPSLatitude"
fc_desc gps-unreadable.jpg

# Case 4: compressed iTXt XMP whose GPS follows 17 MiB of padding (past the 16 MiB inflate cap).
convert "$FC_HERE/reference/upright.png" -resize 64x64 -strip -define png:exclude-chunks=date,time original.png
fc_py png-xmp-past-cap xmp-past-cap.png original.png $((17 << 20))
[ "$(exiftool -q -q -n -XMP-exif:GPSLatitude xmp-past-cap.png | sed 's/.*: //')" = 31.230416 ] || fc_fail "ExifTool does not read the XMP GPS of xmp-past-cap.png"
fc_desc xmp-past-cap.png

# Case 6: an ICC profile with bytes no tag covers — coordinates in text, or a JPEG with EXIF GPS.
python3 "$FC_TOOLS/make_icc.py" "$FC_WORK/p3.icc"
printf 'taken at 31.230416, 121.473701 (Shanghai)' > "$FC_WORK/note.txt"
fc_py icc-append "$FC_WORK/icc-text.icc" "$FC_WORK/p3.icc" "$FC_WORK/note.txt"
fc_py icc-append "$FC_WORK/icc-jpeg.icc" "$FC_WORK/p3.icc" "$FC_WORK/gps.jpg"
for kind in text jpeg; do
  cp "$FC_WORK/primary.jpg" "icc-trailer-$kind.jpg"
  fc_et "-ICC_Profile<=$FC_WORK/icc-$kind.icc" "icc-trailer-$kind.jpg"
  exiftool -q -q -b -ICC_Profile "icc-trailer-$kind.jpg" | cmp -s - "$FC_WORK/icc-$kind.icc" || fc_fail "icc-trailer-$kind.jpg: the profile was not written as given"
  fc_desc "icc-trailer-$kind.jpg"
done

# Case 10: an MPF index of 70 images; only the 70th carries GPS.
fc_py mpo mpf-70-images.jpg "$FC_WORK/primary.jpg" $(for _ in $(seq 68); do echo "$FC_WORK/tiny.jpg"; done) "$FC_WORK/gps.jpg"
[ "$(exiftool -q -q -MPF:NumberOfImages mpf-70-images.jpg | sed 's/.*: //')" = 70 ] || fc_fail "mpf-70-images.jpg does not list 70 images"
fc_desc mpf-70-images.jpg

# A JPEG with EXIF GPS hidden in the EXIF block's slack: after the TIFF structures, inside the
# APP1 segment, where no IFD entry points. ExifTool (and every EXIF reader) sees no GPS.
cp "$FC_WORK/primary.jpg" "$FC_WORK/exif-host.jpg"
fc_et -IFD0:Make=Apple "-IFD0:Model=iPhone 15 Pro" -Orientation#=1 "$FC_WORK/exif-host.jpg"
fc_py exif-slack exif-slack-jpeg.jpg "$FC_WORK/exif-host.jpg" "$FC_WORK/gps.jpg"
[ -n "$(exiftool -q -q -IFD0:Make exif-slack-jpeg.jpg)" ] || fc_fail "exif-slack-jpeg.jpg lost its EXIF"
[ -z "$(exiftool -q -q -a -GPS:all exif-slack-jpeg.jpg)" ] || fc_fail "ExifTool sees GPS in exif-slack-jpeg.jpg"
fc_desc exif-slack-jpeg.jpg

# APPn segments only named, never decoded: a JPEG with EXIF GPS in the JFIF segment's slack, as
# a JFXX thumbnail (photoaudit now walks that one as the child "thumbnail"), and a TIFF block
# with GPS in an APP3 "Exif" segment (Kodak's). ExifTool reports none of these GPS positions.
fc_py jfif-slack jfif-slack-jpeg.jpg "$FC_WORK/primary.jpg" "$FC_WORK/gps.jpg"
fc_py jfxx jfxx-thumbnail-gps.jpg "$FC_WORK/primary.jpg" "$FC_WORK/gps.jpg"
fc_py app3-exif app3-exif-gps.jpg "$FC_WORK/primary.jpg" "$FC_WORK/gps.jpg"
for name in jfif-slack-jpeg.jpg jfxx-thumbnail-gps.jpg app3-exif-gps.jpg; do
  [ -z "$(exiftool -q -q -a -GPS:GPSLatitude "$name")" ] || fc_fail "ExifTool reads the GPS of $name"
  fc_desc "$name"
done

# Known chunks that declare more than their fields: a PNG tIME of 7 bytes plus a JPEG with EXIF
# GPS, and a WebP VP8X chunk of 10 bytes plus the same.
fc_py chunk-append time-chunk-jpeg.png original.png tIME "$FC_WORK/gps.jpg"
convert "$FC_HERE/reference/upright.png" -resize 64x43 -strip "$FC_WORK/w.png"
cwebp -quiet -q 60 -metadata none "$FC_WORK/w.png" -o "$FC_WORK/w.webp" || fc_fail "cwebp"
fc_py webp-vp8x vp8x-jpeg.webp "$FC_WORK/w.webp" "$FC_WORK/gps.jpg"
for name in time-chunk-jpeg.png vp8x-jpeg.webp; do
  [ -z "$(exiftool -q -q -a -GPS:GPSLatitude "$name")" ] || fc_fail "ExifTool reads the GPS of $name"
done
fc_desc time-chunk-jpeg.png  # (libwebp refuses the long VP8X: the WebP has no descriptor, it is inspected)

# A GIF whose NETSCAPE2.0 loop extension goes on, in more sub-blocks, with a JPEG with EXIF GPS.
convert "$FC_HERE/reference/upright.png" -resize 32x21 -colors 16 "$FC_WORK/plain.gif"
fc_py gif-netscape netscape-jpeg.gif "$FC_WORK/plain.gif" "$FC_WORK/gps.jpg"
[ -z "$(exiftool -q -q -a -GPS:GPSLatitude netscape-jpeg.gif)" ] || fc_fail "ExifTool reads the GPS of netscape-jpeg.gif"

# An Exif item emptied by `exiftool -all=`: iloc gives it an extent of length 0 at the end of the file.
convert -size 64x43 gradient:'#3060a0-#f0d080' "$FC_WORK/h.png"
heif-enc -q 50 -o "$FC_WORK/h.heic" "$FC_WORK/h.png" >/dev/null 2>&1 || fc_fail "heif-enc"
fc_et "${FC_GPS[@]}" "$FC_WORK/h.heic"
[ -n "$(exiftool -q -q -GPS:GPSLatitude "$FC_WORK/h.heic")" ] || fc_fail "h.heic has no EXIF GPS"
cp "$FC_WORK/h.heic" exif-emptied.heic
fc_et -all= exif-emptied.heic
python3 "$FC_TOOLS/heifbox.py" dump exif-emptied.heic | grep -q "extents $(stat -c %s exif-emptied.heic)+0\|+0$" || fc_fail "exif-emptied.heic has no empty extent"

big="$(find . -type f -size +64k)"
[ -z "$big" ] || fc_fail "files over 64 KB: $big"
rm -rf "$FC_WORK"
echo "== failclosed/: $(find . -type f | wc -l) files, $(du -sb . | cut -f1) bytes"
