// swift-tools-version:5.4
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's `main` (for
// testable executables) and links `--defsym main=<target>_main`, which collides with the `main`
// libFuzzer brings. 5.4 leaves `main` alone, so libFuzzer's own `main` drives each target.
import PackageDescription

/// One libFuzzer executable per parser (see `FuzzTarget`), named `fuzz-<target>`.
let fuzzTargets = ["jpeg", "exif", "xmp", "iptc", "mpf", "isobmff", "png", "descriptor", "policy", "inspect", "icc", "video", "riff", "gif", "jumbf", "tiff"]

let package = Package(
  name: "photoaudit-fuzz",
  products: fuzzTargets.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) } + [
    .executable(name: "mutate", targets: ["mutate"]),
  ],
  dependencies: [
    .package(name: "photoaudit", path: ".."),
  ],
  targets: [
    // The parser table, seeds, mutator and campaign (shared with the test suite by symlinks),
    // plus the `mutate` driver.
    .target(name: "FuzzHarness", dependencies: [.product(name: "PhotoCore", package: "photoaudit")]),
    // ≥ 100,000 deterministic mutated inputs per parser, crash- and hang-isolated in child
    // processes. Built WITHOUT -sanitize=fuzzer (it has its own main).
    .executableTarget(name: "mutate", dependencies: ["FuzzHarness"]),
  ] + fuzzTargets.map { .executableTarget(name: "fuzz-\($0)", dependencies: ["FuzzHarness"]) }
)
