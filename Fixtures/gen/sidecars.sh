#!/usr/bin/env bash
# Fixtures/gen/sidecars.sh — sidecars/: XMP sidecars and Google Takeout JSON (issue 25, item 5).
#   sidecars/xmp/      XMP sidecars written by ExifTool (`-o x.xmp -tagsfromfile`) and Exiv2 (`-eX`,
#                      the library digiKam and darktable write theirs with), and in Lightroom
#                      Classic's and darktable's layouts (tools/sidecars.py); a UTF-16 one, a cut one,
#                      one without GPS
#   sidecars/takeout/  Takeout JSON sidecars (tools/sidecars.py, Takeout's layout): a location in
#                      geoData, only in geoDataExif, zeros (none), zeros with an altitude, a
#                      coordinate that is no number, coordinates in the description, people
#   sidecars/pairs/    clean photos beside their sidecars under every name the pairing knows (XMP,
#                      Takeout before and after late 2024, cut at 46 characters, numbered, edited
#                      copies), a descriptor beside a Takeout JSON, JSON that is neither, sidecars
#                      without a photo
#   sidecars/real/     real samples, never rebuilt here (Fixtures/README.md: sources, licences)
# and expected/sidecars/ (exiftool -j -n -G1 -a -u of every file, real/ included). Every file's
# location is checked here with exiftool; the photos carry none.
# Rebuilds Fixtures/sidecars/{xmp,takeout,pairs} and Fixtures/expected/sidecars/ only.
#
# Independent tools only, never photoaudit: ImageMagick, exiftool, exiv2, python3 stdlib
# (tools/sidecars.py). Called by generate.sh; runs on its own too:
#   Fixtures/gen/sidecars.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

SC_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SC_OUT="$SC_HERE/sidecars"
SC_PY="$SC_HERE/tools/sidecars.py"
for tool in convert exiftool exiv2 python3; do
  command -v "$tool" >/dev/null || { echo "sidecars.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl exiv2 python3)" >&2; exit 1; }
done
sc_fail() { echo "sidecars.sh: CHECK FAILED: $*" >&2; exit 1; }
sc_et() { exiftool -q -q -overwrite_original "$@"; }
# sc_gps FILE LAT LON: exiftool reads these coordinates (6 decimals) in FILE, in any group.
sc_gps() {
  local got
  got="$(exiftool -n -s3 -c '%.6f' -GPSLatitude -GPSLongitude "$1" | tr '\n' ' ')"
  [ "$got" = "$2 $3 " ] || sc_fail "$1: GPS is '$got', not '$2 $3'"
}
# sc_no_gps FILE: exiftool shows no GPS tag in FILE.
sc_no_gps() { ! exiftool -a -G1 -s "$1" | awk '{print $2}' | grep -qi 'gps' || sc_fail "$1: exiftool shows a GPS tag"; }
# sc_json FILE TAG VALUE: exiftool reads VALUE in the JSON tag TAG of FILE.
sc_json() { [ "$(exiftool -n -s3 "-JSON:$2" "$1")" = "$3" ] || sc_fail "$1: JSON:$2 is not '$3'"; }

rm -rf "$SC_OUT/xmp" "$SC_OUT/takeout" "$SC_OUT/pairs" "$SC_HERE/expected/sidecars"
mkdir -p "$SC_OUT/xmp" "$SC_OUT/takeout" "$SC_OUT/pairs"
cd "$SC_OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
up="$SC_HERE/reference/upright.png"
JPG=(-strip -quality 85 -sampling-factor 2x2,1x1,1x1)
LAT=31.230416 LON=121.473701          # Fixtures/README.md: the location used everywhere
LAT2=37.331686 LON2=-122.030656       # a second place, for the second location of a file

