#!/usr/bin/env bash
# Fixtures/gen/carriers.sh — the carriers of issue 17: WebP (EXIF and XMP GPS, an animation,
# EXIF Orientation 6 with rotated pixels), GIF (XMP GPS, a comment with coordinates, an
# animation), C2PA manifest stores (a GPS assertion in JPEG APP11 split over segments, PNG caBX
# and a WebP C2PA chunk; an ingredient thumbnail showing the uncropped original), image-generator
# metadata (A1111 and ComfyUI PNG text, an A1111 prompt in EXIF UserComment) and MakerNote
# privacy fields (Canon owner and serial, Apple media group UUID). Rebuilds Fixtures/carriers/.
#
# Independent tools only, never photoaudit: ImageMagick, cwebp/webpmux/gif2webp (Debian webp),
# gifsicle, exiftool, python3 stdlib (tools/carriers.py builds JUMBF, CBOR, PNG chunks and
# MakerNotes by hand; tools/jpegseg.py, tools/descriptor.py). Called by generate.sh; runs on its
# own too:  Fixtures/gen/carriers.sh
set -euo pipefail
export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

CA_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CA_TOOLS="$CA_HERE/tools"
CA_WORK="$(mktemp -d)"
CA_OUT="$CA_HERE/carriers"
for tool in convert compare identify exiftool cwebp webpmux gif2webp gifsicle python3; do
  command -v "$tool" >/dev/null || { echo "carriers.sh: $tool not found (apt-get install imagemagick libimage-exiftool-perl webp gifsicle python3)" >&2; exit 1; }
