# Sourced by Fixtures/generate.sh (after jpeg/ heic/ defects/ exist): the fixtures of the
# fail-closed checks (issue 12, the checks part) in failclosed-checks/. Uses generate.sh's
# helpers (et, fail, note, expect_tag, expect_no_gps, expect_pixels, size_of, shows, $WORK,
# $TOOLS, $HEICENC, GPS/XMPGPS/CAMERA, JPGOPT). See Fixtures/README.md, "failclosed-checks/".
note "failclosed-checks/"
FC=failclosed-checks
rm -rf "$FC"
mkdir -p "$FC"/pairs/originals "$FC"/pairs/outputs "$FC"/no-images "$FC"/gainmap "$FC"/unprocessed "$FC"/thumbnail "$FC"/descriptor

# pairs/ (issue case 8): a pairs file chooses originals, it does not choose what is scanned.
# pairs.csv lists out-a.jpg (a correct output of a.jpg) and missing.jpg (no such file);
# leak.jpg is not listed and carries GPS in XMP.
cp jpeg/orient-1.jpg "$FC/pairs/originals/a.jpg"
cp jpeg/landscape.jpg "$FC/pairs/originals/b.jpg"
convert jpeg/orient-1.jpg -resize 96x96 -strip "${JPGOPT[@]}" "$FC/pairs/outputs/out-a.jpg"
expect_no_gps "$FC/pairs/outputs/out-a.jpg"
expect_pixels "$FC/pairs/outputs/out-a.jpg" reference/upright.png
convert reference/upright.png -resize 96x96 -strip "${JPGOPT[@]}" "$FC/pairs/outputs/leak.jpg"
et "${XMPGPS[@]}" "$FC/pairs/outputs/leak.jpg"
expect_tag "$FC/pairs/outputs/leak.jpg" XMP-exif:GPSLatitude 31.230416
printf 'original,output\na.jpg,out-a.jpg\nb.jpg,missing.jpg\n' > "$FC/pairs/pairs.csv"
[ ! -e "$FC/pairs/outputs/missing.jpg" ] || fail "pairs/outputs/missing.jpg exists"

# no-images/ (issue case 9): a folder with a descriptor and a note but no image.
printf '{"gps_removed": true}\n' > "$FC/no-images/IMG_0001.json"
printf 'The upload step wrote nothing here.\n' > "$FC/no-images/README.txt"

# gainmap/: HEIC whose auxiliary image (urn:com:apple:photo:2020:aux:hdrgainmap, as iPhones
# write the HDR gain map) has its own XMP item: HDRGainMap:HDRGainMapVersion only (what
# `exiftool -all=` leaves in an iPhone HEIC), or that plus GPS. tools/heicenc.c writes a
# thumbnail and an XMP item; tools/heifaux.py turns the thumbnail into the auxiliary image and
# points the XMP item's cdsc at it.
gainmap_xmp() {  # gainmap_xmp OUT [extra properties]
  cat > "$1" <<EOF
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 6.0.0">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:HDRGainMap="http://ns.apple.com/HDRGainMap/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/">
   <HDRGainMap:HDRGainMapVersion>65536</HDRGainMap:HDRGainMapVersion>$2
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
EOF
}
gainmap_xmp "$WORK/gainmap.xmp" ""
gainmap_xmp "$WORK/gainmap-gps.xmp" "
   <exif:GPSLatitude>31,13.82496N</exif:GPSLatitude>
   <exif:GPSLongitude>121,28.42206E</exif:GPSLongitude>"
for v in "" -gps; do
  "$HEICENC" -t 48 -x "$WORK/gainmap$v.xmp" "$WORK/heic-up.ppm" "$WORK/thumb$v.heic"
  python3 "$TOOLS/heifaux.py" thumb-to-aux "$WORK/thumb$v.heic" "$FC/gainmap/hdr-gainmap$v.heic" urn:com:apple:photo:2020:aux:hdrgainmap
  f="$FC/gainmap/hdr-gainmap$v.heic"
  shows "auxl 3 -> 1" python3 "$TOOLS/heifaux.py" iref "$f" || fail "$f: no auxl reference"
  shows "cdsc 4 -> 3" python3 "$TOOLS/heifaux.py" iref "$f" || fail "$f: the XMP item does not describe the auxiliary image"
  expect_tag "$f" QuickTime:AuxiliaryImageType urn:com:apple:photo:2020:aux:hdrgainmap
  expect_tag "$f" XMP-HDRGainMap:HDRGainMapVersion 65536
  heif-convert "$f" "$WORK/shown.png" >/dev/null
  expect_pixels "$WORK/shown.png" reference/heic-upright.png