# --- xmp/ ------------------------------------------------------------------------------------
# ExifTool's sidecar writer, from the orientation-1 original (camera fields, GPS, City, Artist, serial).
exiftool -q -q -o xmp/exiftool-gps.xmp -tagsfromfile "$SC_HERE/jpeg/orient-1.jpg" "$SC_HERE/jpeg/orient-1.jpg"
sc_gps xmp/exiftool-gps.xmp "$LAT" "$LON"
# Exiv2: its EXIF→XMP conversion written as a sidecar (`-eX`), then digiKam's namespace and a
# person and a place added to the sidecar file itself, as digiKam writes them through Exiv2.
convert "$up" -resize 48x32 "${JPG[@]}" "$WORK/exiv2.jpg"
sc_et -GPSLatitude=$LAT -GPSLatitudeRef=N -GPSLongitude=$LON -GPSLongitudeRef=E -Make=Apple -Model="iPhone 15 Pro" "$WORK/exiv2.jpg"
( cd "$WORK" && exiv2 -eX exiv2.jpg )
cp "$WORK/exiv2.xmp" xmp/exiv2-gps.xmp
cp "$WORK/exiv2.xmp" xmp/digikam-gps.xmp
exiv2 -M"reg digiKam http://www.digikam.org/ns/1.0/" -M"set Xmp.digiKam.TagsList XmpSeq People/Jane Fixture" \
      -M"set Xmp.photoshop.City Shanghai" -M"set Xmp.dc.creator XmpSeq Jane Fixture" xmp/digikam-gps.xmp
sc_gps xmp/exiv2-gps.xmp "$LAT" "$LON"
sc_gps xmp/digikam-gps.xmp "$LAT" "$LON"
head -c 40 xmp/exiv2-gps.xmp | grep -q '<?xpacket' || sc_fail "exiv2-gps.xmp: no xpacket wrapper"
# Lightroom Classic's layout (no xpacket wrapper), and darktable's (the real sample plus the GPS
# attributes darktable writes through Exiv2).
python3 "$SC_PY" lightroom xmp/lightroom-gps.xmp --lat $LAT --lon $LON --city Shanghai
sc_gps xmp/lightroom-gps.xmp "$LAT" "$LON"
python3 "$SC_PY" darktable real/darktable/DSC_9034.NEF.xmp xmp/darktable-gps.NEF.xmp --lat $LAT2 --lon $LON2
sc_gps xmp/darktable-gps.NEF.xmp "$LAT2" "$LON2"
# UTF-16 (XMP allows it; ExifTool reads it), a packet cut after its GPSLatitude, and no GPS at all.
python3 "$SC_PY" utf16 xmp/exiftool-gps.xmp xmp/utf16-gps.xmp
sc_gps xmp/utf16-gps.xmp "$LAT" "$LON"
python3 "$SC_PY" cut xmp/exiftool-gps.xmp xmp/cut-gps.xmp '</exif:GPSLongitude>'
grep -q '<exif:GPSLatitude>' xmp/cut-gps.xmp || sc_fail "cut-gps.xmp lost its GPSLatitude"
! grep -q '</x:xmpmeta>' xmp/cut-gps.xmp || sc_fail "cut-gps.xmp is not cut"
exiftool -q -q -XMP-tiff:Make=Apple -XMP-tiff:Model="iPhone 15 Pro" -XMP-dc:Description="Lunch, 12.50 EUR, table 4" xmp/no-gps.xmp
sc_no_gps xmp/no-gps.xmp

# --- takeout/ --------------------------------------------------------------------------------
python3 "$SC_PY" takeout takeout/geodata.json --geo $LAT,$LON,12.5 --exif $LAT2,$LON2,0.0
sc_json takeout/geodata.json GeoDataLatitude $LAT
sc_json takeout/geodata.json GeoDataExifLongitude $LON2
python3 "$SC_PY" takeout takeout/exif-only.json --exif $LAT,$LON,12.5
sc_json takeout/exif-only.json GeoDataLatitude 0.0
python3 "$SC_PY" takeout takeout/zeros.json
python3 "$SC_PY" takeout takeout/altitude-only.json --geo 0.0,0.0,12.5
python3 "$SC_PY" takeout takeout/not-a-number.json --raw-geo '{ "latitude": "north", "longitude": 121.473701 }'
sc_json takeout/not-a-number.json GeoDataLatitude north
python3 "$SC_PY" takeout takeout/description.json --description "Meet at 37.331686, -122.030656 at noon" --people "Jane Fixture,John Fixture"
sc_json takeout/description.json PeopleName "Jane Fixture, John Fixture"
for f in takeout/zeros.json takeout/altitude-only.json takeout/description.json; do
  [ "$(exiftool -n -s3 -JSON:GeoDataLatitude -JSON:GeoDataLongitude -JSON:GeoDataExifLatitude -JSON:GeoDataExifLongitude "$f" | sort -u)" = 0.0 ] \
    || sc_fail "$f: a coordinate is not 0"
