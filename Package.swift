// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "photoaudit",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "photoaudit", targets: ["photoaudit"]),
    .library(name: "PhotoCore", targets: ["PhotoCore"]),
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
    // Pure Swift: containers, carriers, model, checks, reports, remediation.
    .target(name: "PhotoCore", dependencies: ["Codecs"]),
    // Hand-written argument parsing and commands.
    .target(name: "PhotoCLI", dependencies: ["PhotoCore"]),
    .executableTarget(name: "photoaudit", dependencies: ["PhotoCLI"]),
    .testTarget(name: "CodecsTests", dependencies: ["Codecs"]),
    .testTarget(name: "PhotoCoreTests", dependencies: ["PhotoCore", "Codecs"]),
    .testTarget(name: "PhotoCLITests", dependencies: ["PhotoCLI", "PhotoCore"]),
  ],
  swiftLanguageModes: [.v6]
)
