import Bytes
import Codecs
import Foundation
import PhotoCore
import Pipeline
import Testing

/// `sanitize` on the orientation fixtures: upright by the pixels (PSNR against ImageMagick's
/// `-auto-orient` reference), no metadata left (checked with exiftool), ICC kept, honest
/// descriptor; the lossless profile matches jpegtran.
@Suite struct SanitizeTests {
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-sanitize-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func sanitize(_ relative: String, options: SanitizeOptions = SanitizeOptions(), in directory: URL) -> SanitizeResult {
    let stem = URL(fileURLWithPath: relative).deletingPathExtension().lastPathComponent
    return Sanitizer.sanitize(input: FixtureFiles.path(relative), output: directory.appendingPathComponent("\(stem).jpg").path,
                              descriptor: directory.appendingPathComponent("\(stem).json").path, options: options)
  }

  static func decode(_ path: String) throws -> PixelImage {
    let bytes = try FileSource(path: path).allBytes()
    return ImageFormat.sniff(Array(bytes.prefix(64))) == .png
      ? try PNGCodec.decode(bytes, maxPixels: 1 << 26).toRGB() : try JPEGCodec.decode(bytes, maxPixels: 1 << 26, expandGray: true)
  }

  /// (fixture, upright reference made by ImageMagick / libheif in Fixtures/generate.sh)
  static let orientationCases: [(String, String)] = (1...8).map { ("jpeg/orient-\($0).jpg", "reference/upright-\($0).png") } + [
    ("heic/irot-90.heic", "reference/heic-upright.png"), ("heic/irot-180.heic", "reference/heic-upright.png"),
    ("heic/irot-270.heic", "reference/heic-upright.png"), ("heic/imir-0.heic", "reference/heic-upright.png"),
    ("heic/imir-1.heic", "reference/heic-upright.png"), ("heic/irot-270-imir-1.heic", "reference/heic-upright.png"),
    ("heic/irot-270-imir-0.heic", "reference/heic-upright.png"), ("heic/apple-style.heic", "reference/heic-upright.png"),
    ("heic/clap.heic", "reference/clap.png"), ("heic/clap-irot-270.heic", "reference/clap-irot-270.png"),
  ]