done

# --- pairs/ ----------------------------------------------------------------------------------
# Clean photos (no metadata at all): every location found in this folder is a sidecar's.
photo() { convert "$up" -resize 48x32 "${JPG[@]}" "pairs/$1"; }
takeout() { python3 "$SC_PY" takeout "pairs/$1" "${@:2}"; }
# XMP: Lightroom's NAME.xmp, darktable's and digiKam's NAME.EXT.xmp, a clean one, one without a photo.
photo IMG_1001.jpg; cp xmp/lightroom-gps.xmp pairs/IMG_1001.xmp
photo IMG_1002.jpg; cp xmp/darktable-gps.NEF.xmp pairs/IMG_1002.jpg.xmp
photo IMG_1003.jpg; cp xmp/no-gps.xmp pairs/IMG_1003.XMP
cp xmp/digikam-gps.xmp pairs/IMG_1009.xmp
# An .xmp that is a JPEG with EXIF GPS (read as what it is), one that is neither (PA015).
photo IMG_1004.jpg; cp "$WORK/exiv2.jpg" pairs/IMG_1004.xmp
photo IMG_1005.jpg; printf 'not an XMP packet\n' > pairs/IMG_1005.xmp
# Takeout: the names of late 2024 on, the older ones, cut at 46, numbered, an edited copy.
photo IMG_2001.jpg; takeout IMG_2001.jpg.supplemental-metadata.json --geo $LAT,$LON,12.5
photo IMG_2002.jpg; takeout IMG_2002.jpg.json --exif $LAT,$LON,12.5
photo IMG_2003.jpg; takeout IMG_2003.jpg.supplemental-metadata.json
photo "IMG_2004(1).jpg"; takeout "IMG_2004.jpg.supplemental-metadata(1).json" --geo $LAT,$LON,0.0
photo IMG_2004.jpg; takeout IMG_2004.jpg.supplemental-metadata.json
photo Screenshot_20231027_123303_Facebook.jpg; takeout Screenshot_20231027_123303_Facebook.jpg.supple.json --geo $LAT2,$LON2,0.0
photo PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg; takeout PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg..json --geo $LAT,$LON,0.0
photo IMG_2005.jpg; photo IMG_2005-edited.jpg; takeout IMG_2005.jpg.json --geo $LAT2,$LON2,0.0
# A descriptor (gps_removed: true) and a Takeout JSON beside one photo; a JSON that is neither.
photo IMG_2006.jpg; takeout IMG_2006.jpg.supplemental-metadata.json --geo $LAT,$LON,0.0
python3 - pairs/IMG_2006.json <<'PY'
import json, sys
json.dump({"media_id": "IMG_2006", "format": "jpeg", "width": 48, "height": 32, "gps_removed": True}, open(sys.argv[1], "w"))
PY
photo IMG_2007.jpg
printf '{ "exported_by": "some other tool", "place": { "lat": %s, "lng": %s } }\n' $LAT2 $LON2 > pairs/IMG_2007.jpg.supplemental-metadata.json
# A Takeout JSON whose photo is not here (Takeout splits large exports over several archives).
takeout IMG_2009.jpg.supplemental-metadata.json --geo $LAT,$LON,12.5
for f in pairs/*.jpg; do sc_no_gps "$f"; done

# --- sizes and expected/ -----------------------------------------------------------------------
big="$(find xmp takeout pairs real -type f -size +64k)"
[ -z "$big" ] || sc_fail "files over 64 KB: $big"
cd "$SC_HERE"
find sidecars -type f | sort | while read -r f; do
  mkdir -p "expected/$(dirname "$f")"
  { exiftool -j -n -G1 -a -u -- "$f" || true; } | python3 "$SC_HERE/tools/exiftool_json.py" > "expected/$f.exiftool.json"
done
echo "sidecars.sh: $(find sidecars -type f | wc -l) files in sidecars/"
