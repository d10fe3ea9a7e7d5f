#!/usr/bin/env bash
# Fixtures/gen/video.sh — the video companions of issue 16: MOV and MP4 files with a location
# in each carrier (udta ©xyz, QuickTime keys in moov/meta and in moov/udta/meta, 3GPP loci),
# rotated and mirrored tracks, Motion Photos (JPEG with a Container:Directory or MicroVideo
# XMP and an MP4 after EOI; one that lies about its length; one whose video was removed; a
# HEIF with an 'mpvd' box) and Live Photo pairs (a clean still beside a MOV that leaks).
# Rebuilds Fixtures/video/ and Fixtures/expected/video/ only.
#
# Made with independent tools only — ffmpeg (mpeg4 video, bit-exact), exiftool, ImageMagick,
# python3 stdlib (tools/video.py, tools/descriptor.py) — never photoaudit. Called by
# generate.sh; runs on its own too:  Fixtures/gen/video.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

V_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
V_TOOLS="$V_HERE/tools"
V_WORK="$(mktemp -d)"
V_OUT="$V_HERE/video"
for tool in ffmpeg exiftool convert python3; do
  command -v "$tool" >/dev/null || { echo "video.sh: $tool not found (apt-get install ffmpeg libimage-exiftool-perl imagemagick python3)" >&2; exit 1; }
done
v_fail() { rm -rf "$V_WORK"; echo "video.sh: CHECK FAILED: $*" >&2; exit 1; }
v_et() { exiftool -q -q -overwrite_original "$@"; }
v_py() { python3 "$V_TOOLS/video.py" "$@"; }
# v_movie OUT [ffmpeg output options]: 0.2 s of a 64×48 test pattern, MPEG-4 part 2 at the
# lowest quality, bit-exact (no encoder string, no dates): a few KB.
v_movie() {
  local out="$1"; shift
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48:duration=0.2:rate=5 \
    -c:v mpeg4 -q:v 31 -fflags +bitexact -flags:v +bitexact "$@" "$out"
}
# v_shows FILE PATTERN: `exiftool -a -G1 -n -ee3` of FILE shows PATTERN (a regex).
v_shows() { exiftool -a -G1 -n -ee3 -s "$1" | grep -E -q -- "$2" || v_fail "$1: exiftool does not show /$2/"; }
v_no_gps() {
  if exiftool -a -ee3 -G1 -s -n '-*GPS*' '-*Location*' "$1" | grep -q .; then v_fail "$1: unexpected location"; fi
}
GPS_ISO="+31.2304+121.4737/"

rm -rf "$V_OUT" "$V_HERE/expected/video"
mkdir -p "$V_OUT/mov" "$V_OUT/motion" "$V_OUT/livephoto"
cd "$V_OUT"

echo "== video/mov: location in each carrier, rotations"
v_movie mov/xyz.mov -metadata location="$GPS_ISO"
v_shows mov/xyz.mov '^\[UserData\] +GPSCoordinates +: 31.2304 121.4737$'
v_movie mov/keys.mov -movflags use_metadata_tags -metadata com.apple.quicktime.location.ISO6709="+31.2304+121.4737+012.500/" \
  -metadata com.apple.quicktime.make=Apple -metadata "com.apple.quicktime.model=iPhone 15 Pro" \
  -metadata com.apple.quicktime.software=17.2.1 -metadata com.apple.quicktime.content.identifier=F1A2B3C4-0000-4000-8000-00000000CAFE
v_shows mov/keys.mov '^\[Keys\] +GPSCoordinates +: 31.2304 121.4737 12.5$'
v_shows mov/keys.mov '^\[Keys\] +ContentIdentifier +: F1A2B3C4-0000-4000-8000-00000000CAFE$'
v_movie mov/clean.mov
v_no_gps mov/clean.mov
cp mov/clean.mov mov/keys-moov-meta.mov
v_et "-Keys:GPSCoordinates=31.2304, 121.4737, 12.5" mov/keys-moov-meta.mov   # exiftool writes moov/meta keys
v_shows mov/keys-moov-meta.mov '^\[Keys\] +GPSCoordinates +: 31.2304 121.4737 12.5$'
v_movie mov/loci.mp4 -metadata location="$GPS_ISO"     # ffmpeg writes a 3GPP 'loci' box in MP4
v_shows mov/loci.mp4 '^\[UserData\] +LocationInformation +: .*Lat=31.23039 Lon=121.47369'
v_shows mov/loci.mp4 '^\[QuickTime\] +MajorBrand +: isom$'
v_movie mov/clean.mp4
v_no_gps mov/clean.mp4
for rot in 90 180 270; do
  cp mov/clean.mp4 "mov/rotate-$rot.mp4"
  v_et "-Rotation=$rot" "mov/rotate-$rot.mp4"
  v_shows "mov/rotate-$rot.mp4" "^\[Composite\] +Rotation +: $rot\$"
