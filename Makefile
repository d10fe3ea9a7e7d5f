# photoaudit — build, test and demo on a machine that has only the Swift toolchain.
# `make demo`, `make build` and `make install` install the C libraries photoaudit is built on
# (`make deps`); `make test` also installs the test tools (`make test-deps`). Both idempotent.

SHELL        := /bin/bash
SWIFT        ?= swift
# What photoaudit is built with: the C libraries' development packages (their runtime libraries
# come with them) and pkg-config. Nothing else is needed to build, run the demo or install.
BUILD_PACKAGES := libexif-dev libheif-dev libturbojpeg0-dev libpng-dev zlib1g-dev pkg-config \
                  libwebp-dev libgif-dev libjxl-dev libbrotli-dev libtiff-dev
# What the tests use besides: independent tools for oracles and fixtures, shells for the
# completion tests, ffmpeg/webp/gifsicle for the video and animation fixtures.
TEST_PACKAGES  := libimage-exiftool-perl libheif-examples imagemagick libjpeg-turbo-progs \
                  python3 python3-jsonschema zsh fish jhead ffmpeg webp gifsicle \
                  libjxl-tools brotli libtiff-tools pre-commit
# Kept for Makefile.fuzz and older scripts: everything.
DEB_PACKAGES   := $(BUILD_PACKAGES) $(TEST_PACKAGES)
# CI adds chromium (EXTRA_PACKAGES=chromium) for the HTML report browser test.
EXTRA_PACKAGES ?=
BIN          := .build/release/photoaudit
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build test layers demo demo-run fixtures versions clean report-screenshot install uninstall scale-test gates-test deb deb-test image

all: build

# apt-install PACKAGES: installs what of PACKAGES is missing (one apt-get update, only then).
define apt-install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	else echo "$(2): all installed"; fi
endef

## deps: install the Debian packages photoaudit is built with (the C libraries and pkg-config)
deps:
	$(call apt-install,$(BUILD_PACKAGES) $(EXTRA_PACKAGES),deps)

## test-deps: deps, and the tools the tests use (exiftool, ImageMagick, ffmpeg, ...)
test-deps:
	$(call apt-install,$(BUILD_PACKAGES) $(TEST_PACKAGES) $(EXTRA_PACKAGES),test-deps)

## build: release build of the photoaudit executable. The Swift runtime and Foundation are linked
## in (--static-swift-stdlib): the binary runs where no Swift is installed, and starts and calls
## into the runtime faster (measured: a 1,200-file scan 80 → 72 ms best of 40). Whole
## cross-module optimisation, since the code is split into layer targets: without it the small
## readers of Bytes are called, not inlined, across the module boundary (callgrind, 1,200-file
## scan: one module 725.2 M instructions, split 737.0 M, split with it 721.2 M; bench/README.md).
build: deps
	$(SWIFT) build -c release --product photoaudit --static-swift-stdlib -Xswiftc -cross-module-optimization

## test: the layering (.ci/check-layers.sh: no layer imports or names one above it; the build
## refuses an import of a target not declared as a dependency), then every test (unit, oracle
## cross-checks against ../shared/corpus when present, CLI goldens)
test: test-deps layers
	$(SWIFT) test --explicit-target-dependency-import-check error

## layers: the targets' layering holds (Package.swift's layerOrder; docs/architecture.md)
layers:
	.ci/check-layers.sh

## demo: run photoaudit over the bundled Fixtures/ (an original, then the planted-defect outputs)
demo: build
	@$(MAKE) --no-print-directory demo-run

## demo-run: the demo with any binary (make demo-run BIN=/usr/bin/photoaudit REPORTS=/tmp/r), no build
REPORTS ?= reports
demo-run:
	$(BIN) inspect Fixtures/heic/apple-style.heic
	@echo
	@# The defects are planted, so audit exits 1 (findings); anything else is a failure. The
	@# report's date is fixed (SOURCE_DATE_EPOCH, 2025-01-01), so reports/ changes only with its content.
	SOURCE_DATE_EPOCH=1735689600 $(BIN) audit Fixtures/defects --report-dir $(REPORTS) --quiet -j 2 | head -n 16; status=$${PIPESTATUS[0]}; \
	  echo "audit exit status $$status (1 = findings at or above --fail-on error, as planted)"; \
	  echo "reports written to $(REPORTS)/ (report.json, report.md, junit.xml, report.html)"; \
	  test $$status -eq 1

## report-screenshot: PNGs of reports/report.html rendered by headless Chromium, at a desktop
## width (1280 px: reports/report.png) and a phone's (420 px: reports/report-420.png)
report-screenshot:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400 \
	  --screenshot=$(CURDIR)/reports/report.png file://$(CURDIR)/reports/report.html
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=420,2400 \
	  --screenshot=$(CURDIR)/reports/report-420.png file://$(CURDIR)/reports/report.html

## install: the release binary, its man page and bash/zsh/fish completions under PREFIX
## (default /usr/local; DESTDIR for packaging). The man page and completions are generated by
## the binary being installed, from the same option tables as its --help.
PREFIX  ?= /usr/local
BINDIR  := $(DESTDIR)$(PREFIX)/bin
MANDIR  := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR  := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
install: build
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BIN) $(BINDIR)/photoaudit
	$(BIN) --generate-man > $(MANDIR)/photoaudit.1
	$(BIN) --generate-completion bash > $(BASHDIR)/photoaudit
	$(BIN) --generate-completion zsh > $(ZSHDIR)/_photoaudit
	$(BIN) --generate-completion fish > $(FISHDIR)/photoaudit.fish
	chmod 644 $(MANDIR)/photoaudit.1 $(BASHDIR)/photoaudit $(ZSHDIR)/_photoaudit $(FISHDIR)/photoaudit.fish

