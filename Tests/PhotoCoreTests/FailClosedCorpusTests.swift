@testable import Bytes
import Foundation
@testable import PhotoCore
import Testing

/// Fail closed, without crying wolf, over the real-world corpus (../shared/corpus): on the files
/// ExifTool read without a warning (INDEX.tsv `exiftool_warning` empty), no part is left
/// unchecked (PA015), no GPS is "present but unreadable" and the sweep finds no GPS signature —
/// except the files listed here, each with the reason. And the sweep's signatures never fire on
/// image data (entropy-coded scans, item extents, IDAT), even when pointed at it.
@Suite struct FailClosedCorpusTests {
  /// "path kind" → why. Kinds: "incomplete SCOPE", "unreadable PATH", "raw-bytes PATH".
  static let explained: [String: String] = [
    "pillow-tests-images/exif_gps.jpg incomplete exif":
      "libexif stops at an entry whose data it wrongly thinks is past the end of the block (its log: \"Tag data past end of buffer (12 > 456)\") and loads neither the GPS IFD nor the Exif IFD's 8 entries; ExifTool reads them",
    "pillow-tests-images/exif_gps.jpg unreadable exif":
      "GPSLatitude reads 4294967295°: present, not a coordinate — ExifTool prints \"4294967295 deg\" (issue 12 case 3)",
  ]

  /// Everything the fail-closed rules flag in a file, as "kind path" keys.
  static func flags(_ m: PhotoMetadata) -> [String] {
    let incomplete = m.incomplete.map { "incomplete \($0.scope)" }
    let unreadable = m.gps.filter { $0.unreadable != nil }.map { "unreadable \($0.path)" }
    let raw = m.gps.filter { $0.signature != nil }.map { "raw-bytes \($0.path)" }
    return (incomplete + unreadable + raw).uniqued()
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func wellFormedFilesAreCheckedCompletelyWithoutFalseGPS() {
    var unexplained: [String] = []
    var seen: Set<String> = []
    for row in SharedCorpus.rows where row["exiftool_warning"].isEmpty {
      let m = Inspector.inspect(path: row.url.path)
      guard m.format != nil else { continue }  // not a format photoaudit reads
      for flag in Self.flags(m) {
        let key = "\(row.path) \(flag)"
        if Self.explained[key] != nil { seen.insert(key) } else {
          unexplained.append("\(key): \(m.incomplete.map(\.reason)) \(m.gps.compactMap { $0.unreadable ?? $0.signature })")
        }
      }
    }
    #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    #expect(seen == Set(Self.explained.keys), "listed but not seen: \(Set(Self.explained.keys).subtracting(seen))")
  }

  /// The two corpus files of issue 12 case 3 are GPS for the file (PA001), whatever else is wrong.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage),
        arguments: ["pillow-tests-images/exif_gps.jpg", "exiv2-test-data/issue_1912_poc.jpg"])
  func caseThreeFilesArePA001(_ path: String) {
    let m = Inspector.inspect(path: SharedCorpus.root.appendingPathComponent(path).path)
    let findings = CheckRegistry.run(CheckSubject(output: m))
    #expect(findings.contains { $0.id == .gpsPresent && $0.severity == .error && $0.carrier == "exif" }, "\(findings)")
  }

  /// The signatures, run over the image data of every corpus file (the first 256 KiB of each
  /// scan, item extent and IDAT), find nothing: the sweep cannot fire on pictures.
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func signaturesNeverFireOnImageData() throws {
    var hits: [String] = []
    var searched = 0
    for url in ByteMapCorpusTests.files() {
      guard let source = try? FileSource(path: url.path), let head = try? source.bytes(in: 0..<ImageFormat.sniffLength),
            let format = ImageFormat.sniff(head) else { continue }
      let tree = LayoutWalker.walk(source, format: format, mode: .complete)
      LayoutNode.visit(tree.nodes) { node, _, _ in
        let image = node.name.hasSuffix(" data") || node.name == "IDAT" || node.name.hasPrefix("track ")
          || (node.name.hasPrefix("item ") && ["hvc1", "av01", "jpeg"].contains { node.name.contains($0) })
        guard image, node.children.isEmpty else { return }
        let range = node.contentRange.lowerBound..<min(node.range.upperBound, node.contentRange.lowerBound + (256 << 10))
        searched += range.count
        for hit in BackstopSweep.find(in: source, range: range) {
          hits.append("\(url.lastPathComponent) \(node.name) +\(hit.offset): \(hit.description)")
        }
      }
    }
    #expect(searched > 20 << 20, "searched only \(searched) bytes")
    #expect(hits.isEmpty, "\(hits.prefix(10))")
  }
}
