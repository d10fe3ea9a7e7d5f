// swift-tools-version:6.0
import PackageDescription

/// The layers of photoaudit, bottom to top: each target may import only those before it
/// (.ci/check-layers.sh reads this list; docs/architecture.md, "Targets", says what is where).
let layerOrder = ["Codecs", "Bytes", "Platform", "PhotoCore", "Pipeline", "Runtime", "PhotoCLI", "photoaudit"]

let package = Package(
  name: "photoaudit",
  platforms: [.macOS(.v15)],  // Mutex and Atomic (Synchronization); photoaudit is built and tested on Linux
  products: [
    .executable(name: "photoaudit", targets: ["photoaudit"]),
    // Every layer of the core, for the fuzz package (Fuzz/) and other embedders.
    .library(name: "PhotoCore", targets: ["Bytes", "Platform", "PhotoCore", "Pipeline", "Runtime"]),
  ],
  targets: [
    // C libraries, found by pkg-config; `make deps` installs the Debian packages.
    .systemLibrary(
      name: "CExif", pkgConfig: "libexif",
      providers: [.apt(["libexif-dev"])]),
    .systemLibrary(
      name: "CHeif", pkgConfig: "libheif",
      providers: [.apt(["libheif-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebpdemux",
      providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(
      name: "CGif", pkgConfig: "libgif",
      providers: [.apt(["libgif-dev"])]),
    // JPEG XL: libjxl's decoder (no thread runner), and Brotli for `brob` boxes.
    .systemLibrary(
      name: "CJXL", pkgConfig: "libjxl",
      providers: [.apt(["libjxl-dev"])]),
    .systemLibrary(
      name: "CBrotli", pkgConfig: "libbrotlidec",
      providers: [.apt(["libbrotli-dev"])]),
    .systemLibrary(
      name: "CTIFF", pkgConfig: "libtiff-4",
      providers: [.apt(["libtiff-dev"])]),
    // The only target that touches C. Exposes Swift values only.
    .target(
      name: "Codecs",
      dependencies: ["CExif", "CHeif", "CTurboJPEG", "CPNG", "CZlib", "CWebP", "CGif", "CJXL", "CBrotli", "CTIFF"]),
    // The layers, bottom to top; each depends only on those below it (docs/architecture.md,
    // "Targets"; .ci/check-layers.sh fails a build where a lower layer imports a higher one).
    // Bytes: byte readers and sources, hashing, bounded JSON, text primitives, coordinate text.
    .target(name: "Bytes"),
    // Platform: the file system and the process (atomic writes, temporaries, locks, folder
    // swaps, directory walks, read scope, time budgets, signals): what remediation, reports and
    // the runtime all use to touch the system.
    .target(name: "Platform", dependencies: ["Bytes"]),
    // PhotoCore, pure Swift: the walk (containers, layout), the carriers and model, and the
    // verdict of one file (sweeps, byte map, checks, pixels).
    .target(name: "PhotoCore", dependencies: ["Bytes", "Platform", "Codecs"]),
    // Pipeline: pairing and audit plans, the pair auditor, reports and their formats, merge,
    // remediation (sanitize).
    .target(name: "Pipeline", dependencies: ["Bytes", "Platform", "PhotoCore", "Codecs"]),
    // Runtime: budgeted scheduling and worker processes.
    .target(name: "Runtime", dependencies: ["Bytes", "Platform", "PhotoCore", "Pipeline"]),
    // Hand-written argument parsing and commands.
    .target(name: "PhotoCLI", dependencies: ["Bytes", "Platform", "PhotoCore", "Pipeline", "Runtime"]),
    .executableTarget(name: "photoaudit", dependencies: ["PhotoCLI"]),
    // What more than one test target needs: where the repository and the shared corpus are.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "CodecsTests", dependencies: ["Codecs", "TestSupport"]),
    .testTarget(name: "PhotoCoreTests", dependencies: ["Bytes", "Platform", "PhotoCore", "Pipeline", "Runtime", "Codecs", "TestSupport"]),
    .testTarget(name: "PhotoCLITests", dependencies: ["PhotoCLI", "Bytes", "Platform", "PhotoCore", "Pipeline", "Runtime", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
