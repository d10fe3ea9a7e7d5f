#!/usr/bin/env bash
# make gates-test: the GitHub Action's steps run here as a runner runs them — each step's `run`
# and `env` taken from action.yml, its `${{ inputs.* }}` filled from the test's inputs and the
# inputs' defaults, run with `bash --noprofile --norc -eo pipefail` — with GitHub's variables set
# by hand, on a scratch repository with a base and a pull request head commit (SPEC "Where gates
# live", issue 27 item 4):
#
#   - a pull request with changed-files-only: only the images it adds or changes under `path`
#     are audited (not an older leak, not one outside `path`, not a deleted file); exit 1 and
#     exit-code=1 for its GPS HEIC; the SARIF validates against the OASIS schema and names that
#     file; the annotations name it; the job summary is appended after what an earlier step
#     wrote; nothing prints the coordinates (redaction on);
#   - the same on a push: all of `path` is audited;
#   - fail-on none: exit 0, the SARIF still holds the findings;
#   - a pull request that changes no image: exit 0 and a valid SARIF without results;
#   - a path without images (no changed-files-only): exit 2, the gate does not pass on nothing;
#   - args with --reveal, or an option the action sets: refused, exit 2, exit-code=2;
#   - the install step uses the photoaudit on PATH, and refuses a .deb that is not there;
#   - the action's outputs are the ones the audit step writes.
#
# Environment: PHOTOAUDIT (the binary under test; put first on PATH as `photoaudit`), PYTHON
# (a python3 with jsonschema and yaml: Debian's python3-jsonschema, python3-yaml).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PHOTOAUDIT=$(cd "$(dirname "${PHOTOAUDIT:?set PHOTOAUDIT to the photoaudit binary}")" && pwd)/$(basename "$PHOTOAUDIT")
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/photoaudit-action-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
fail() { echo "action-test: FAIL: $*" >&2; exit 1; }
ok() { echo "  ok  $*"; }

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid
mkdir "$WORK/bin"
ln -s "$PHOTOAUDIT" "$WORK/bin/photoaudit"
export PATH="$WORK/bin:$PATH"
unset GITHUB_EVENT_NAME GITHUB_EVENT_PATH GITHUB_BASE_REF GITHUB_OUTPUT GITHUB_STEP_SUMMARY GITHUB_PATH INPUT_PATH INPUT_CHANGED_FILES_ONLY INPUT_FAIL_ON INPUT_SARIF_FILE INPUT_ARGS INPUT_EXTENSIONS INPUT_DEB PHOTOAUDIT
echo "action-test: $(photoaudit --version | head -n 1) ($(readlink "$WORK/bin/photoaudit"))"

# validate FILE: SARIF 2.1.0 against docs/schema/sarif-schema-2.1.0.json.
validate() {
  "$PYTHON" - "$ROOT/docs/schema/sarif-schema-2.1.0.json" "$1" <<'PY' || fail "$1 does not validate against the SARIF 2.1.0 schema"
import json, sys, jsonschema
schema, document = (json.load(open(p)) for p in sys.argv[1:3])
cls = jsonschema.validators.validator_for(schema)
errors = [f"{list(e.path)}: {e.message}" for e in cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(document)]
if errors:
    print("\n".join(errors[:10]), file=sys.stderr)
    sys.exit(1)
PY
}
# results FILE: the SARIF's results as "URI RULE" lines, sorted and unique.
results() {
  "$PYTHON" -c 'import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
print("\n".join(sorted({r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] + " " + r["ruleId"] for r in run["results"]})))' "$1"
}

# The repository: a base commit, and a pull request's head on top of it.
repo="$WORK/repo"
mkdir -p "$repo/photos" "$repo/other" "$repo/docs"
cd "$repo"
git init -q
cp "$ROOT/Fixtures/strip/jpeg-all.jpg" photos/old-leak.jpg     # a leak already on the base branch
cp "$ROOT/Fixtures/jpeg/clean.jpg" photos/clean.jpg
cp "$ROOT/Fixtures/jpeg/clean.jpg" photos/gone.jpg              # deleted by the pull request
echo "# project" > README.md
echo "notes" > docs/notes.txt
git add -A
git commit -q -m base
base=$(git rev-parse HEAD)
cp "$ROOT/Fixtures/strip/heic-all.heic" photos/new-leak.heic    # the pull request's leak
cp "$ROOT/Fixtures/png/clean.png" photos/new-clean.png
cp "$ROOT/Fixtures/strip/png-all.png" other/outside.png         # a leak outside `path`
git rm -q photos/gone.jpg
echo "more" >> README.md
git add -A
git commit -q -m "pull request"
head=$(git rev-parse HEAD)
echo "more notes" >> docs/notes.txt
git commit -q -am "a pull request without images"
docs_only=$(git rev-parse HEAD)
git checkout -q "$head"
event() { printf '{"pull_request": {"base": {"sha": "%s"}, "head": {"sha": "%s"}}}\n' "$1" "$2" > "$WORK/event.json"; }

