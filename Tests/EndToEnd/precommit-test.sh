#!/usr/bin/env bash
# make gates-test: the pre-commit hooks of .pre-commit-hooks.yaml, end to end with
# `pre-commit try-repo` on a scratch git repository (SPEC "Where gates live", issue 27).
#
#   a. a JPEG with GPS, staged: the `photoaudit` hook fails and names the file (redacted: the
#      coordinates are not printed), and a real `git commit` through an installed hook is refused;
#   b. `photoaudit-strip` fixes it: exit 1 and the file changed; staged again, a second run
#      passes and leaves the bytes alone, and the `photoaudit` hook then passes;
#   c. a clean image passes both hooks untouched (bytes identical);
#   d. the file filters: a batch of every format strip rewrites (upper-case extensions included)
#      goes to photoaudit in one call per hook (require_serial), and an SVG, a BMP, a text file
#      and a symbolic link are passed to neither; an XMP sidecar with GPS is checked (and fails)
#      but not passed to strip.
#
# The hooks tested are the working tree's: .pre-commit-hooks.yaml and hooks/ are copied into a
# scratch hook repository and committed there (try-repo reads a repository at a commit, and
# takes uncommitted changes only of files git already tracks). A `photoaudit` wrapper first on
# PATH logs each call's arguments and runs PHOTOAUDIT, so what the hooks pass is checked.
#
# Environment: PHOTOAUDIT (the binary under test), PRE_COMMIT (default pre-commit: Debian's
# package, 3.0.4 on bookworm; pip's 4.x works the same).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PHOTOAUDIT=$(cd "$(dirname "${PHOTOAUDIT:?set PHOTOAUDIT to the photoaudit binary}")" && pwd)/$(basename "$PHOTOAUDIT")
PRE_COMMIT=${PRE_COMMIT:-pre-commit}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/photoaudit-precommit-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
fail() { echo "precommit-test: FAIL: $*" >&2; exit 1; }
ok() { echo "  ok  $*"; }

# A scratch world: pre-commit's cache, git's identity, no user or system git configuration.
export PRE_COMMIT_HOME="$WORK/cache" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid
mkdir "$WORK/bin"
cat > "$WORK/bin/photoaudit" <<EOF
#!/bin/sh
{ printf 'call'; for a in "\$@"; do printf ' %s' "\$a"; done; printf '\n'; } >> "$WORK/calls.log"
exec "$PHOTOAUDIT" "\$@"
EOF
chmod +x "$WORK/bin/photoaudit"
export PATH="$WORK/bin:$PATH"
[ "$(command -v photoaudit)" = "$WORK/bin/photoaudit" ] || fail "the photoaudit wrapper is not first on PATH"
echo "precommit-test: $($PRE_COMMIT --version), $(photoaudit --version | head -n 1) ($PHOTOAUDIT)"

# The hook repository: the working tree's hook files, committed.
hooks="$WORK/hook-repo"
mkdir "$hooks"
cp "$ROOT/.pre-commit-hooks.yaml" "$hooks/"
cp -R "$ROOT/hooks" "$hooks/hooks"
git -C "$hooks" init -q
git -C "$hooks" add -A
git -C "$hooks" commit -q -m hooks

# The project the hooks guard.
project="$WORK/project"
mkdir "$project"
cd "$project"
git init -q
echo "# project" > README.md
git add README.md
git commit -q -m initial

# try HOOK: pre-commit try-repo on the staged files; sets status, out (its output) and calls
# (the photoaudit calls it made, one a line).
try() {
  : > "$WORK/calls.log"
  status=0
  out=$("$PRE_COMMIT" try-repo "$hooks" "$1" --verbose 2>&1) || status=$?
  calls=$(cat "$WORK/calls.log")
}
calls_count() { if [ -z "$calls" ]; then echo 0; else printf '%s\n' "$calls" | wc -l; fi; }

