#!/usr/bin/env bash
# Fixtures/gen/telemetry.sh — telemetry/: videos whose location is in timed metadata (issue 25):
# GoPro GPMF (GPS5, GPS9; none), Google camm (GPS packets 6 and 5; motion only), Apple mebx (a
# timed ISO 6709 location; a key of a private type), DJI djmd (a known protocol; an unknown
# one), a Novatek dashcam's 'gps ' list of 'freeGPS ' blocks (a known layout; an unknown one), a
# 'meta' track of an unknown format, subtitle tracks (DJI SRT-style and Yuneec-style coordinates,
# plain subtitles), a timecode track, a Live Photo whose MOV has a timed location, a Motion Photo
# whose MP4 has GPMF; and in
# telemetry/real/ two cuts of GoPro's own sample videos (gopro/gpmf-parser, Apache-2.0 or MIT):
# their GPMF track unchanged, muxed by ffmpeg with a small test-pattern video.
# Rebuilds Fixtures/telemetry/ (but real/, see below) and Fixtures/expected/telemetry/.
#
# Independent tools only, never photoaudit: ffmpeg, exiftool, ImageMagick, python3 stdlib
# (tools/telemetry.py, tools/descriptor.py). Every file is checked with exiftool -ee3 as it is
# made; expected/telemetry/NAME.exiftool-ee3.txt is `exiftool -n -G3:1 -a -u -ee3 -s` of it.
# real/: cut again only when GPMF_PARSER points at a checkout of github.com/gopro/gpmf-parser
# (commit 9a71506: samples/karma.mp4, samples/max-heromode.mp4); otherwise the committed cuts
# are kept and checked. Called by generate.sh; runs on its own too:  Fixtures/gen/telemetry.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

T_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
T_OUT="$T_HERE/telemetry"
T_EXPECTED="$T_HERE/expected/telemetry"
for tool in ffmpeg exiftool convert python3; do
  command -v "$tool" >/dev/null || { echo "telemetry.sh: $tool not found (apt-get install ffmpeg libimage-exiftool-perl imagemagick python3)" >&2; exit 1; }