latitude=$(photoaudit verify --no-pixels --reveal --quiet --fail-on none --format json "$ROOT/Fixtures/strip/heic-all.heic" \
  | "$PYTHON" -c 'import json, re, sys
for f in json.load(sys.stdin)["files"][0]["findings"]:
    m = re.search(r"latitude (-?[0-9]+\.[0-9]+)", f.get("evidence", ""))
    if f["id"] == "PA001" and m:
        print(m.group(1)); break')
[ -n "$latitude" ] || fail "could not read the fixture's latitude with --reveal"

# step ID [NAME=VALUE...]: runs action.yml's step ID in the current folder as a runner would:
# NAME in lower case is an input (`with:`), else an environment variable; sets status, out
# (stdout) and err (stderr).
step() {
  local id=$1; shift
  local inputs=() vars=() arg
  for arg in "$@"; do
    if [[ ${arg%%=*} =~ [A-Z] ]]; then vars+=("$arg"); else inputs+=("$arg"); fi
  done
  local parts=()
  mapfile -d '' parts < <("$PYTHON" - "$ROOT/action.yml" "$id" "${inputs[@]}" <<'PY'
import re, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
step = next(s for s in action["runs"]["steps"] if s.get("id") == sys.argv[2])
given = dict(a.split("=", 1) for a in sys.argv[3:])
unknown = set(given) - set(action["inputs"])
if unknown:
    sys.exit(f"action.yml has no input {sorted(unknown)}")
inputs = {k: given.get(k, str(v.get("default", ""))) for k, v in action["inputs"].items()}
def fill(value):
    return re.sub(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}", lambda m: inputs[m.group(1)], str(value))
for key, value in step.get("env", {}).items():
    sys.stdout.write(f"{key}={fill(value)}\0")
assert step.get("shell") == "bash" and "${{" not in step["run"], "a step's script must take inputs from env"
sys.stdout.write(step["run"] + "\0")
PY
  )
  [ "${#parts[@]}" -gt 0 ] || fail "action.yml: no step $id"
  local run=${parts[-1]}
  unset 'parts[-1]'
  status=0
  env "${parts[@]}" "${vars[@]}" GITHUB_ACTION_PATH="$ROOT" RUNNER_TEMP="$WORK" \
    bash --noprofile --norc -eo pipefail -c "$run" > "$WORK/stdout.txt" 2> "$WORK/stderr.txt" || status=$?
  out=$(cat "$WORK/stdout.txt"); err=$(cat "$WORK/stderr.txt")
}
# action NAME=VALUE...: the audit step with a fresh summary (holding an earlier step's line),
# output file and SARIF path.
action() {
  rm -f "$WORK/out.txt" photoaudit.sarif
  echo "earlier step" > "$WORK/summary.md"
  step audit GITHUB_OUTPUT="$WORK/out.txt" GITHUB_STEP_SUMMARY="$WORK/summary.md" "$@"
}
outputs_are() {
  local want; want=$(printf 'sarif-file=%s\nexit-code=%s' "$1" "$2")
  [ "$(cat "$WORK/out.txt")" = "$want" ] || fail "GITHUB_OUTPUT is '$(cat "$WORK/out.txt")', not '$want'"
}
no_leak() {
  ! grep -qF "$latitude" "$WORK/stdout.txt" "$WORK/stderr.txt" "$WORK/summary.md" ${1:+"$1"} || fail "the latitude is printed (redaction off?)"
}

echo "pull request, changed-files-only, path photos"
event "$base" "$head"
action GITHUB_EVENT_NAME=pull_request GITHUB_EVENT_PATH="$WORK/event.json" path=photos changed-files-only=true
[ "$status" -eq 1 ] || fail "exit $status, not 1: $err"
outputs_are photoaudit.sarif 1
validate photoaudit.sarif
[ "$(results photoaudit.sarif | cut -d' ' -f1 | sort -u)" = "photos/new-leak.heic" ] \
  || fail "the SARIF's results are not only photos/new-leak.heic's: $(results photoaudit.sarif)"
grep -qx "photos/new-leak.heic PA001" <<< "$(results photoaudit.sarif)" || fail "no PA001 for photos/new-leak.heic in the SARIF"
grep -q "^::error file=photos/new-leak.heic,title=PA001 gps-present::" <<< "$out" || fail "no PA001 annotation for photos/new-leak.heic: $out"
! grep -q "old-leak\|outside\|gone" <<< "$out" || fail "a file the pull request did not add or change was audited: $out"
[ "$(head -n 1 "$WORK/summary.md")" = "earlier step" ] || fail "the job summary lost what an earlier step wrote"
grep -q "^2 files, 0 pairs: " "$WORK/summary.md" || fail "the summary does not count the 2 changed images: $(cat "$WORK/summary.md")"
grep -q "| photos/new-leak.heic | PA001 gps-present" "$WORK/summary.md" || fail "the summary does not list photos/new-leak.heic"
no_leak photoaudit.sarif
ok "exit 1; SARIF valid with photos/new-leak.heic only; annotations; summary appended (2 files); redacted"

echo "push, changed-files-only: all of path"
action GITHUB_EVENT_NAME=push path=photos changed-files-only=true
[ "$status" -eq 1 ] || fail "exit $status, not 1: $err"
outputs_are photoaudit.sarif 1
validate photoaudit.sarif
[ "$(results photoaudit.sarif | cut -d' ' -f1 | sort -u | tr '\n' ' ')" = "photos/new-leak.heic photos/old-leak.jpg " ] \
  || fail "a push did not audit all of photos: $(results photoaudit.sarif)"
grep -q "^4 files, 0 pairs: " "$WORK/summary.md" || fail "the summary does not count photos' 4 images: $(cat "$WORK/summary.md")"
ok "exit 1; old-leak.jpg and new-leak.heic in the SARIF; 4 files"

echo "fail-on none"
action GITHUB_EVENT_NAME=pull_request GITHUB_EVENT_PATH="$WORK/event.json" path=photos changed-files-only=true fail-on=none sarif-file=reports/scan.sarif
[ "$status" -eq 0 ] || fail "exit $status, not 0: $err"
outputs_are reports/scan.sarif 0
validate reports/scan.sarif
grep -qx "photos/new-leak.heic PA001" <<< "$(results reports/scan.sarif)" || fail "fail-on none lost the findings"
rm -r reports
ok "exit 0; reports/scan.sarif written with the findings"

echo "a pull request that changes no image"
event "$head" "$docs_only"
git checkout -q "$docs_only"
action GITHUB_EVENT_NAME=pull_request GITHUB_EVENT_PATH="$WORK/event.json" changed-files-only=true
[ "$status" -eq 0 ] || fail "exit $status, not 0: $err"
outputs_are photoaudit.sarif 0
validate photoaudit.sarif
[ -z "$(results photoaudit.sarif)" ] || fail "results for a pull request without images: $(results photoaudit.sarif)"
git checkout -q "$head"
ok "exit 0; a valid SARIF without results"

echo "a path without images"
action GITHUB_EVENT_NAME=push path=docs
[ "$status" -eq 2 ] || fail "exit $status, not 2: $err"
outputs_are photoaudit.sarif 2
[ ! -e photoaudit.sarif ] || fail "a SARIF was written for no input"
ok "exit 2 (no image found), exit-code=2"

echo "options the action refuses"
for args in "--reveal" "--no-pixels --format json" "-o x.json"; do
  action GITHUB_EVENT_NAME=push path=photos args="$args"
  [ "$status" -eq 2 ] || fail "args '$args': exit $status, not 2"
  outputs_are photoaudit.sarif 2
  [ ! -e photoaudit.sarif ] || fail "args '$args': a SARIF was written"
done
action GITHUB_EVENT_NAME=push path=photos fail-on=sometimes
[ "$status" -eq 2 ] || fail "fail-on sometimes: exit $status, not 2"
action GITHUB_EVENT_NAME=push path=photos args="--no-pixels --exclude old-*"
[ "$status" -eq 1 ] && [ "$(results photoaudit.sarif | cut -d' ' -f1 | sort -u)" = "photos/new-leak.heic" ] \
  || fail "args '--no-pixels --exclude old-*' did not reach the audit: exit $status, $(results photoaudit.sarif)"
ok "--reveal, --format, -o and a bad fail-on refused (exit 2); other args reach the audit"

echo "the install step"
step install GITHUB_PATH="$WORK/path.txt"
[ "$status" -eq 0 ] && grep -q "using $WORK/bin/photoaudit" <<< "$err" && [ ! -e "$WORK/path.txt" ] \
  || fail "the install step did not use the photoaudit on PATH: exit $status, $err"
step install deb=missing.deb
[ "$status" -eq 1 ] && grep -q "deb: no file missing.deb" <<< "$err" || fail "the install step with a missing .deb: exit $status, $err"
ok "the photoaudit on PATH used as it is; a missing .deb refused"

echo "the action's outputs"
"$PYTHON" - "$ROOT/action.yml" <<'PY' || fail "action.yml's outputs are not the audit step's sarif-file and exit-code"
import sys, yaml
outputs = yaml.safe_load(open(sys.argv[1]))["outputs"]
assert {k: v["value"] for k, v in outputs.items()} == {
    "sarif-file": "${{ steps.audit.outputs.sarif-file }}",
    "exit-code": "${{ steps.audit.outputs.exit-code }}"}, outputs
PY
ok "sarif-file and exit-code, the names action/run.sh writes to GITHUB_OUTPUT"
echo "action-test: passed"
