#!/usr/bin/env bash
# Fixtures/gen/vendor-records.sh — vendor/: location in vendor records (issue 25, item 2).
#   FLIR: a FLIR FFF file in APP1 "FLIR\0" segments (split in chunks as FLIR cameras write it)
#   whose GPS record holds the camera's position — after `exiftool -gps:all=` removed the EXIF
#   GPS (the issue's case: ExifTool still shows FLIR:GPSLatitude), with no fix (GPSValid 0 and
#   zeros), with a stale position under GPSValid 0, a GPS record too short for the documented
#   layout, a GPS record that points outside the data, a missing chunk, and a FLIR file without
#   a GPS record (clean).
#   XMP: a Skydio packet (drone-skydio:Latitude/Longitude, as Skydio 2 and X2 write them) left
#   after `exiftool -gps:all=`; coordinates in a namespace nobody documents; three
#   Iptc4xmpExt:LocationShown points; names that say GPS or latitude but are no position
#   (accuracy, RTK standard deviation, status, "LatestPeriod"); zero and empty values; a
#   coordinate with digits that is not degrees.
#   C2PA: a manifest with `cai.location.broad` and a schema.org contentLocation, no coordinates.
# Rebuilds Fixtures/vendor/ only.
#
# Independent tools only, never photoaudit: ImageMagick, exiftool, python3 stdlib
# (tools/vendor.py for the FFF layout and the C2PA store, tools/jpegseg.py for XMP segments).
# Called by generate.sh; runs on its own too:  Fixtures/gen/vendor-records.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

VR_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VR_OUT="$VR_HERE/vendor"
for tool in convert exiftool python3; do
  command -v "$tool" >/dev/null || { echo "vendor-records.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl python3)" >&2; exit 1; }
done
vr_fail() { echo "vendor-records.sh: CHECK FAILED: $*" >&2; exit 1; }
vr_et() { exiftool -q -q -overwrite_original "$@"; }
vr_py() { python3 "$VR_HERE/tools/vendor.py" "$@"; }
# vr_shows FILE TAG VALUE: exiftool (-n) reads VALUE in TAG of FILE.
vr_shows() { [ "$(exiftool -n -s3 "-$2" "$1")" = "$3" ] || vr_fail "$1: $2 is not '$3' (got '$(exiftool -n -s3 "-$2" "$1")')"; }
# vr_absent FILE TAG: exiftool shows no TAG in FILE.
vr_absent() { [ -z "$(exiftool -n -s3 "-$2" "$1" 2>/dev/null)" ] || vr_fail "$1: exiftool shows $2"; }
# vr_no_exif_gps FILE: no tag of the EXIF GPS IFD is left.
vr_no_exif_gps() { ! exiftool -a -G1 -s "$1" | grep -q '^\[GPS\]' || vr_fail "$1: exiftool shows EXIF GPS tags"; }
# vr_xmp FILE PACKET: inserts PACKET (an XMP file) as an APP1 XMP segment.
vr_xmp() {
  printf 'http://ns.adobe.com/xap/1.0/\0' > "$VR_WORK/app1.bin"
  cat "$2" >> "$VR_WORK/app1.bin"
  python3 "$VR_HERE/tools/jpegseg.py" insert "$1" "$VR_WORK/x.jpg" E1 "$VR_WORK/app1.bin"
  mv "$VR_WORK/x.jpg" "$1"
}
# vr_packet FILE NAMESPACES BODY: an XMP packet with one rdf:Description.
vr_packet() {
  cat > "$1" <<XMP
<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" $2>
$3
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>
XMP
}

rm -rf "$VR_OUT"
mkdir -p "$VR_OUT"
VR_WORK="$(mktemp -d)"
trap 'rm -rf "$VR_WORK"' EXIT
cd "$VR_OUT"
convert "$VR_HERE/reference/upright.png" -resize 48x32 -strip -quality 85 -sampling-factor 2x2,1x1,1x1 "$VR_WORK/base.jpg"