done
t_fail() { echo "telemetry.sh: CHECK FAILED: $*" >&2; exit 1; }
# t_shows FILE PATTERN: `exiftool -a -G1 -n -ee3` of FILE shows PATTERN (a regex).
# (The output is captured first: grep -q stopping early would fail the pipe under pipefail.)
t_shows() {
  local out
  out="$(exiftool -a -G1 -n -u -ee3 -s "$1")"
  grep -E -q -- "$2" <<<"$out" || t_fail "$1: exiftool does not show /$2/"
}
t_no_gps() {
  local out
  out="$(exiftool -a -ee3 -u -G1 -s -n '-*GPSLatitude*' '-*GPSCoordinates*' "$1")"
  if [ -n "$out" ]; then t_fail "$1: exiftool shows a location"; fi
}
# t_movie OUT [ffmpeg options]: 0.2 s of a 64×48 test pattern, MPEG-4 part 2, bit-exact.
t_movie() {
  local out="$1"; shift
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48:duration=0.2:rate=5 \
    -c:v mpeg4 -q:v 31 -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$@" "$out"
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
find "$T_OUT" -maxdepth 1 -type f -delete 2>/dev/null || true
rm -rf "$T_OUT/livephoto" "$T_EXPECTED"
mkdir -p "$T_OUT/real" "$T_OUT/livephoto" "$T_EXPECTED/real" "$T_EXPECTED/livephoto"
cd "$T_OUT"

echo "== telemetry: tracks written from the documented layouts (tools/telemetry.py)"
t_movie "$scratch/base.mp4"
t_movie "$scratch/base.mov"
python3 "$T_HERE/tools/telemetry.py" "$T_OUT" "$scratch/base.mp4" "$scratch/base.mov"
t_shows gpmf-gps5.mp4 '^\[Track2\] +GPSLatitude +: 31\.2304$'
t_shows gpmf-gps5.mp4 '^\[Track2\] +GPSLongitude +: 121\.4737$'
t_shows gpmf-gps9.mp4 '^\[Track2\] +MetaFormat +: gpmd$'       # ExifTool 12.57 does not know GPS9
t_no_gps gpmf-gps9.mp4
t_shows gpmf-no-gps.mp4 '^\[Track2\] +Accelerometer'
t_no_gps gpmf-no-gps.mp4
t_shows camm-gps.mp4 '^\[Track2\] +GPSLatitude +: 31\.2304$'
t_shows camm-gps.mp4 '^\[Track2\] +GPSLatitude +: 31\.2305$'
t_shows camm-motion.mp4 '^\[Track2\] +AngularVelocity'
t_shows camm-motion.mp4 '^\[Track2\] +Warning +: Unknown camm record type 0$'   # ExifTool 12.57 lacks type 0's size
t_no_gps camm-motion.mp4
t_shows mebx-location.mov '^\[Track2\] +GPSCoordinates +: 31\.2304 121\.4737 12\.5$'
t_shows mebx-private-key.mov '^\[Track2\] +MetaFormat +: mebx$'
t_no_gps mebx-private-key.mov
t_shows djmd-gps.mp4 '^\[Track2\] +MetaFormat +: djmd$'        # ExifTool 12.57 has no protobuf reader
t_no_gps djmd-gps.mp4
t_shows djmd-unknown-protocol.mp4 '^\[Track2\] +MetaFormat +: djmd$'
t_shows novatek-freegps.mov '^\[QuickTime\] +GPSLatitude +: 31\.2303995'   # float32 DDMM.MMMM
t_shows novatek-freegps.mov '^\[QuickTime\] +GPSDateTime +: 2025:01:01 02:20:30Z$'
t_no_gps novatek-unknown-layout.mov
t_shows meta-unknown-format.mp4 '^\[Track2\] +MetaFormat +: xyzw$'

echo "== telemetry: subtitle and timecode tracks (ffmpeg)"
printf '1\n00:00:00,000 --> 00:00:00,100\nF/2.8, SS 240, ISO 100, EV 0 [latitude: 31.230400] [longitude: 121.473700] [rel_alt: 1.2 abs_alt: 12.5]\n\n2\n00:00:00,100 --> 00:00:00,200\nGPS (121.4738, 31.2305, 13)\n\n' > "$scratch/dji.srt"
printf '1\n00:00:00,000 --> 00:00:00,100\nLat:31.2304 Lon:121.4737 Alt:12.5\n\n2\n00:00:00,100 --> 00:00:00,200\nLat:31.2305 Lon:121.4738 Alt:12.6\n\n' > "$scratch/yuneec.srt"
printf '1\n00:00:00,000 --> 00:00:00,100\nHello, world.\n\n2\n00:00:00,100 --> 00:00:00,200\nShot on 2025-01-01 at 10:20, take 3 of 12.5\n\n' > "$scratch/plain.srt"
# t_subtitled OUT SRT: the test pattern with SRT as a subtitle track (mov_text: 'tx3g' in MP4,
# QuickTime 'text' in MOV).
t_subtitled() {
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48:duration=0.2:rate=5 -i "$2" -map 0 -map 1 \
    -c:v mpeg4 -q:v 31 -c:s mov_text -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$1"
}
t_subtitled subtitles-dji.mp4 "$scratch/dji.srt"
t_subtitled subtitles-yuneec.mp4 "$scratch/yuneec.srt"
t_subtitled subtitles-plain.mov "$scratch/plain.srt"
t_shows subtitles-dji.mp4 '^\[Track2\] +Text +: .*\[latitude: 31\.230400\]'
t_no_gps subtitles-dji.mp4        # ExifTool 12.57 shows the text, not its coordinates
t_shows subtitles-yuneec.mp4 '^\[Track2\] +GPSLatitude +: 31\.2304$'
t_shows subtitles-plain.mov '^\[Track2\] +Text +: Hello, world\.$'
t_no_gps subtitles-plain.mov
t_movie timecode.mov -timecode 01:02:03:04
t_shows timecode.mov '^\[Track2\] +HandlerType +: tmcd$'
t_no_gps timecode.mov

echo "== telemetry/livephoto: a clean still beside a MOV whose mebx track holds the location"
# Paired by their stem (the MOV has no content identifier).
convert -size 48x32 gradient:navy-orange -strip -quality 85 livephoto/IMG_0025.JPG
cp mebx-location.mov livephoto/IMG_0025.MOV
t_shows livephoto/IMG_0025.MOV '^\[Track2\] +GPSCoordinates +: 31\.2304 '
t_no_gps livephoto/IMG_0025.JPG

echo "== telemetry: a Motion Photo whose MP4 holds GoPro GPMF (tools/video.py, as gen/video.sh makes them)"
[ -f "$T_HERE/jpeg/clean.jpg" ] || t_fail "jpeg/clean.jpg is missing (run generate.sh)"
python3 "$T_HERE/tools/video.py" motionphoto motion-photo-gpmf.jpg "$T_HERE/jpeg/clean.jpg" gpmf-gps5.mp4
t_shows motion-photo-gpmf.jpg '^\[XMP-GCamera\] +MotionPhoto +: 1$'
tail -c "$(stat -c %s gpmf-gps5.mp4)" motion-photo-gpmf.jpg | cmp -s - gpmf-gps5.mp4 || t_fail "motion-photo-gpmf.jpg: the MP4 is not its last bytes"

echo "== telemetry/real: GoPro's samples, their GPMF track unchanged"
if [ -n "${GPMF_PARSER:-}" ]; then
  for pair in "karma.mp4:gopro-karma.mp4:3" "max-heromode.mp4:gopro-max.mp4:2"; do
    IFS=: read -r src dst secs <<<"$pair"
    stream="$(ffprobe -v error -select_streams d -show_entries stream=index,codec_tag_string -of csv=p=0 "$GPMF_PARSER/samples/$src" | awk -F, '$2=="gpmd"{print $1}')"
    ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc=size=64x48:duration=$secs:rate=5" -i "$GPMF_PARSER/samples/$src" \
      -map 0:v -map "1:$stream" -c:v mpeg4 -q:v 31 -c:d copy -t "$secs" -map_metadata -1 -fflags +bitexact -flags:v +bitexact "real/$dst"
  done
fi
[ -f real/gopro-karma.mp4 ] && [ -f real/gopro-max.mp4 ] || t_fail "real/gopro-*.mp4 missing: set GPMF_PARSER to a gopro/gpmf-parser checkout"
t_shows real/gopro-karma.mp4 '^\[Track2\] +MetaFormat +: gpmd$'
t_shows real/gopro-karma.mp4 '^\[Track2\] +GPSLatitude +: 33\.125'
t_shows real/gopro-max.mp4 '^\[Track2\] +GPSLatitude +: 33\.126'

echo "== expected/telemetry: exiftool -ee3 of each"
# Text, not JSON: JSON keeps one value per tag and document, and a GPMF sample holds many.
for f in *.mp4 *.mov *.jpg real/*.mp4 livephoto/*; do
  exiftool -n -G3:1 -a -u -ee3 -s --System:all --ExifToolVersion "$f" > "$T_EXPECTED/$f.exiftool-ee3.txt"
done
