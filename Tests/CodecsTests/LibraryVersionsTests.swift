import Codecs
import Foundation
import Testing

@Suite struct LibraryVersionsTests {
  /// The recorded build-time versions must match what pkg-config reports (run `make versions`).
  @Test(arguments: [("libexif", \LibraryVersions.exif), ("libturbojpeg", \LibraryVersions.turbojpeg), ("libheif", \LibraryVersions.heif)])
  func matchPkgConfig(module: String, keyPath: KeyPath<LibraryVersions, String> & Sendable) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--modversion", module]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let reported = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(LibraryVersions.current[keyPath: keyPath] == reported)
  }
}
