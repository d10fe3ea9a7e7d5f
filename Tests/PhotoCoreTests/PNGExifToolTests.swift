import Bytes
import Foundation
import PhotoCore
import Testing

/// Cross-checks the PNG walker against ExifTool 12.57 on every PNG of the shared corpus: stored
/// size (`PNG:ImageWidth/Height`), which carriers exist (EXIF, XMP, IPTC, ICC), and the IFD0
/// Orientation read from the EXIF payload we located (proof that the payload starts at the TIFF
/// header). A PNG has no other transform: displayed = stored turned by that Orientation.
@Suite(.enabled(if: ContainerCorpus.isAvailable, ContainerCorpus.skipMessage))
struct PNGExifToolTests {
  /// Disagreements we understand: "path field" → whose and why.
  static let explained: [String: String] = [
    "exiv2-test-data/issue_170_poc stored":
      "its IHDR has 5 bytes instead of 13: ExifTool prints the width from the partial IHDR (and no height), we report no size and a warning",
    "metadata-extractor-images/invalid-iCCP-missing-adler32-checksum.png icc":
      "the iCCP zlib stream lacks its Adler-32: ExifTool drops the profile ('Error inflating iCCP'); we keep the inflated bytes (the whole profile) with a warning, since the profile is in the file",
  ]

  /// IFD0 Orientation from TIFF bytes (a test helper, not a decoder).
  static func orientation(_ tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let little = tiff[0] == 0x49
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }
    func u32(_ at: Int) -> Int? {
      guard let a = u16(at), let b = u16(at + 2) else { return nil }
      return little ? a | b << 16 : a << 16 | b
    }
    guard let ifd = u32(4), let count = u16(ifd) else { return nil }
    for i in 0..<min(count, 512) {
      let entry = ifd + 2 + 12 * i
      if u16(entry) == 0x0112 { return u16(entry + 8) }
    }
    return nil
  }

  @Test func agreesWithExifToolOnCorpusPNG() throws {
    let paths = ContainerCorpus.files(sniffedAs: [.png])
    try #require(paths.count >= 40, "expected the corpus PNGs, found \(paths.count)")
    var compared = 0
    var agreed: [String: Int] = [:]
    var notes: [String] = []
    var unexplained: [String] = []
    for path in paths {
      let oracle = ContainerCorpus.oracle(path)
      let scan: ContainerScan
      do { scan = try PNGWalker.scan(MemorySource(ContainerCorpus.bytes(path))) } catch {
        notes.append("\(path): we reject (\(error)); ExifTool: \(oracle["ExifTool:Error"] ?? oracle["ExifTool:Warning"] ?? "reads it")")
        if oracle["ExifTool:Error"] == nil && (oracle["PNG:ImageWidth"] != nil || oracle.keys.contains { $0.hasPrefix("IFD0:") }) {
          unexplained.append("\(path): we reject (\(error)) but ExifTool reads it")
        }
        continue
      }
      guard oracle["ExifTool:Error"] == nil else {
        notes.append("\(path): ExifTool errs (\(oracle["ExifTool:Error"] ?? "")); we read \(scan.carriers.count) carriers, \(scan.warnings.count) warnings")
        continue
      }
      compared += 1
      let keys = Set(oracle.keys)
      func has(_ prefix: String) -> Bool { keys.contains { $0.hasPrefix(prefix) } }
      func ours(_ kind: CarrierKind) -> Bool { scan.carriers.contains { $0.kind == kind && !$0.payload.isEmpty } }
      let width = ContainerCorpus.int(oracle["PNG:ImageWidth"]), height = ContainerCorpus.int(oracle["PNG:ImageHeight"])
      let theirOrientation = ContainerCorpus.int(oracle["IFD0:Orientation"])
      let ourOrientation = scan.carriers.first { $0.kind == .exif }.flatMap { Self.orientation($0.payload) }
      let checks: [(String, Bool, String)] = [
        ("stored", width == nil || scan.storedSize == PixelSize(width: width ?? 0, height: height ?? 0),
         "\(String(describing: scan.storedSize)) vs \(String(describing: width))×\(String(describing: height))"),
        ("exif", has("IFD0:") == ours(.exif), "\(ours(.exif)) vs \(has("IFD0:"))"),
        ("orientation", theirOrientation == nil || ourOrientation == theirOrientation,
         "\(String(describing: ourOrientation)) vs \(String(describing: theirOrientation))"),
        ("xmp", has("XMP-") == ours(.xmp), "\(ours(.xmp)) vs \(has("XMP-"))"),
        ("iptc", has("IPTC:") == ours(.iptc), "\(ours(.iptc)) vs \(has("IPTC:"))"),
        ("icc", has("ICC-header:") == ours(.icc), "\(ours(.icc)) vs \(has("ICC-header:"))"),
      ]
      for (field, ok, detail) in checks {
        if ok {
          agreed[field, default: 0] += 1
        } else if let reason = Self.explained["\(path) \(field)"] {
          notes.append("\(path) \(field): \(detail) — \(reason)")
        } else {
          unexplained.append("\(path) \(field): ours \(detail)")
        }
      }
    }
    let fields = ["stored", "exif", "orientation", "xmp", "iptc", "icc"]
    print("PNG cross-check vs ExifTool 12.57: \(compared) files compared; agree on "
          + fields.map { "\($0) \(agreed[$0, default: 0])/\(compared)" }.joined(separator: ", "))
    for note in notes { print("  note: \(note)") }
    for problem in unexplained { print("  DISAGREE: \(problem)") }
    #expect(unexplained.isEmpty, "unexplained disagreements with ExifTool: \(unexplained)")
  }
}
