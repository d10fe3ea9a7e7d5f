#!/usr/bin/env bash
# Tests/EndToEnd/strip-sweep.sh [CORPUS] [PHOTOAUDIT] — `photoaudit strip` over a scratch copy of
# every file of the shared corpus (../shared/corpus is never written): how many files were
# cleaned, refused, unsupported or already clean; whether any cleaned file's pixels changed,
# decoded by independent decoders (ImageMagick for JPEG, PNG, WebP, GIF, HEIC and AVIF, every
# frame; djxl for JPEG XL; ffmpeg's framemd5 of every video frame for MOV/MP4); whether ExifTool
# still finds a location, serial or owner in a cleaned file; whether `verify --no-pixels` still
# finds a leak; and whether a second run changes any byte. Not a unit test: prints the numbers
# (docs/strip.md quotes them) and exits 1 when a pixel, a leak or a second run is wrong.
set -euo pipefail
export LC_ALL=C MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CORPUS="$(cd "${1:-$HERE/../shared/corpus}" && pwd)"
BIN="$(cd "$(dirname "${2:-$HERE/.build/debug/photoaudit}")" && pwd)/$(basename "${2:-photoaudit}")"
[ -x "$BIN" ] || { echo "strip-sweep: no photoaudit at $BIN (swift build)" >&2; exit 2; }
for tool in convert djxl ffmpeg exiftool python3; do
  command -v "$tool" >/dev/null || { echo "strip-sweep: $tool not found" >&2; exit 2; }
done
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/in" "$WORK/orig"
# Flattened names: the corpus's folders become prefixes.
(cd "$CORPUS" && find . -type f ! -name '*.json' ! -name '*.tsv' ! -name '*.md' ! -name '*.out' ! -name '*.parsed' | sort) |
  while read -r f; do
    n="$(printf '%s' "${f#./}" | tr '/' '_')"
    cp "$CORPUS/$f" "$WORK/in/$n"
    cp "$CORPUS/$f" "$WORK/orig/$n"
  done
cd "$WORK/in"
start=$(date +%s.%N)
status=0; "$BIN" strip --format json --quiet -j 2 -- * > "$WORK/first.json" 2>/dev/null || status=$?
end=$(date +%s.%N)
sha256sum -- * > "$WORK/after-first.sha"
again=0; "$BIN" strip --format json --quiet -j 2 -- * > "$WORK/second.json" 2>/dev/null || again=$?
sha256sum -- * > "$WORK/after-second.sha"
echo "first run: exit $status, $(python3 -c "print(round($end - $start, 1))") s; second run: exit $again"
WORK="$WORK" BIN="$BIN" python3 - <<'EOF'
import json, os, subprocess, hashlib, collections, sys
work = os.environ["WORK"]
first = json.load(open(f"{work}/first.json"))["files"]
second = {f["path"]: f for f in json.load(open(f"{work}/second.json"))["files"]}
counts = collections.Counter(f["status"] for f in first)
print("files:", len(first), dict(sorted(counts.items())))
problems = []

def run(args):
    r = subprocess.run(args, capture_output=True)
    return r.returncode, r.stdout

def pixels(path, fmt):
    """A digest of every decoded frame by an independent decoder, or None when it decodes none."""
    if fmt in ("mov", "mp4"):
        code, out = run(["ffmpeg", "-v", "error", "-i", path, "-map", "0:v?", "-f", "framemd5", "-"])
        lines = [l for l in out.decode(errors="replace").splitlines() if l and not l.startswith("#")]
        return hashlib.sha256("\n".join(lines).encode()).hexdigest() if code == 0 and lines else None
    if fmt == "jxl":
        png = path + ".sweep.png"
        code, _ = run(["djxl", path, png])
        if code != 0: return None
        code, out = run(["convert", png, "-depth", "8", "rgba:-"])
        os.remove(png)
        return hashlib.sha256(out).hexdigest() if code == 0 and out else None
    code, out = run(["convert", path, "-depth", "8", "rgba:-"])
    return hashlib.sha256(out).hexdigest() if code == 0 and out else None

cleaned = [f for f in first if f["status"] == "cleaned"]
compared = same = undecodable = 0
for f in cleaned:
    name, fmt = f["path"], f["format"]
    a, b = pixels(f"{work}/orig/{name}", fmt), pixels(f"{work}/in/{name}", fmt)
    if a is None and b is None:
        undecodable += 1
        continue
    compared += 1
    if a == b: same += 1
    else: problems.append(f"pixels changed: {name} ({fmt})")
print(f"cleaned: {len(cleaned)}; pixels compared {compared}, identical {same}; neither copy decodes with the reference decoders: {undecodable}")

# A second run changes nothing.
def shas(p): return dict(reversed(l.split("  ", 1)) for l in open(p).read().splitlines())
s1, s2 = shas(f"{work}/after-first.sha"), shas(f"{work}/after-second.sha")
changed = [n for n in s1 if s1[n] != s2.get(n)]
second_cleaned = [p for p, f in second.items() if f["status"] == "cleaned"]
print(f"second run: {len(changed)} files changed, {len(second_cleaned)} reported cleaned")
problems += [f"second run changed {n}" for n in changed + second_cleaned]

# Nothing left: ExifTool (an independent reader) and photoaudit verify --no-pixels.
names = [f["path"] for f in cleaned]
forbidden = ("GPS", "Location", "SerialNumber", "Artist", "City", "Country", "OwnerName", "Comment", "Prompt", "ContentIdentifier")
left = []
for i in range(0, len(names), 50):
    code, out = run(["exiftool", "-json", "-G", "-n", "-a", "-ee", "-q", "-q"] + [f"{work}/in/{n}" for n in names[i:i + 50]])
    for entry in json.loads(out or b"[]"):
        keys = [k for k in entry if any(w in k for w in forbidden) and not k.startswith("Composite:")]
        if keys: left.append((os.path.basename(entry["SourceFile"]), keys[:4]))
print(f"exiftool: {len(left)} cleaned files still show a location, serial, owner or comment tag")
for name, keys in left[:20]: print("   ", name, keys)
leakIDs = {"PA001", "PA006", "PA007", "PA013", "PA015", "PA017", "PA018"}
code, out = run([os.environ["BIN"], "verify", "--no-pixels", "--format", "json", "--fail-on", "none", "-j", "2", "--quiet"]
                + [f"{work}/in/{n}" for n in names])
report = json.loads(out)
leaks = [x for x in report["findings"] if x["id"] in leakIDs or (x["id"] in ("PA010", "PA014") and x["severity"] == "error")]
print(f"verify --no-pixels: {len(leaks)} leak findings in the cleaned files")
problems += [f"leak left: {os.path.basename(x['file'])} {x['id']} {x.get('carrier')}" for x in leaks]
refused = collections.Counter(f["reason"].split(":")[1].strip() if f["reason"] and ":" in f["reason"] else f["reason"]
                              for f in first if f["status"] in ("refused", "unsupported"))
print("refused and unsupported, by reason:")
for reason, n in refused.most_common(12): print(f"  {n:4}  {reason[:110]}")
for p in problems[:40]: print("PROBLEM", p)
sys.exit(1 if problems else 0)
EOF