uninstall:
	rm -f $(BINDIR)/photoaudit $(MANDIR)/photoaudit.1 $(BASHDIR)/photoaudit $(ZSHDIR)/_photoaudit $(FISHDIR)/photoaudit.fish

## deb: the Debian package of the release binary (.build/deb/photoaudit_VERSION_ARCH.deb): the
## binary, man page, completions; Depends computed by dpkg-shlibdeps (runtime libraries only)
deb: build
	$(call apt-install,dpkg-dev,deb)
	SOURCE_DATE_EPOCH=1735689600 packaging/deb.sh $(BIN) .build/deb

## deb-test: install the package with apt-get on this machine and run --version and the demo with
## it; DEB_TEST_BARE=1 also installs it into a bare Debian 12 (debootstrap --variant=minbase)
deb-test: deb
	packaging/deb-test.sh .build/deb/photoaudit_*.deb

## image: the container image docs/scale-out.md deploys (Dockerfile: Debian 12 slim, the .deb
## inside, non-root), built with podman or buildah when one of them is installed
IMAGE ?= photoaudit
image: deb
	packaging/image.sh .build/deb/photoaudit_*.deb $(IMAGE)

## fixtures: regenerate Fixtures/ with independent tools (ImageMagick, exiftool, libheif)
fixtures: test-deps
	Fixtures/generate.sh

## versions: record the build-time libexif/libturbojpeg versions (they have no runtime call)
versions:
	@printf '%s\n' '// Generated by `make versions` from pkg-config --modversion; checked by LibraryVersionsTests.' \
	  'enum BuildLibraryVersions {' \
	  '  static let libexif = "'"$$(pkg-config --modversion libexif)"'"' \
	  '  static let libturbojpeg = "'"$$(pkg-config --modversion libturbojpeg)"'"' \
	  '}' > Sources/Codecs/BuildLibraryVersions.swift

clean:
	rm -rf .build

## scale-test: end to end on real batch engines (Tests/EndToEnd/scale-test.sh, SPEC "Scale"): 8
## shards under GNU parallel (--shard K/8, and --shard auto with each task's JOB_COMPLETION_INDEX)
## and Apache Spark in local mode piping the file list through `audit --files-from -` with
## RDD.pipe over 4 partitions; each merged with `merge --expect` must equal one unsharded run,
## byte for byte; 4 `sanitize --shard K/4` at once into one --out must equal one unsharded
## sanitize (diff -r). Installs GNU parallel, Java 17 and pyspark 4 when missing; uses the debug
## binary `make test` builds (~30 s then; SCALE_CHECKS="" to check pixels as well).
SCALE_PACKAGES := parallel openjdk-17-jre-headless python3-pip
PYTHON         ?= python3
scale-test:
	@$(MAKE) --no-print-directory test-deps EXTRA_PACKAGES="$(SCALE_PACKAGES)"
	@$(PYTHON) -c 'import pyspark' 2>/dev/null || $(PYTHON) -m pip install -q 'pyspark>=4,<5' \
	  || $(PYTHON) -m pip install -q --break-system-packages 'pyspark>=4,<5'
	$(SWIFT) build --product photoaudit
	PHOTOAUDIT=.build/debug/photoaudit PYTHON=$(PYTHON) Tests/EndToEnd/scale-test.sh

## gates-test: where gates live (issue 27), end to end with the debug binary: the pre-commit
## hooks of .pre-commit-hooks.yaml under `pre-commit try-repo` on a scratch repository
## (Tests/EndToEnd/precommit-test.sh, ~35 s) and the GitHub Action's scripts with GitHub's
## variables set by hand (Tests/EndToEnd/action-test.sh, ~25 s)
gates-test: test-deps
	$(SWIFT) build --product photoaudit
	PHOTOAUDIT=.build/debug/photoaudit Tests/EndToEnd/precommit-test.sh
	PHOTOAUDIT=.build/debug/photoaudit PYTHON=$(PYTHON) Tests/EndToEnd/action-test.sh

## fuzz, fuzz-mutate: libFuzzer targets and mutation runs (issue 7; not part of CI) — Makefile.fuzz
include Makefile.fuzz

## bench: benchmarks, not tests (bench/README.md): sanitize vs vipsthumbnail and ImageMagick,
## audit vs exiftool and exiv2. `make bench BENCH_SAVE=1` also writes bench/results/.
BENCH_PACKAGES := libvips-tools exiv2 time libimage-exiftool-perl libheif-examples imagemagick \
                  libjpeg-turbo-progs python3
.PHONY: bench
bench: build
	@$(MAKE) --no-print-directory test-deps EXTRA_PACKAGES="$(BENCH_PACKAGES)"
	PHOTOAUDIT=$(BIN) BENCH_SAVE=$(BENCH_SAVE) bench/sanitize.sh
	PHOTOAUDIT=$(BIN) BENCH_SAVE=$(BENCH_SAVE) bench/scan.sh
	PHOTOAUDIT=$(BIN) BENCH_SAVE=$(BENCH_SAVE) bench/memory.sh