# --- FLIR --------------------------------------------------------------------------------
# The issue's case: EXIF GPS written, a FLIR FFF (240 bytes) in 4 chunks with a GPS record, then
# `exiftool -gps:all=`: the EXIF GPS is gone, the FLIR record (ExifTool cannot write it) stays.
cp "$VR_WORK/base.jpg" "$VR_WORK/gps.jpg"
vr_et -GPSLatitude=59.3293 -GPSLatitudeRef=N -GPSLongitude=18.0686 -GPSLongitudeRef=E "$VR_WORK/gps.jpg"
vr_py flir "$VR_WORK/gps.jpg" flir-gps-removed.jpg 64 other gps:1:59.3293:18.0686:20.5
vr_shows flir-gps-removed.jpg GPS:GPSLatitude 59.3293
vr_et -gps:all= flir-gps-removed.jpg
vr_no_exif_gps flir-gps-removed.jpg
vr_shows flir-gps-removed.jpg FLIR:GPSLatitude 59.3293
vr_shows flir-gps-removed.jpg FLIR:GPSLongitude 18.0686
[ "$(python3 "$VR_HERE/tools/jpegseg.py" list flir-gps-removed.jpg | grep -c ' FLIR$')" = 4 ] || vr_fail "flir-gps-removed.jpg: not 4 FLIR segments"

vr_py flir "$VR_WORK/base.jpg" flir-no-fix.jpg 64 other gps:0:0:0:0
vr_shows flir-no-fix.jpg FLIR:GPSValid 0
vr_absent flir-no-fix.jpg FLIR:GPSLatitude

# GPSValid 0 with a position: ExifTool hides it (GPSLatitude is shown only when GPSValid is 1).
vr_py flir "$VR_WORK/base.jpg" flir-stale-fix.jpg 64 other gps:0:-33.4489:-70.6693:520
vr_shows flir-stale-fix.jpg FLIR:GPSValid 0
vr_absent flir-stale-fix.jpg FLIR:GPSLatitude

vr_py flir "$VR_WORK/base.jpg" flir-gps-short.jpg 64 other gps-short:16
vr_shows flir-gps-short.jpg FLIR:GPSValid 1
vr_py flir "$VR_WORK/base.jpg" flir-gps-outside.jpg 64 other gps-outside
exiftool -a -s -warning flir-gps-outside.jpg | grep -q "Invalid FLIR record" || vr_fail "flir-gps-outside.jpg: exiftool does not call the record invalid"
vr_py flir --drop 2 "$VR_WORK/base.jpg" flir-missing-chunk.jpg 64 other gps:1:59.3293:18.0686:20.5
vr_absent flir-missing-chunk.jpg FLIR:GPSLatitude
vr_py flir "$VR_WORK/base.jpg" flir-no-gps.jpg 64 other
vr_absent flir-no-gps.jpg FLIR:GPSValid
vr_shows flir-no-gps.jpg FLIR:CreatorSoftware photoaudit-fix

# --- XMP ---------------------------------------------------------------------------------
SKYDIO='xmlns:drone-skydio="https://www.skydio.com/drone-skydio/1.0/"'
cp "$VR_WORK/gps.jpg" skydio-gps-removed.jpg
vr_packet "$VR_WORK/p.xmp" "$SKYDIO" '   <drone-skydio:VehicleName>Skydio2-fixture</drone-skydio:VehicleName>
   <drone-skydio:CameraSource>MAIN_VISIBLE</drone-skydio:CameraSource>
   <drone-skydio:Latitude>32.518935</drone-skydio:Latitude>
   <drone-skydio:Longitude>-110.924547</drone-skydio:Longitude>
   <drone-skydio:AbsoluteAltitude>1034.441910</drone-skydio:AbsoluteAltitude>
   <drone-skydio:VehiclePositionNED rdf:parseType="Resource">
    <drone-skydio:X>-0.663055</drone-skydio:X><drone-skydio:Y>5.081404</drone-skydio:Y><drone-skydio:Z>-46.021970</drone-skydio:Z>
   </drone-skydio:VehiclePositionNED>'
vr_xmp skydio-gps-removed.jpg "$VR_WORK/p.xmp"
vr_et -gps:all= skydio-gps-removed.jpg
vr_no_exif_gps skydio-gps-removed.jpg
vr_shows skydio-gps-removed.jpg XMP-drone-skydio:Latitude 32.518935
vr_shows skydio-gps-removed.jpg XMP-drone-skydio:Longitude -110.924547

# A namespace nobody documents: a home point (attributes) and a target (a structure).
cp "$VR_WORK/base.jpg" xmp-any-namespace.jpg
vr_packet "$VR_WORK/p.xmp" 'xmlns:uav="http://example.com/ns/uav/1.0/" uav:HomeLat="47.376887" uav:HomeLng="8.541694"' \
'   <uav:Target rdf:parseType="Resource"><uav:lat>47.366667</uav:lat><uav:lon>8.550000</uav:lon></uav:Target>'
vr_xmp xmp-any-namespace.jpg "$VR_WORK/p.xmp"
vr_shows xmp-any-namespace.jpg XMP-uav:HomeLat 47.376887
vr_shows xmp-any-namespace.jpg XMP-uav:TargetLon 8.550000

