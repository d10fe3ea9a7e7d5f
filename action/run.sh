#!/usr/bin/env bash
# The audit step of the GitHub Action (action.yml): one scan, three outputs.
#
#   1. `photoaudit audit` of INPUT_PATH — or, on a pull request with INPUT_CHANGED_FILES_ONLY=true,
#      of the files the pull request adds or changes there (`git diff --name-only --diff-filter=d
#      BASE...HEAD`) — with --format jsonl into a temporary stream, --fail-on none;
#   2. `photoaudit merge` of the stream into SARIF (INPUT_SARIF_FILE) for code scanning;
#   3. `photoaudit merge` of the stream with --format github and --fail-on INPUT_FAIL_ON: the
#      annotations, the job summary appended to $GITHUB_STEP_SUMMARY, and the exit status that
#      is the gate (0 pass, 1 findings at or above INPUT_FAIL_ON, 2 usage or no image, 3/4 read
#      or write errors; docs/ci.md "Exit codes").
# Reports are redacted: --reveal (and options that would replace the ones above) are refused.
# Outputs (to $GITHUB_OUTPUT when set): sarif-file, exit-code.
#
# Environment: INPUT_PATH (default .), INPUT_CHANGED_FILES_ONLY (true/false), INPUT_FAIL_ON
# (error|warning|info|none), INPUT_SARIF_FILE (default photoaudit.sarif), INPUT_EXTENSIONS
# (--ext of the audit: the files photoaudit reads), INPUT_ARGS (more audit options, split on
# white space), PHOTOAUDIT (default: photoaudit on PATH); GitHub's GITHUB_EVENT_NAME,
# GITHUB_EVENT_PATH, GITHUB_BASE_REF, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP.
# Runs in the checkout (GitHub's working directory): report paths are relative to it.
set -uo pipefail
PHOTOAUDIT=${PHOTOAUDIT:-photoaudit}
path=${INPUT_PATH:-.}
changed_only=${INPUT_CHANGED_FILES_ONLY:-false}
fail_on=${INPUT_FAIL_ON:-error}
sarif=${INPUT_SARIF_FILE:-photoaudit.sarif}
extensions=${INPUT_EXTENSIONS:-jpg,jpeg,jpe,jfif,png,apng,webp,gif,jxl,heic,heif,hif,avif,tif,tiff,btf,dng,cr2,nef,nrw,arw,pef,rw2,orf,srw,mov,mp4,m4v,qt,3gp,3g2,xmp}
read -r -a extra <<< "${INPUT_ARGS:-}"

say() { echo "photoaudit action: $*" >&2; }
# finish STATUS: the outputs, then exit with STATUS.
finish() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    { echo "sarif-file=$sarif"; echo "exit-code=$1"; } >> "$GITHUB_OUTPUT"
  fi
  exit "$1"
}

case $fail_on in error|warning|info|none) ;; *) say "fail-on must be error, warning, info or none, not '$fail_on'"; finish 2 ;; esac
case $changed_only in true|false) ;; *) say "changed-files-only must be true or false, not '$changed_only'"; finish 2 ;; esac
for arg in "${extra[@]}"; do
  case $arg in
    --reveal) say "args: --reveal is refused: the action's reports stay redacted (they are uploaded and shown on pull requests)"; finish 2 ;;
    --format|--format=*|-o|--output|--output=*|--fail-on|--fail-on=*|--files-from|--files-from=*|--shard|--shard=*)
      say "args: $arg is set by the action (use its inputs: fail-on, sarif-file, path, changed-files-only)"; finish 2 ;;
  esac
done

work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/photoaudit-action.XXXXXX") || finish 4
trap 'rm -rf "$work"' EXIT
stream="$work/photoaudit.jsonl"

# What to audit.
event=${GITHUB_EVENT_NAME:-}
selection=("$path")
if [ "$changed_only" = true ]; then
  if [ "$event" = pull_request ] || [ "$event" = pull_request_target ]; then
    base=""; head=""
    if [ -n "${GITHUB_EVENT_PATH:-}" ] && [ -f "$GITHUB_EVENT_PATH" ]; then
      read -r base head < <(python3 -c 'import json, sys
pr = json.load(open(sys.argv[1])).get("pull_request") or {}
print((pr.get("base") or {}).get("sha", ""), (pr.get("head") or {}).get("sha", ""))' "$GITHUB_EVENT_PATH") || true
    fi
    if [ -z "$base" ]; then
      [ -n "${GITHUB_BASE_REF:-}" ] || { say "changed-files-only: no pull request base (GITHUB_EVENT_PATH, GITHUB_BASE_REF)"; finish 2; }
      base="origin/$GITHUB_BASE_REF"
    fi
    [ -n "$head" ] || head=HEAD
    for rev in "$base" "$head"; do
      if ! git cat-file -e "$rev^{commit}" 2>/dev/null; then
        # A shallow checkout: fetch what the diff needs (actions/checkout with fetch-depth: 0 avoids it).
        git fetch --quiet --no-tags origin "${rev#origin/}" 2>/dev/null || true
        git cat-file -e "$rev^{commit}" 2>/dev/null \
          || { say "changed-files-only: commit $rev is not in the checkout (use actions/checkout with fetch-depth: 0)"; finish 2; }
      fi
    done
    if ! git diff --name-only -z --diff-filter=d --relative "$base...$head" -- "$path" > "$work/changed" 2> "$work/git.err"; then
      say "changed-files-only: git diff $base...$head failed: $(cat "$work/git.err")"; finish 2
    fi
    say "auditing the files the pull request adds or changes in $path ($base...$head)"
    # A pull request that changes no image passes; the SARIF is written all the same (no results).
    selection=(--files-from "$work/changed" -0 --allow-empty)
  else
    say "changed-files-only applies to pull requests; this is a '${event:-local}' run: auditing all of $path"
  fi
fi

status=0
"$PHOTOAUDIT" audit "${selection[@]}" --ext "$extensions" "${extra[@]}" --format jsonl --fail-on none --quiet -o "$stream" || status=$?
if [ "$status" -ne 0 ]; then
  say "audit exited $status; no report"
  finish "$status"
fi
mkdir -p "$(dirname "$sarif")" || finish 4
status=0
"$PHOTOAUDIT" merge "$stream" --format sarif --fail-on none -o "$sarif" || status=$?
[ "$status" -eq 0 ] || { say "the SARIF file $sarif was not written (merge exited $status)"; finish "$status"; }
# The gate: annotations on stdout, the summary appended to $GITHUB_STEP_SUMMARY, the exit status.
status=0
"$PHOTOAUDIT" merge "$stream" --format github --fail-on "$fail_on" || status=$?
finish "$status"
