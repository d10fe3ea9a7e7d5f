# The photoaudit container image that docs/scale-out.md deploys: Debian 12 slim, the Debian
# package `make deb` builds (its Depends bring the runtime libraries), a non-root user.
# Build it with `make image` (podman or buildah), which puts the .deb in the build context:
#   podman build -f Dockerfile -t photoaudit:0.2.0 .build/image
FROM docker.io/library/debian:12-slim
COPY photoaudit.deb /tmp/photoaudit.deb
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/photoaudit.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/photoaudit.deb \
 && useradd --system --uid 10001 --home-dir /work --create-home photoaudit \
 && photoaudit --version
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["/usr/bin/photoaudit"]
CMD ["--help"]