done
cp mov/clean.mov mov/mirror.mov   # transpose: rotation 90 with a mirror (ExifTool says only Rotation 90)
v_et '-Track1:MatrixStructure=0 1 0 1 0 0 0 0 1' mov/mirror.mov
v_shows mov/mirror.mov '^\[Track1\] +MatrixStructure +: 0 1 0 1 0 0 [0-9]+ 0 1$'

echo "== video/motion: Motion Photos"
still="$V_HERE/jpeg/clean.jpg"   # upright, JFIF only: no GPS in the still
v_movie "$V_WORK/motion.mp4"
v_et '-UserData:GPSCoordinates=31.2304, 121.4737' "$V_WORK/motion.mp4"   # Android-style ©xyz
v_shows "$V_WORK/motion.mp4" '^\[UserData\] +GPSCoordinates +: 31.2304 121.4737'
mp4size="$(stat -c %s "$V_WORK/motion.mp4")"
v_py motionphoto motion/motion-photo.jpg "$still" "$V_WORK/motion.mp4"
v_shows motion/motion-photo.jpg '^\[XMP-GCamera\] +MotionPhoto +: 1$'
v_shows motion/motion-photo.jpg "^\[XMP-Container\] +DirectoryItemLength +: $mp4size\$"
v_no_gps motion/motion-photo.jpg   # ExifTool 12.57 does not read the MP4 after EOI
tail -c "$mp4size" motion/motion-photo.jpg | cmp -s - "$V_WORK/motion.mp4" || v_fail "motion-photo.jpg: the MP4 is not its last bytes"
v_py motionphoto motion/motion-photo-lying.jpg "$still" "$V_WORK/motion.mp4" --length $((mp4size + 1000))
v_shows motion/motion-photo-lying.jpg "^\[XMP-Container\] +DirectoryItemLength +: $((mp4size + 1000))\$"
v_py motionphoto motion/motion-photo-padded.jpg "$still" "$V_WORK/motion.mp4" --padding 16
v_py motionphoto motion/video-removed.jpg "$still" "$V_WORK/motion.mp4" --no-video
v_py microvideo motion/micro-video.jpg "$still" "$V_WORK/motion.mp4"
v_shows motion/micro-video.jpg "^\[XMP-GCamera\] +MicroVideoOffset +: $mp4size\$"
v_py mpvd motion/motion-photo.heic "$V_HERE/heic/upright.heic" "$V_WORK/motion.mp4"
heif-info motion/motion-photo.heic > /dev/null || v_fail "motion-photo.heic: libheif does not read it"
python3 "$V_TOOLS/heifbox.py" dump motion/motion-photo.heic > "$V_WORK/dump.txt"
grep -q "mpvd" "$V_WORK/dump.txt" || v_fail "motion-photo.heic: no mpvd box"

echo "== video/livephoto: Live Photo pairs"
# IMG_0001: a clean still (stripped, no identifier) beside a MOV with GPS and a content identifier: paired by stem.
cp "$still" livephoto/IMG_0001.jpg
cp mov/keys.mov livephoto/IMG_0001.mov
python3 "$V_TOOLS/descriptor.py" livephoto/IMG_0001.json --file livephoto/IMG_0001.jpg --original jpeg/orient-1.jpg --format jpeg \
  --width 192 --height 128 --media-type live_photo
# still-7.jpg + clip-7.mov: different stems, the same content identifier (Apple MakerNote 0x0011 / keys).
v_py apple-still livephoto/still-7.jpg "$still" 7D0C0FFE-1111-4222-8333-444455556666
v_shows livephoto/still-7.jpg '^\[Apple\] +MediaGroupUUID +: 7D0C0FFE-1111-4222-8333-444455556666$'
v_no_gps livephoto/still-7.jpg
v_movie livephoto/clip-7.mov -movflags use_metadata_tags -metadata com.apple.quicktime.location.ISO6709="+31.2304+121.4737/" \
  -metadata com.apple.quicktime.content.identifier=7D0C0FFE-1111-4222-8333-444455556666
# IMG_0002: the same stem, two different identifiers: two captures, not a pair.
v_py apple-still livephoto/IMG_0002.jpg "$still" 00000000-AAAA-4BBB-8CCC-000000000002
v_movie livephoto/IMG_0002.mov -movflags use_metadata_tags -metadata com.apple.quicktime.content.identifier=FFFFFFFF-AAAA-4BBB-8CCC-000000000002

echo "== video: sizes and expected/ (exiftool -j -n -G1 -a -u -ee3)"
big="$(find "$V_OUT" -type f -size +64k)"
[ -z "$big" ] || v_fail "files over 64 KB: $big"
cd "$V_HERE"
find video -type f ! -name '*.json' | sort | while read -r f; do
  mkdir -p "expected/$(dirname "$f")"
  { exiftool -j -n -G1 -a -u -ee3 -- "$f" || true; } | python3 "$V_TOOLS/exiftool_json.py" > "expected/$f.exiftool.json"
done
rm -rf "$V_WORK"
echo "== video: $(find video -type f | wc -l) files"
