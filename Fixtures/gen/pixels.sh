#!/usr/bin/env bash
# Fixtures/gen/pixels.sh — the pixels/ fixtures (issues 18 and 12): damaged outputs, a grid over
# libheif's limits, HEIF grids, PNG variants for the row decoder, and pairs large enough that
# the pixel checks really decode them reduced. Sourced by generate.sh after everything else
# (it uses its helpers and reference/, jpeg/, defects/); run alone it sets up what it needs:
#   Fixtures/gen/pixels.sh
# Independent tools only: ImageMagick, exiftool, djpeg, heif-convert/heif-info, tools/heicenc.c,
# python3 (stdlib: tools/heifgrid.py and inline byte surgery). Every file is checked to show
# what Fixtures/README.md ("pixels/") says.

if [ -z "${HEICENC:-}" ]; then   # run alone: the parts of generate.sh this script uses
  set -euo pipefail
  export LC_ALL=C TZ=UTC MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1
  cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  TOOLS="$PWD/tools"
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  fail() { echo "pixels.sh: CHECK FAILED: $*" >&2; exit 1; }
  note() { echo "== $*"; }
  et() { exiftool -q -q -overwrite_original "$@"; }
  descriptor() { python3 "$TOOLS/descriptor.py" "$@"; }
  rmse() { { compare -metric RMSE "$1" "$2" null: 2>&1 || true; } | sed -n 's/.*(\(.*\)).*/\1/p'; }
  gcc -O2 -Wall -Werror -o "$WORK/heicenc" "$TOOLS/heicenc.c" $(pkg-config --cflags --libs libheif)
  HEICENC="$WORK/heicenc"
fi
heifgrid() { python3 "$TOOLS/heifgrid.py" "$@"; }
# same_pixels A B [LIMIT]: ImageMagick's normalised RMSE of A against B is below LIMIT (0.03).
same_pixels() { awk -v r="$(rmse "$1" "$2")" -v l="${3:-0.03}" 'BEGIN{exit !(r != "" && r < l)}' || fail "$1 differs from $2 (rmse $(rmse "$1" "$2"))"; }
# pixel_descriptor OUT.json FILE ORIGINAL [descriptor.py options]: the honest descriptor of FILE.
pixel_descriptor() {
  local out="$1" file="$2" original="$3"; shift 3
  local fmt dim
  case "$file" in *.png) fmt=png ;; *.heic) fmt=heic ;; *) fmt=jpeg ;; esac
  dim="$(identify -format '%wx%h' "$file[0]" 2>/dev/null || echo 96x64)"
  descriptor "$out" --file "$file" --original "$original" --format "$fmt" --width "${dim%x*}" --height "${dim#*x}" "$@"
}

rm -rf pixels
mkdir -p pixels/damaged pixels/limits pixels/grid pixels/png pixels/pairs

# ---------------------------------------------------------------------------------------
note "pixels/damaged/ (outputs of jpeg/orient-6.jpg whose pixels do not decode cleanly)"
python3 - defects/correct-6.jpg pixels/damaged <<'EOF'
import sys
src, out = sys.argv[1], sys.argv[2]
d = open(src, "rb").read()
sos = d.rfind(b"\xff\xda")
scan = sos + 2 + int.from_bytes(d[sos + 2:sos + 4], "big")
mid = scan + (len(d) - 2 - scan) // 2
open(out + "/truncated-scan.jpg", "wb").write(d[:mid])                 # cut in the middle of the scan
c = bytearray(d)
c[mid:mid + 32] = b"\xff\x00" * 16                                # all-ones codes: no Huffman code
open(out + "/corrupt-data.jpg", "wb").write(bytes(c))
EOF
{ djpeg -outfile /dev/null pixels/damaged/truncated-scan.jpg 2>&1 || true; } | grep -q "Premature end of JPEG file" || fail "truncated-scan.jpg: no premature end"
{ djpeg -outfile /dev/null pixels/damaged/corrupt-data.jpg 2>&1 || true; } | grep -q "Corrupt JPEG data: bad Huffman code" || fail "corrupt-data.jpg"
convert jpeg/orient-6.jpg -auto-orient -resize 96x96 -strip -define png:exclude-chunks=date,time "$WORK/out6.png"
python3 - "$WORK/out6.png" pixels/damaged <<'EOF'
import struct, sys, zlib
src, out = sys.argv[1], sys.argv[2]
d = open(src, "rb").read()
chunks, pos = [], 8
while pos < len(d):
    n = struct.unpack(">I", d[pos:pos + 4])[0]
    chunks.append((d[pos + 4:pos + 8], d[pos + 8:pos + 8 + n]))
    pos += 12 + n
def chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data))
idat = b"".join(data for t, data in chunks if t == b"IDAT")
head = d[:8] + b"".join(chunk(t, data) for t, data in chunks if t not in (b"IDAT", b"IEND"))
# truncated-idat.png: the file ends in the middle of the image data
whole = head + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
open(out + "/truncated-idat.png", "wb").write(whole[:len(head) + 8 + len(idat) // 2])
# corrupt-idat.png: a well-formed chunk (its CRC fixed) holding a broken deflate stream
bad = bytearray(idat)
bad[len(bad) // 2:len(bad) // 2 + 16] = b"\xff" * 16
open(out + "/corrupt-idat.png", "wb").write(head + chunk(b"IDAT", bytes(bad)) + chunk(b"IEND", b""))
try:
    zlib.decompress(bytes(bad)); raise SystemExit("corrupt-idat.png still inflates")
except zlib.error:
    pass
EOF
convert pixels/damaged/truncated-idat.png null: 2>/dev/null && fail "truncated-idat.png decodes"
convert pixels/damaged/corrupt-idat.png null: 2>/dev/null && fail "corrupt-idat.png decodes"
convert jpeg/orient-6.jpg -auto-orient -resize 96x96 -depth 8 "$WORK/out6.ppm"
"$HEICENC" "$WORK/out6.ppm" "$WORK/out6.heic"
python3 - "$WORK/out6.heic" pixels/damaged/truncated-mdat.heic <<'EOF'
import sys
d = open(sys.argv[1], "rb").read()
mdat = d.rfind(b"mdat") - 4
open(sys.argv[2], "wb").write(d[:mdat + 8 + (len(d) - mdat - 8) // 2])   # half of the coded image
EOF
heif-convert pixels/damaged/truncated-mdat.heic "$WORK/t.png" >/dev/null 2>&1 && fail "truncated-mdat.heic decodes"
for f in truncated-scan.jpg corrupt-data.jpg truncated-idat.png corrupt-idat.png truncated-mdat.heic; do
  case "$f" in
    *.png) fmt=png ;; *.heic) fmt=heic ;; *) fmt=jpeg ;;
  esac
  descriptor "pixels/damaged/${f%.*}.json" --file "pixels/damaged/$f" --original jpeg/orient-6.jpg --format "$fmt" \
    --width 96 --height 64
done

# ---------------------------------------------------------------------------------------
note "pixels/limits/ (a picture libheif refuses: a grid wider than 32768 pixels)"
# 131 tiles of 256x64 in one row (ImageGrid has 8-bit row and column counts): 33536x64, 2.1 MP.
convert reference/upright.png -resize 256x64! -depth 8 "$WORK/t256.ppm"
"$HEICENC" -q 30 "$WORK/t256.ppm" "$WORK/t256.heic"
heifgrid pixels/limits/grid-33536-wide.heic 33536 64 131 --repeat 131 "$WORK/t256.heic"
{ heif-info pixels/limits/grid-33536-wide.heic 2>&1 || true; } | grep -q "Security limit exceeded" || fail "grid-33536-wide.heic: libheif reads it"
descriptor pixels/limits/grid-33536-wide.json --file pixels/limits/grid-33536-wide.heic --original jpeg/orient-1.jpg \
  --format heic --width 33536 --height 64

# ---------------------------------------------------------------------------------------
note "pixels/grid/ (HEIF grids of 512x512 tiles, as iPhones write them)"
convert reference/upright.png -filter triangle -resize 1536x1024! -depth 8 "$WORK/big.ppm"
convert "$WORK/big.ppm" -crop 512x512 +repage -depth 8 "$WORK/tile-%d.ppm"
for i in 0 1 2 3 4 5; do "$HEICENC" -q 40 "$WORK/tile-$i.ppm" "$WORK/tile-$i.heic"; done
TILES=("$WORK"/tile-{0..5}.heic)
# grid.heic: 3x2 tiles, canvas 1500x1000 (the tiles overhang: libheif clips them)
heifgrid pixels/grid/grid.heic 1500 1000 3 "${TILES[@]}"
convert "$WORK/big.ppm" -crop 1500x1000+0+0 +repage "$WORK/grid-ref.png"
heif-convert pixels/grid/grid.heic "$WORK/grid.png" >/dev/null
same_pixels "$WORK/grid.png" "$WORK/grid-ref.png"
# grid-clap-irot-imir.heic: the same tiles, then clap 1400x900 (centred), irot 1 (90 CCW), imir 1
heifgrid pixels/grid/grid-clap-irot-imir.heic 1500 1000 3 --clap 1400 1 900 1 0 1 0 1 --irot 1 --imir 1 "${TILES[@]}"
convert "$WORK/grid-ref.png" -gravity center -crop 1400x900+0+0 +repage -rotate 270 -flop "$WORK/grid-t-ref.png"
heif-convert pixels/grid/grid-clap-irot-imir.heic "$WORK/grid-t.png" >/dev/null
same_pixels "$WORK/grid-t.png" "$WORK/grid-t-ref.png"

# ---------------------------------------------------------------------------------------
note "pixels/png/ (PNG variants for the row decoder: interlaced, 16-bit, palette + tRNS, gray + alpha)"
P=(-define png:exclude-chunks=date,time -strip)
convert reference/upright.png -resize 300x200! "${P[@]}" -interlace PNG PNG24:pixels/png/interlaced.png
convert reference/upright.png -resize 120x80! "${P[@]}" -depth 16 PNG48:pixels/png/rgb16.png
convert reference/upright.png -resize 300x200! "${P[@]}" -transparent '#fdd835' +dither -colors 40 PNG8:pixels/png/palette-trns.png
convert reference/upright.png -resize 300x200! "${P[@]}" -colorspace Gray -alpha set -channel A -evaluate set 60% +channel \
  -interlace PNG PNG32:"$WORK/ga.png"
convert "$WORK/ga.png" "${P[@]}" -define png:color-type=4 -interlace PNG pixels/png/gray-alpha-interlaced.png
convert reference/upright.png -resize 301x199! "${P[@]}" -colorspace Gray -depth 2 PNG:pixels/png/gray-2bit-odd.png
python3 - pixels/png <<'EOF'
import struct, sys
want = {"interlaced.png": (2, 8, 1), "rgb16.png": (2, 16, 0), "palette-trns.png": (3, 8, 0),
        "gray-alpha-interlaced.png": (4, 8, 1), "gray-2bit-odd.png": (0, 2, 0)}
for name, (ctype, depth, interlace) in want.items():
    d = open(sys.argv[1] + "/" + name, "rb").read()
    w, h, bd, ct, _, _, il = struct.unpack(">IIBBBBB", d[16:29])
    if (ct, bd, il) != (ctype, depth, interlace):
        raise SystemExit("%s: color type %d, depth %d, interlace %d" % (name, ct, bd, il))
    if name == "palette-trns.png" and b"tRNS" not in d:
        raise SystemExit("palette-trns.png has no tRNS")
EOF

# ---------------------------------------------------------------------------------------
note "pixels/pairs/ (originals of 1536x1024 and 768x512 displayed, outputs of 768 px: decoded reduced)"
convert reference/upright.png -filter triangle -resize 1536x1024! "$WORK/up.png"
JQ=(-quality 80 -sampling-factor 2x2,1x1,1x1)
# original-6.jpg: stored rotated (T_6^-1 = -rotate 270), Orientation 6, a 160 px thumbnail of the stored pixels
convert "$WORK/up.png" -rotate 270 "${JQ[@]}" pixels/pairs/original-6.jpg
convert pixels/pairs/original-6.jpg -resize 160x160 -strip -quality 75 "$WORK/thumb6.jpg"
et -IFD0:Orientation#=6 "-ThumbnailImage<=$WORK/thumb6.jpg" pixels/pairs/original-6.jpg
convert pixels/pairs/original-6.jpg -auto-orient "$WORK/o6-shown.png"
same_pixels "$WORK/o6-shown.png" "$WORK/up.png"
out() { local src="$1" dst="$2"; shift 2; convert "$src" "$@" -strip "${JQ[@]}" "$dst"; }
out pixels/pairs/original-6.jpg pixels/pairs/out-correct.jpg -auto-orient -resize 768x768
out pixels/pairs/original-6.jpg pixels/pairs/out-dropped.jpg -resize 768x768
out pixels/pairs/original-6.jpg pixels/pairs/out-double.jpg -auto-orient -resize 768x768
et -IFD0:Orientation#=6 pixels/pairs/out-double.jpg
# crops of the displayed picture: the claimed region (384,256 768x512), and another region under the same claim
out pixels/pairs/original-6.jpg pixels/pairs/out-crop.jpg -auto-orient -crop 768x512+384+256 +repage
out pixels/pairs/original-6.jpg pixels/pairs/out-crop-wrong.jpg -auto-orient -crop 768x512+768+512 +repage
# the crop, with the original's uncropped thumbnail put back
out pixels/pairs/original-6.jpg pixels/pairs/out-thumb-uncropped.jpg -auto-orient -crop 768x512+384+256 +repage
convert "$WORK/o6-shown.png" -resize 160x160 -quality 75 "$WORK/thumb-shown.jpg"
et "-ThumbnailImage<=$WORK/thumb-shown.jpg" pixels/pairs/out-thumb-uncropped.jpg
# original-8.png: palette PNG stored rotated (T_8^-1 = -rotate 90), EXIF Orientation 8 in eXIf
convert reference/upright.png -filter triangle -resize 768x512! +dither -colors 64 -rotate 90 "${P[@]}" pixels/pairs/original-8.png
et -Orientation#=8 pixels/pairs/original-8.png
[ "$(exiftool -n -s3 -Orientation pixels/pairs/original-8.png)" = 8 ] || fail "original-8.png has no Orientation 8"
# (ImageMagick 6 does not read a PNG's eXIf Orientation: T_8 = -rotate 270 is applied by hand)
out pixels/pairs/original-8.png pixels/pairs/out-png-correct.jpg -rotate 270 -resize 768x768
out pixels/pairs/original-8.png pixels/pairs/out-png-dropped.jpg -resize 768x768
# original-grid.heic: 3x2 tiles of 512 holding the picture rotated 90 CW, irot 1 (90 CCW) to show it upright
convert "$WORK/up.png" -rotate 90 -depth 8 "$WORK/stored.ppm"
convert "$WORK/stored.ppm" -crop 512x512 +repage -depth 8 "$WORK/gtile-%d.ppm"
for i in 0 1 2 3 4 5; do "$HEICENC" -q 40 "$WORK/gtile-$i.ppm" "$WORK/gtile-$i.heic"; done
heifgrid pixels/pairs/original-grid.heic 1024 1536 2 --irot 1 "$WORK"/gtile-{0..5}.heic
heif-convert pixels/pairs/original-grid.heic "$WORK/grid-shown.png" >/dev/null
same_pixels "$WORK/grid-shown.png" "$WORK/up.png"
out "$WORK/grid-shown.png" pixels/pairs/out-heic-correct.jpg -resize 768x768
out "$WORK/stored.ppm" pixels/pairs/out-heic-dropped.jpg -resize 768x768
# Each output shows what its name says (ImageMagick RMSE against the upright picture, transformed).
check_out() { # check_out FILE IM-OPERATORS...: FILE's stored pixels are up.png transformed by the operators
  local file="$1"; shift
  convert "$WORK/up.png" "$@" -resize "$(identify -format '%wx%h' "$file")!" "$WORK/expect.png"
  same_pixels "$file" "$WORK/expect.png" 0.05
}
check_out pixels/pairs/out-correct.jpg
check_out pixels/pairs/out-dropped.jpg -rotate 270
check_out pixels/pairs/out-double.jpg
check_out pixels/pairs/out-crop.jpg -crop 768x512+384+256 +repage
check_out pixels/pairs/out-crop-wrong.jpg -crop 768x512+768+512 +repage
check_out pixels/pairs/out-png-correct.jpg
check_out pixels/pairs/out-png-dropped.jpg -rotate 90
check_out pixels/pairs/out-heic-correct.jpg
check_out pixels/pairs/out-heic-dropped.jpg -rotate 90
for f in out-correct out-dropped out-double out-crop out-crop-wrong out-thumb-uncropped; do
  case "$f" in out-crop*|out-thumb*) crop=(--crop 384,256,768,512) ;; *) crop=() ;; esac
  pixel_descriptor "pixels/pairs/$f.json" "pixels/pairs/$f.jpg" pixels/pairs/original-6.jpg "${crop[@]}"
done
for f in out-png-correct out-png-dropped; do pixel_descriptor "pixels/pairs/$f.json" "pixels/pairs/$f.jpg" pixels/pairs/original-8.png; done
for f in out-heic-correct out-heic-dropped; do pixel_descriptor "pixels/pairs/$f.json" "pixels/pairs/$f.jpg" pixels/pairs/original-grid.heic; done

big="$(find pixels -type f -size +64k)"
[ -z "$big" ] || fail "files over 64 KB: $big"
note "pixels/: $(find pixels -type f | wc -l) files, $(du -sb pixels | cut -f1) bytes"