# The revealed coordinates of the GPS fixture: what a redacted report must not print.
leak_fixture="$ROOT/Fixtures/strip/jpeg-all.jpg"
latitude=$("$PHOTOAUDIT" verify --no-pixels --reveal --quiet --fail-on none --format json "$leak_fixture" \
  | python3 -c 'import json, re, sys
report = json.load(sys.stdin)
for finding in report["files"][0]["findings"]:
    m = re.search(r"latitude (-?[0-9]+\.[0-9]+)", finding.get("evidence", ""))
    if finding["id"] == "PA001" and m:
        print(m.group(1)); break')
[ -n "$latitude" ] || fail "could not read the fixture's latitude with --reveal"

echo "a. a JPEG with GPS is refused"
mkdir photos
cp "$leak_fixture" photos/leak.jpg
git add photos/leak.jpg
try photoaudit
[ "$status" -eq 1 ] || fail "photoaudit hook on a GPS JPEG: exit $status, not 1: $out"
grep -q "FAIL photos/leak.jpg" <<< "$out" || fail "the hook's output does not name photos/leak.jpg: $out"
grep -q "PA001 error   gps-present" <<< "$out" || fail "no PA001 in the hook's output: $out"
grep -q "‹redacted #" <<< "$out" || fail "the hook's output is not redacted: $out"
! grep -qF "$latitude" <<< "$out" || fail "the hook's output prints the latitude"
[ "$(calls_count)" -eq 1 ] && grep -q "^call verify --no-pixels --quiet --policy .*pre-commit-policy.json photos/leak.jpg$" <<< "$calls" \
  || fail "the hook did not run one verify of photos/leak.jpg: $calls"
ok "photoaudit: exit 1, 'FAIL photos/leak.jpg' with PA001, redacted"
# The same through a hook installed in the repository: the commit is refused.
rev=$(git -C "$hooks" rev-parse HEAD)
printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: photoaudit\n' "$hooks" "$rev" > "$WORK/pre-commit-config.yaml"
"$PRE_COMMIT" install -c "$WORK/pre-commit-config.yaml" > /dev/null
status=0; out=$(git commit -m "add a photo" 2>&1) || status=$?
[ "$status" -ne 0 ] || fail "git commit of a GPS JPEG succeeded: $out"
[ "$(git rev-list --count HEAD)" -eq 1 ] || fail "a commit was made"
grep -q "FAIL photos/leak.jpg" <<< "$out" || fail "the refused commit does not name photos/leak.jpg: $out"
"$PRE_COMMIT" uninstall > /dev/null
ok "git commit with the hook installed: refused, naming photos/leak.jpg"

echo "b. photoaudit-strip fixes it"
try photoaudit-strip
[ "$status" -eq 1 ] || fail "photoaudit-strip on a GPS JPEG: exit $status, not 1: $out"
! cmp -s "$leak_fixture" photos/leak.jpg || fail "photoaudit-strip exited 1 but did not change photos/leak.jpg"
grep -q "cleaned    photos/leak.jpg" <<< "$out" || fail "the strip hook's output does not name photos/leak.jpg: $out"
! grep -qF "$latitude" <<< "$out" || fail "the strip hook's output prints the latitude"
ok "photoaudit-strip: exit 1, photos/leak.jpg rewritten"
git add photos/leak.jpg
cp photos/leak.jpg "$WORK/stripped.jpg"
try photoaudit-strip
[ "$status" -eq 0 ] || fail "a second photoaudit-strip: exit $status, not 0: $out"
cmp -s "$WORK/stripped.jpg" photos/leak.jpg || fail "a second photoaudit-strip changed the file"
ok "photoaudit-strip again: exit 0, bytes unchanged"
try photoaudit
[ "$status" -eq 0 ] || fail "photoaudit after strip: exit $status, not 0: $out"
grep -q "PA003 info" <<< "$out" || fail "the kept orientation is not reported at info: $out"
ok "photoaudit after strip: exit 0 (the kept EXIF Orientation 6 is PA003 at info)"
git commit -q -m "a stripped photo"

echo "c. a clean image passes untouched"
cp "$ROOT/Fixtures/jpeg/clean.jpg" photos/clean.jpg
git add photos/clean.jpg
for hook in photoaudit photoaudit-strip; do
  try "$hook"
  [ "$status" -eq 0 ] || fail "$hook on a clean JPEG: exit $status, not 0: $out"
  [ "$(calls_count)" -eq 1 ] && grep -q " photos/clean.jpg$" <<< "$calls" || fail "$hook did not check photos/clean.jpg: $calls"
  cmp -s "$ROOT/Fixtures/jpeg/clean.jpg" photos/clean.jpg || fail "$hook changed a clean JPEG"
  ok "$hook: exit 0, photos/clean.jpg checked and byte for byte the same"
done
git commit -q -m "a clean photo"

echo "d. what the hooks are given"
mkdir batch
n=0
for f in "$ROOT"/Fixtures/strip/*; do
  ext=${f##*.}
  # Each format twice, once with its extension in upper case (IMG_0001.HEIC).
  cp "$f" "batch/$(basename "$f")"
  cp "$f" "batch/upper-$(basename "${f%.*}").$(tr '[:lower:]' '[:upper:]' <<< "$ext")"
  n=$((n + 2))
done
cp "$ROOT/Fixtures/sidecars/pairs/IMG_1009.xmp" batch/alone.xmp
echo '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' > batch/logo.svg
printf 'BM' > batch/icon.bmp
echo "notes" > batch/notes.txt
ln -s ../photos/clean.jpg batch/link.jpg
git add batch
try photoaudit-strip
[ "$status" -eq 1 ] || fail "photoaudit-strip on the batch: exit $status, not 1: $out"
[ "$(calls_count)" -eq 1 ] || fail "photoaudit-strip ran $(calls_count) times, not once for the batch: $calls"
for name in alone.xmp logo.svg icon.bmp notes.txt link.jpg; do
  ! grep -q "batch/$name" <<< "$calls" || fail "photoaudit-strip was given batch/$name: $calls"
done
given=$(tr ' ' '\n' <<< "$calls" | grep -c '^batch/')
[ "$given" -eq "$n" ] || fail "photoaudit-strip was given $given files of the batch, not $n: $calls"
ok "photoaudit-strip: one call with the $n images (upper-case extensions too), no SVG, BMP, text, sidecar or link"
git add batch
try photoaudit
[ "$status" -eq 1 ] || fail "photoaudit on the batch with a GPS sidecar: exit $status, not 1: $out"
[ "$(calls_count)" -eq 1 ] || fail "photoaudit ran $(calls_count) times, not once for the batch: $calls"
grep -q "FAIL batch/alone.xmp" <<< "$out" || fail "the GPS sidecar batch/alone.xmp was not reported: $out"
for name in logo.svg icon.bmp notes.txt link.jpg; do
  ! grep -q "batch/$name" <<< "$calls" || fail "photoaudit was given batch/$name: $calls"
done
failing=$(grep -c '^FAIL ' <<< "$out" || true)
[ "$failing" -eq 1 ] || fail "photoaudit failed $failing files, not only the sidecar (the stripped batch must pass): $out"
ok "photoaudit: one call with the $n stripped images and the sidecar; only the sidecar fails"
echo "precommit-test: passed"
