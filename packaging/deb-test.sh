#!/usr/bin/env bash
# Installs a photoaudit .deb and runs it: `photoaudit --version`, then the demo (make demo-run)
# with the installed binary, whose reports must equal the committed reports/ byte for byte (the
# package holds the same binary the demo's reports come from).
# With DEB_TEST_BARE=1 it also installs the package into a bare Debian 12 (debootstrap
# --variant=minbase bookworm, ~1 min, cached in .build/debroot) with apt-get, which proves the
# package's Depends bring everything it needs, and runs --version and an audit there.
#
# usage: packaging/deb-test.sh PACKAGE.deb        (as root or with sudo)
set -euo pipefail
cd "$(dirname "$0")/.."
deb="$(realpath "$1")"
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive

echo "== apt-get install $deb"
$sudo apt-get install -y -qq --reinstall "$deb" >/dev/null
installed="$(command -v photoaudit)"
[ "$installed" = /usr/bin/photoaudit ] || { echo "deb-test: photoaudit is $installed, not /usr/bin/photoaudit" >&2; exit 1; }
/usr/bin/photoaudit --version
man -w photoaudit >/dev/null || { echo "deb-test: the man page is not installed" >&2; exit 1; }

echo "== the demo with /usr/bin/photoaudit"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
make --no-print-directory demo-run BIN=/usr/bin/photoaudit REPORTS="$reports/r"
for f in report.json report.md junit.xml report.html; do
  # report.html shows the command line, whose --report-dir differs.
  sed "s|--report-dir $reports/r |--report-dir reports |" "$reports/r/$f" | cmp - "reports/$f" \
    || { echo "deb-test: $f from the installed binary differs from reports/$f" >&2; exit 1; }
done
echo "deb-test: the installed binary's reports equal reports/"

[ "${DEB_TEST_BARE:-0}" = 1 ] || exit 0
echo "== a bare Debian 12 (debootstrap --variant=minbase bookworm)"
command -v debootstrap >/dev/null || $sudo apt-get install -y -qq debootstrap >/dev/null
root=.build/debroot
if [ ! -x "$root/usr/bin/apt-get" ]; then
  rm -rf "$root"
  $sudo debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
fi
# A bare root that installed photoaudit before is reset: remove it and what it pulled in.
$sudo chroot "$root" sh -c 'dpkg -s photoaudit >/dev/null 2>&1 && apt-get purge -y -qq --autoremove photoaudit >/dev/null || true'
$sudo mkdir -p "$root/tmp/deb-test"
$sudo cp "$deb" "$root/tmp/deb-test/"
$sudo cp -r Fixtures/defects "$root/tmp/deb-test/defects"
# The Swift runtime reads a program's arguments from /proc/self/cmdline: a chroot needs /proc.
$sudo mount -t proc proc "$root/proc"
status=0
$sudo chroot "$root" sh -ec '
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends /tmp/deb-test/'"$(basename "$deb")"' >/dev/null
  photoaudit --version
  cd /tmp/deb-test
  set +e
  photoaudit audit defects --quiet -j 2 --format json --output report.json
  rc=$?
  set -e
  echo "audit exit status $rc in the bare Debian 12 (1 = the planted findings)"
  [ "$rc" = 1 ]
  grep -q "\"PA001\"" report.json' || status=$?
$sudo umount "$root/proc"
[ "$status" = 0 ] || { echo "deb-test: the package does not run on a bare Debian 12" >&2; exit 1; }
echo "deb-test: installed and ran on a bare Debian 12"