done
expect_no_gps "$FC/gainmap/hdr-gainmap.heic"
expect_tag "$FC/gainmap/hdr-gainmap-gps.heic" XMP-exif:GPSLatitude 31.230416

# unprocessed/ (PA019): outputs of jpeg/landscape.jpg that a pipeline did not process:
# copy.jpg is the original byte for byte; reencoded.jpg is ImageMagick's re-encode at the same
# size with every metadata profile kept (no -strip, no resize).
cp jpeg/landscape.jpg "$FC/unprocessed/copy.jpg"
convert jpeg/landscape.jpg -quality 90 "$FC/unprocessed/reencoded.jpg"
cmp -s jpeg/landscape.jpg "$FC/unprocessed/reencoded.jpg" && fail "reencoded.jpg is a copy"
[ "$(size_of "$FC/unprocessed/reencoded.jpg")" = "$(size_of jpeg/landscape.jpg)" ] || fail "reencoded.jpg was resized"
expect_pixels "$FC/unprocessed/reencoded.jpg" reference/landscape.png
for tag in GPS:GPSLatitude IFD0:Make IFD0:Artist ExifIFD:SerialNumber; do
  [ "$(exiftool -n -s3 "-$tag" "$FC/unprocessed/reencoded.jpg")" = "$(exiftool -n -s3 "-$tag" jpeg/landscape.jpg)" ] || fail "reencoded.jpg: $tag changed"
done

# thumbnail/thumb-unrotated.jpg: a correct output of jpeg/orient-6.jpg (rotated upright, 96x64,
# stripped) with the original's IFD1 thumbnail put back: 32x48, stored unrotated, so it does
# not have the image's shape — PA005 without decoding any pixels.
convert jpeg/orient-6.jpg -auto-orient -resize 96x96 -strip "${JPGOPT[@]}" "$FC/thumbnail/thumb-unrotated.jpg"
exiftool -b -ThumbnailImage jpeg/orient-6.jpg > "$WORK/orient6-thumb.jpg"
[ "$(size_of "$WORK/orient6-thumb.jpg")" = 32x48 ] || fail "orient-6 thumbnail is $(size_of "$WORK/orient6-thumb.jpg")"
et "-ThumbnailImage<=$WORK/orient6-thumb.jpg" "$FC/thumbnail/thumb-unrotated.jpg"
expect_tag "$FC/thumbnail/thumb-unrotated.jpg" IFD0:Orientation ""
expect_pixels "$FC/thumbnail/thumb-unrotated.jpg" reference/upright.png
exiftool -b -ThumbnailImage "$FC/thumbnail/thumb-unrotated.jpg" > "$WORK/t.jpg"
[ "$(size_of "$WORK/t.jpg")" = 32x48 ] || fail "thumb-unrotated.jpg: thumbnail is $(size_of "$WORK/t.jpg")"

# descriptor/: minimal.json says only gps_removed: true, and minimal.jpg has GPS in XMP;
# coords.json makes every claim right (a clean 96x64 JPEG) but carries the location itself.
convert reference/upright.png -resize 96x96 -strip "${JPGOPT[@]}" "$FC/descriptor/minimal.jpg"
et "${XMPGPS[@]}" "$FC/descriptor/minimal.jpg"
expect_tag "$FC/descriptor/minimal.jpg" XMP-exif:GPSLatitude 31.230416
printf '{"gps_removed": true}\n' > "$FC/descriptor/minimal.json"
convert reference/upright.png -resize 96x96 -strip "${JPGOPT[@]}" "$FC/descriptor/coords.jpg"
expect_no_gps "$FC/descriptor/coords.jpg"
[ "$(size_of "$FC/descriptor/coords.jpg")" = 96x64 ] || fail "coords.jpg size"
cat > "$FC/descriptor/coords.json" <<EOF
{
  "media_id": "fixture-coords",
  "format": "jpeg",
  "width": 96,
  "height": 64,
  "size_bytes": $(stat -c %s "$FC/descriptor/coords.jpg"),
  "gps_removed": true,
  "location": {"lat": 31.230416, "lng": 121.473701, "name": "Shanghai"}
}
EOF
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$FC/descriptor/coords.json" || fail "coords.json is not JSON"
big="$(find "$FC" -type f -size +64k)"
[ -z "$big" ] || fail "files over 64 KB: $big"