  @Test(arguments: orientationCases)
  func outputIsUprightAndClean(fixture: String, reference: String) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.sanitize(fixture, in: directory)
    #expect(result.error == nil, "\(result.error ?? "")")
    let output = try #require(result.output)
    let produced = try Self.decode(output)
    let expected = try Self.decode(FixtureFiles.path(reference))
    let size = PixelSize(width: min(produced.width, expected.width), height: min(produced.height, expected.height))
    #expect(Double(produced.width) / Double(produced.height) == Double(expected.width) / Double(expected.height), "aspect")
    let value = psnr(try produced.resized(to: size), try expected.resized(to: size))
    #expect(value >= 30, "\(fixture): PSNR \(value) dB against \(reference)")
    #expect(result.gpsRemoved == true)
    #expect(result.findings.filter { $0.severity >= .warning }.isEmpty, "\(result.findings)")
    // The descriptor says what the file is.
    let descriptor = try #require(result.descriptor)
    let written = Inspector.inspect(path: output)
    #expect(descriptor["width"]?.intValue == written.displayed?.width)
    #expect(descriptor["height"]?.intValue == written.displayed?.height)
    #expect(descriptor["format"]?.stringValue == "jpeg")
    #expect(descriptor["size_bytes"]?.intValue == written.fileSize)
    #expect(descriptor["gps_removed"]?.boolValue == written.gps.isEmpty)
    // Verified against its own descriptor and original, by the pixels too, it passes.
    let verified = PairAuditor.audit(output: output, original: FixtureFiles.path(fixture), descriptor: result.descriptorPath)
    #expect(verified.report.findings.filter { $0.severity >= .info }.isEmpty, "\(fixture): \(verified.report.findings)")
    #expect(verified.report.pixels?.orientation?.kind == .upright, "\(fixture): \(verified.report.pixels?.orientation?.summary ?? "no verdict")")
    let groups = try ExifToolGroups.of(output)
    let metadata = groups.filter { ["EXIF", "XMP", "IPTC", "MPF", "Photoshop", "MakerNotes"].contains($0) || $0.hasPrefix("IFD") || $0 == "File:Comment" }
    #expect(metadata.isEmpty, "exiftool still finds \(metadata) in \(fixture)'s output")
  }

  /// The exiftool check above can fail: on an original it sees the metadata.
  @Test func exiftoolSeesTheOriginalsMetadata() throws {
    let groups = try ExifToolGroups.of(FixtureFiles.path("jpeg/orient-6.jpg"))
    #expect(groups.isSuperset(of: ["EXIF", "XMP", "IPTC"]), "\(groups)")
  }

  @Test func iccProfileIsKept() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.sanitize("jpeg/icc-p3.jpg", in: directory)
    let written = Inspector.inspect(path: try #require(result.output))
    #expect(written.iccDescription == "Display P3")
    #expect(result.findings.allSatisfy { $0.id != .iccDropped })
    var options = SanitizeOptions()
    options.keepICC = false
    let stripped = Self.sanitize("jpeg/icc-p3.jpg", options: options, in: try Self.temporaryDirectory())
    #expect(stripped.findings.map(\.id).contains(.iccDropped))
  }

  @Test func gpsInEveryCarrierIsGone() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for fixture in ["jpeg/mpf-secondary-gps.jpg", "jpeg/gps-xmp-only.jpg", "png/exif-gps.png", "png/raw-profile-exif.png", "heic/xmp-gps.heic", "hidden/tiff-app1-no-header.jpg"] {
      let result = Self.sanitize(fixture, in: directory)
      #expect(result.error == nil, "\(fixture): \(result.error ?? "")")
      #expect(result.gpsRemoved == true, "\(fixture)")
      #expect(result.descriptor?["gps_removed"]?.boolValue == true)
    }
  }

  @Test func cropAndResizeFollowTheSizesRule() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var options = SanitizeOptions()
    options.crop = PixelRect(x: 48, y: 32, width: 96, height: 64)
    options.maxSide = 48
    let result = Self.sanitize("jpeg/orient-6.jpg", options: options, in: directory)
    #expect(result.descriptor?["width"]?.intValue == 48)
    #expect(result.descriptor?["height"]?.intValue == 32)
    #expect(result.descriptor?["crop"]?["width"]?.intValue == 96)
    options.crop = PixelRect(x: 150, y: 0, width: 96, height: 64)
    let refused = Self.sanitize("jpeg/orient-6.jpg", options: options, in: directory)
    #expect(refused.error?.contains("does not fit") == true)
    // Never upscale.
    var big = SanitizeOptions()
    big.maxSide = 4096
    #expect(Self.sanitize("jpeg/orient-1.jpg", options: big, in: directory).descriptor?["width"]?.intValue == 192)
  }

  /// The lossless profile equals jpegtran -perfect (pixels decoded from both).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jpegtran"), "jpegtran is not installed"),
        arguments: [(6, ["-rotate", "90"]), (3, ["-rotate", "180"]), (8, ["-rotate", "270"]), (2, ["-flip", "horizontal"])])
  func losslessMatchesJpegtran(orientation: Int, jpegtranArguments: [String]) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var options = SanitizeOptions()
    options.profile = .lossless
    let result = Self.sanitize("jpeg/orient-\(orientation).jpg", options: options, in: directory)
    let output = try #require(result.output, "\(result.error ?? "")")
    let reference = directory.appendingPathComponent("jpegtran.jpg").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/jpegtran")
    process.arguments = ["-perfect", "-copy", "none"] + jpegtranArguments + ["-outfile", reference, FixtureFiles.path("jpeg/orient-\(orientation).jpg")]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try Self.decode(output) == (try Self.decode(reference)))
  }
}

/// The metadata groups exiftool (an independent reader) finds in a file. Without exiftool the
/// tests that ask it fail with a message saying so (CI installs it with `make deps`).
enum ExifToolGroups {
  /// Why the oracle could not answer: the test fails (it never passes without asking exiftool).
  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  static let executable = "/usr/bin/exiftool"

  /// The metadata groups exiftool sees in `path` (`-G0`), without the always-present ones.
  static func of(_ path: String) throws -> Set<String> {
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw Unavailable(description: "\(executable) is needed by this test (Debian: apt-get install libimage-exiftool-perl, or make deps)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-j", "-G0", "-a", "-u", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let doc = try? JSONParser.parse([UInt8](data)), case .object(let members)? = doc.arrayValue?.first else {
      throw Unavailable(description: "exiftool gave no JSON for \(path) (status \(process.terminationStatus))")
    }
    var groups = Set(members.compactMap { $0.0.split(separator: ":").first.map(String.init) })
    if members.contains(where: { $0.0 == "File:Comment" }) { groups.insert("File:Comment") }
    groups.subtract(["SourceFile", "ExifTool", "File", "System", "Composite", "JFIF", "ICC_Profile"])
    return groups
  }
}