done
ca_fail() { rm -rf "$CA_WORK"; echo "carriers.sh: CHECK FAILED: $*" >&2; exit 1; }
ca_et() { exiftool -q -q -overwrite_original "$@"; }
ca_py() { python3 "$CA_TOOLS/carriers.py" "$@"; }
# ca_shows FILE PATTERN: exiftool -a -G1 -s -n shows a line matching PATTERN.
ca_shows() { exiftool -a -G1 -s -n "$1" > "$CA_WORK/et.txt" 2>&1; grep -q -- "$2" "$CA_WORK/et.txt" || ca_fail "$1: exiftool does not show '$2'"; }
# ca_rmse A B: ImageMagick's normalised RMSE of A against B (resized to A's size).
ca_rmse() { convert "$2" -resize "$(identify -format '%wx%h' "$1[0]")!" "$CA_WORK/ref.png"; { compare -metric RMSE "$1[0]" "$CA_WORK/ref.png" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p'; }
ca_same() { local r; r="$(ca_rmse "$1" "$2")"; awk -v r="$r" 'BEGIN{exit !(r < 0.08)}' || ca_fail "$1 does not show $2 (rmse $r)"; }
ca_differs() { local r; r="$(ca_rmse "$1" "$2")"; awk -v r="$r" 'BEGIN{exit !(r > 0.12)}' || ca_fail "$1 looks like $2 (rmse $r)"; }
CA_GPS=(-GPS:GPSLatitude=31.230416 -GPS:GPSLatitudeRef=N -GPS:GPSLongitude=121.473701 -GPS:GPSLongitudeRef=E
        -GPS:GPSAltitude=12.5 -GPS:GPSAltitudeRef=0)
CA_XMP_GPS=(-XMP-exif:GPSLatitude=31.230416 -XMP-exif:GPSLongitude=121.473701 -XMP-exif:GPSAltitude=12.5)
UPRIGHT="$CA_HERE/reference/upright.png"
LANDSCAPE="$CA_HERE/reference/landscape.png"

rm -rf "$CA_OUT"
mkdir -p "$CA_OUT"
cd "$CA_OUT"
convert "$UPRIGHT" -resize 96x64 -strip "$CA_WORK/small.png"

# --- WebP -----------------------------------------------------------------------------------
cwebp -quiet -q 80 "$CA_WORK/small.png" -o "$CA_WORK/small.webp"
cp "$CA_WORK/small.webp" webp-exif-gps.webp
ca_et "${CA_GPS[@]}" webp-exif-gps.webp
ca_shows webp-exif-gps.webp "GPSLatitude *: 31.2304"
cp "$CA_WORK/small.webp" webp-xmp-gps.webp
ca_et "${CA_XMP_GPS[@]}" webp-xmp-gps.webp
ca_shows webp-xmp-gps.webp "XMP-exif.*GPSLatitude *: 31.2304"
[ -z "$(exiftool -q -q -EXIF:all webp-xmp-gps.webp)" ] || ca_fail "webp-xmp-gps.webp has EXIF"
# Stored as T_6⁻¹(upright) = -rotate 270, displayed upright by EXIF Orientation 6.
convert "$CA_WORK/small.png" -rotate 270 "$CA_WORK/stored6.png"
cwebp -quiet -q 90 "$CA_WORK/stored6.png" -o webp-orient-6.webp
ca_et -IFD0:Orientation=6 -n webp-orient-6.webp
ca_shows webp-orient-6.webp "Orientation *: 6"
convert webp-orient-6.webp -rotate 90 "$CA_WORK/shown6.png"
ca_same "$CA_WORK/shown6.png" "$UPRIGHT"
ca_differs webp-orient-6.webp "$UPRIGHT"
# An output that dropped the tag without rotating: the stored pixels, no EXIF.
convert webp-orient-6.webp -strip -quality 90 webp-dropped-6.jpg
ca_same webp-dropped-6.jpg "$CA_WORK/stored6.png"
python3 "$CA_TOOLS/descriptor.py" webp-dropped-6.json --file webp-dropped-6.jpg --original carriers/webp-orient-6.webp \
  --width 64 --height 96 --format jpeg
# An animation: three 96x64 frames (upright first), EXIF GPS.
convert "$CA_WORK/small.png" \( "$CA_WORK/small.png" -flop \) \( "$CA_WORK/small.png" -flip \) -set delay 20 -loop 0 "$CA_WORK/anim.gif"
gif2webp -quiet -lossy -q 70 "$CA_WORK/anim.gif" -o webp-animated.webp
ca_et "${CA_GPS[@]}" webp-animated.webp
[ "$(webpmux -info webp-animated.webp | sed -n 's/^Number of frames: //p')" = 3 ] || ca_fail "webp-animated.webp does not have 3 frames"
ca_shows webp-animated.webp "GPSLatitude *: 31.2304"

# --- GIF ------------------------------------------------------------------------------------
convert "$CA_WORK/small.png" "$CA_WORK/small.gif"
cp "$CA_WORK/small.gif" gif-xmp-gps.gif
ca_et "${CA_XMP_GPS[@]}" gif-xmp-gps.gif
ca_shows gif-xmp-gps.gif "XMP-exif.*GPSLatitude *: 31.2304"
gifsicle --comment "taken at 31.230416, 121.473701 by the fixtures" "$CA_WORK/small.gif" > gif-comment-gps.gif
ca_shows gif-comment-gps.gif "Comment *: taken at 31.230416"
[ -z "$(exiftool -q -q -n -GPS:all -XMP:all gif-comment-gps.gif)" ] || ca_fail "gif-comment-gps.gif has GPS tags"
gifsicle --loopcount=forever --delay 20 "$CA_WORK/anim.gif" > gif-animated.gif
ca_shows gif-animated.gif "FrameCount *: 3"

# --- C2PA -----------------------------------------------------------------------------------
convert "$CA_WORK/small.png" -quality 85 "$CA_WORK/small.jpg"
ca_py c2pa-gps "$CA_WORK/gps.jumbf"
# Four APP11 segments of at most 300 bytes of box each: the box must be joined to be read.
ca_py jpeg-app11 "$CA_WORK/small.jpg" "$CA_WORK/gps.jumbf" c2pa-gps.jpg 300
[ "$(python3 "$CA_TOOLS/jpegseg.py" list c2pa-gps.jpg | grep -c FFEB)" -ge 3 ] || ca_fail "c2pa-gps.jpg: the box is not split over APP11 segments"
ca_shows c2pa-gps.jpg "\[JSON\] *EXIFGPSLatitude *: 31,13.82496N"
ca_py png-cabx "$CA_WORK/small.png" "$CA_WORK/gps.jumbf" c2pa-gps.png
ca_shows c2pa-gps.png "\[JSON\] *EXIFGPSLatitude *: 31,13.82496N"
ca_py webp-c2pa "$CA_WORK/small.webp" "$CA_WORK/gps.jumbf" c2pa-gps.webp
webpmux -info c2pa-gps.webp > /dev/null || ca_fail "c2pa-gps.webp is not a valid WebP for webpmux"
# The output is a square crop of the original; the manifest's ingredient thumbnail is the
# whole original: it shows what the crop removed.
convert "$LANDSCAPE" -resize 96x64 -strip -quality 85 c2pa-original.jpg
convert "$LANDSCAPE" -crop 128x128+32+0 +repage -resize 64x64 -strip -quality 85 "$CA_WORK/crop.jpg"
convert "$LANDSCAPE" -resize 48x32 -strip -quality 80 "$CA_WORK/thumb.jpg"
ca_py c2pa-ingredient "$CA_WORK/ingredient.jumbf" "$CA_WORK/thumb.jpg"
ca_py jpeg-app11 "$CA_WORK/crop.jpg" "$CA_WORK/ingredient.jumbf" c2pa-ingredient.jpg 60000
ca_shows c2pa-ingredient.jpg "JUMDLabel *: c2pa.thumbnail.ingredient.jpeg"
ca_differs c2pa-ingredient.jpg c2pa-original.jpg
python3 "$CA_TOOLS/descriptor.py" c2pa-ingredient.json --file c2pa-ingredient.jpg --original carriers/c2pa-original.jpg \
  --width 64 --height 64 --format jpeg --crop 16,0,64,64

# --- image-generator metadata -----------------------------------------------------------------
printf 'photo of a duck on a lake\nNegative prompt: monochrome\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 512x512, Model: fixture' > "$CA_WORK/a1111.txt"
ca_py png-text "$CA_WORK/small.png" gen-a1111.png parameters "$CA_WORK/a1111.txt"
ca_shows gen-a1111.png "Parameters *: photo of a duck"
cat > "$CA_WORK/comfy-prompt.json" <<'JSON'
{"3": {"inputs": {"seed": 42, "steps": 20, "cfg": 7, "sampler_name": "euler", "model": ["4", 0], "positive": ["6", 0]}, "class_type": "KSampler"}, "4": {"inputs": {"ckpt_name": "fixture.safetensors"}, "class_type": "CheckpointLoaderSimple"}, "6": {"inputs": {"text": "a lighthouse at dawn, oil painting", "clip": ["4", 1]}, "class_type": "CLIPTextEncode"}}
JSON
cat > "$CA_WORK/comfy-workflow.json" <<'JSON'
{"last_node_id": 6, "last_link_id": 2, "nodes": [{"id": 6, "type": "CLIPTextEncode", "widgets_values": ["a lighthouse at dawn, oil painting"]}], "links": [[1, 4, 1, 6, 0, "CLIP"]], "version": 0.4}
JSON
ca_py png-text "$CA_WORK/small.png" gen-comfyui.png prompt "$CA_WORK/comfy-prompt.json" workflow "$CA_WORK/comfy-workflow.json"
ca_shows gen-comfyui.png "Prompt *: {"
ca_shows gen-comfyui.png "Workflow *: {"
cp "$CA_WORK/small.jpg" gen-usercomment.jpg
ca_et "-ExifIFD:UserComment<=$CA_WORK/a1111.txt" gen-usercomment.jpg
ca_shows gen-usercomment.jpg "UserComment *: photo of a duck"

# --- MakerNotes -----------------------------------------------------------------------------
for vendor in canon apple; do
  ca_py "exif-$vendor" "$CA_WORK/$vendor.tiff"
  { printf 'Exif\0\0'; cat "$CA_WORK/$vendor.tiff"; } > "$CA_WORK/$vendor.app1"
  python3 "$CA_TOOLS/jpegseg.py" insert "$CA_WORK/small.jpg" "makernote-$vendor.jpg" E1 "$CA_WORK/$vendor.app1"
done
ca_shows makernote-canon.jpg "\[Canon\] *OwnerName *: Jane Fixture"
ca_shows makernote-canon.jpg "\[Canon\] *SerialNumber *: 1234567890"
ca_shows makernote-apple.jpg "\[Apple\] *MediaGroupUUID *: E905E6C6-C747-4805-942F-9904A0281F02"

# --- sizes ----------------------------------------------------------------------------------
big="$(find . -type f -size +64k)"
[ -z "$big" ] || ca_fail "files over 64 KB: $big"
rm -rf "$CA_WORK"
echo "== carriers/: $(find . -type f | wc -l) files, $(du -sb . | cut -f1) bytes"
