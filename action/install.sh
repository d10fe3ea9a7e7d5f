#!/usr/bin/env bash
# The install step of the GitHub Action (action.yml): makes `photoaudit` runnable by the audit
# step, in this order:
#   1. INPUT_DEB set: that Debian package (a path in the checkout, or an https URL), installed
#      with apt-get, which brings its runtime libraries (`make deb` builds it; Debian 12 and
#      Ubuntu 24.04 have the libraries it depends on);
#   2. a photoaudit already on PATH (an earlier step, a self-hosted runner, a container image):
#      used as it is;
#   3. else built from source, the action's own checkout, with the runner's Swift toolchain:
#      `make build` (installs the C libraries' -dev packages with apt-get, then a release build,
#      several minutes on a 2-core runner), and its .build/release added to $GITHUB_PATH.
# Environment: INPUT_DEB, GITHUB_ACTION_PATH (the action's checkout), GITHUB_PATH, RUNNER_TEMP.
set -euo pipefail
say() { echo "photoaudit action: $*" >&2; }
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo

if [ -n "${INPUT_DEB:-}" ]; then
  deb=$INPUT_DEB
  case $deb in
    https://*)
      local_deb="${RUNNER_TEMP:-/tmp}/$(basename "$deb")"
      curl -fsSL -o "$local_deb" "$deb" || { say "could not download $deb"; exit 1; }
      deb=$local_deb ;;
    *) [ -f "$deb" ] || { say "deb: no file $deb"; exit 1; } ;;
  esac
  say "installing $deb"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$(realpath "$deb")" > /dev/null
elif command -v photoaudit > /dev/null; then
  say "using $(command -v photoaudit)"
else
  root=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}
  say "no photoaudit on PATH: building it from $root with $(swift --version 2>&1 | head -n 1)"
  make -C "$root" build
  echo "$root/.build/release" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
  export PATH="$root/.build/release:$PATH"
fi
photoaudit --version | head -n 1
