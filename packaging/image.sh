#!/usr/bin/env bash
# Builds the container image from the Dockerfile with the .deb in its build context
# (.build/image/photoaudit.deb), tagged NAME:VERSION and NAME:latest, with podman (or buildah),
# then checks it: its user is not root, and `photoaudit --version` runs in its file system as
# that user (through `podman image mount` + chroot, so the check also works where no container
# runtime can start, as in a CI sandbox without cgroup controllers).
#
# usage: packaging/image.sh PACKAGE.deb [NAME]      (NAME defaults to photoaudit; run as root)
set -euo pipefail
cd "$(dirname "$0")/.."
deb="$1"; name="${2:-photoaudit}"
version="$(dpkg-deb -f "$deb" Version)"
rm -rf .build/image && mkdir -p .build/image && cp "$deb" .build/image/photoaudit.deb
if command -v podman >/dev/null; then tool=podman; build=(podman build --isolation=chroot)
elif command -v buildah >/dev/null; then tool=buildah; build=(buildah bud --isolation=chroot)
else
  echo "image.sh: neither podman nor buildah is installed (apt-get install podman). The build" >&2
  echo "image.sh: context is ready for docker too: docker build -f Dockerfile -t $name:$version .build/image" >&2
  exit 1
fi
"${build[@]}" -f Dockerfile -t "$name:$version" -t "$name:latest" .build/image

user="$($tool inspect --format '{{.Config.User}}' "$name:$version")"
case "$user" in ""|0|0:*|root|root:*) echo "image.sh: the image runs as root ('$user')" >&2; exit 1 ;; esac
if [ "$tool" = podman ]; then
  root="$(podman image mount "$name:$version")"
  trap 'umount "$root/proc" 2>/dev/null; podman image unmount "$name:$version" >/dev/null' EXIT
  mount -t proc proc "$root/proc"     # the Swift runtime reads argv from /proc/self/cmdline
  chroot --userspec="$user" "$root" /usr/bin/photoaudit --version
fi
echo "image.sh: built $name:$version (user $user)"