# Three LocationShown points (written by exiftool), no other GPS.
cp "$VR_WORK/base.jpg" xmp-location-shown.jpg
vr_et '-XMP-iptcExt:LocationShown+={City=Lisbon,GPSLatitude=38.6916,GPSLongitude=-9.2160}' \
      '-XMP-iptcExt:LocationShown+={City=Porto,GPSLatitude=41.1400,GPSLongitude=-8.6110}' \
      '-XMP-iptcExt:LocationShown+={City=Faro,GPSLatitude=37.0194,GPSLongitude=-7.9304}' xmp-location-shown.jpg
[ "$(exiftool -n -s3 -XMP-iptcExt:LocationShownGPSLatitude xmp-location-shown.jpg)" = "38.6916, 41.14, 37.0194" ] \
  || vr_fail "xmp-location-shown.jpg: not three LocationShown points"

# Names that say GPS or latitude but hold no position (no PA001): Pix4D accuracies, DJI's RTK
# standard deviations and status, a Darwin Core geological period, a lens's "long" setting.
cp "$VR_WORK/base.jpg" xmp-not-coordinates.jpg
vr_packet "$VR_WORK/p.xmp" 'xmlns:Camera="http://pix4d.com/camera/1.0/" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" xmlns:dwc="http://rs.tdwg.org/dwc/index.htm" xmlns:uav="http://example.com/ns/uav/1.0/"
    Camera:GPSXYAccuracy="0.512" Camera:GPSZAccuracy="1.024" drone-dji:RtkStdLat="0.01234" drone-dji:RtkStdLon="0.01567"
    drone-dji:GpsStatus="RTK" drone-dji:RtkFlag="50" uav:LongExposure="30.000" uav:GPSLatitudeRef="N" uav:PlatformYaw="12.5"' \
'   <dwc:GeologicalContext rdf:parseType="Resource"><dwc:latestPeriodOrHighestSystem>Neogene</dwc:latestPeriodOrHighestSystem></dwc:GeologicalContext>'
vr_xmp xmp-not-coordinates.jpg "$VR_WORK/p.xmp"
vr_shows xmp-not-coordinates.jpg XMP-drone-dji:RtkStdLat 0.01234

# Zero and empty values: Skydio at 0, 0 (a receiver without a fix writes zeros); empty and
# "N/A" values in another namespace (no coordinate).
cp "$VR_WORK/base.jpg" xmp-zero-and-empty.jpg
vr_packet "$VR_WORK/p.xmp" "$SKYDIO"' xmlns:uav="http://example.com/ns/uav/1.0/" drone-skydio:Latitude="0.000000" drone-skydio:Longitude="0.000000" uav:HomeLat="" uav:HomeLng="" uav:TargetLat="N/A" uav:TargetLon="N/A"' ''
vr_xmp xmp-zero-and-empty.jpg "$VR_WORK/p.xmp"
vr_shows xmp-zero-and-empty.jpg XMP-drone-skydio:Latitude 0.000000

# A coordinate with digits that is not degrees: present but unreadable, still GPS.
cp "$VR_WORK/base.jpg" xmp-unreadable.jpg
vr_packet "$VR_WORK/p.xmp" "$SKYDIO"' drone-skydio:Latitude="32.518935 (3D fix)" drone-skydio:Longitude="-110.924547 (3D fix)"' ''
vr_xmp xmp-unreadable.jpg "$VR_WORK/p.xmp"
vr_shows xmp-unreadable.jpg XMP-drone-skydio:Latitude "32.518935 (3D fix)"

# --- C2PA --------------------------------------------------------------------------------
vr_py c2pa-location "$VR_WORK/location.jumbf"
python3 "$VR_HERE/tools/carriers.py" jpeg-app11 "$VR_WORK/base.jpg" "$VR_WORK/location.jumbf" c2pa-location-broad.jpg 60000
exiftool -a -G1 -s c2pa-location-broad.jpg | grep -q '\[JSON\] *Location *: Lisbon, Portugal' || vr_fail "c2pa-location-broad.jpg: exiftool does not show the cai.location.broad location"
! exiftool -a -G1 -s -n c2pa-location-broad.jpg | grep -qi 'latitude' || vr_fail "c2pa-location-broad.jpg: exiftool shows a latitude"

echo "vendor-records.sh: vendor/ $(ls | wc -l) files, $(du -sb . | cut -f1) bytes"
