@testable import Bytes
import Codecs
import Foundation
import Testing

@testable import PhotoCore

/// JPEG previews inside MakerNotes and EXIF slack: `JPEGExtent` decides by walking markers
/// whether bytes that start like a JPEG are a whole one; the layout walks each one found as a
/// child `preview` (`EmbeddedDocumentFinder.vendorPreviews`), within its caps; on the corpus the
/// previews walked are the ones ExifTool locates.
@Suite struct VendorPreviewTests {
  /// A JPEG made by ImageMagick (`Fixtures/previews/original.jpg`, 192×128).
  static func realJPEG() throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("previews/original.jpg")))) }

  /// A hand-built whole JPEG (`JPEGBuilder`: SOF0, SOS, entropy bytes with a stuffed 0xFF, EOI).
  static let tiny: [UInt8] = {
    var b = JPEGBuilder()
    b.frame(width: 8, height: 8)
    b.scanAndEnd()
    return b.bytes
  }()

  @Test func aWholeJPEGEndsAtItsEOI() throws {
    let jpeg = try Self.realJPEG()
    var extent = JPEGExtent(source: MemorySource(jpeg))
    #expect(extent.end(from: 0, limit: jpeg.count) == jpeg.count)
    let padded = [0x00, 0x11] + jpeg + [0xFF, 0xD8, 0xFF, 0x00, 0x00]
    var inPadding = JPEGExtent(source: MemorySource(padded))
    #expect(inPadding.end(from: 2, limit: padded.count) == 2 + jpeg.count, "ends at EOI, whatever follows")
    var small = JPEGExtent(source: MemorySource(Self.tiny))
    #expect(small.end(from: 0, limit: Self.tiny.count) == Self.tiny.count)
  }

  /// Every prefix of a JPEG (a preview cut short by its region) is refused, never trapped on.
  @Test func everyPrefixIsRefused() throws {
    let jpeg = try Self.realJPEG()
    var extent = JPEGExtent(source: MemorySource(jpeg))
    for n in 0..<jpeg.count { #expect(extent.end(from: 0, limit: n) == nil, "prefix \(n)") }
  }

  /// What starts like a JPEG but is not one: stray FF D8 FF, a segment whose length leaves the
  /// region, junk between segments, a scan before any frame header, no scan, SOI twice.
  @Test(arguments: [
    ("stray", [0xFF, 0xD8, 0xFF, 0x00, 0x41, 0x42, 0x43] + [UInt8](repeating: 0x20, count: 40)),
    ("long segment", [0xFF, 0xD8, 0xFF, 0xE0, 0x40, 0x00] + [UInt8](repeating: 0x20, count: 40)),
    ("junk", [0xFF, 0xD8, 0x12] + Array(tiny.dropFirst(2))),
    ("scan first", [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 3, 1, 0, 0, 63, 0, 0x12, 0xFF, 0xD9] + [UInt8](repeating: 0, count: 20)),
    ("no scan", Array(tiny.prefix(2 + 2 + 17)) + [0xFF, 0xD9] + [UInt8](repeating: 0, count: 20)),
    ("SOI twice", [0xFF, 0xD8] + tiny),
  ] as [(String, [UInt8])])
  func whatIsNotAWholeJPEGIsRefused(_ name: String, _ bytes: [UInt8]) {
    var extent = JPEGExtent(source: MemorySource(bytes))
    #expect(extent.end(from: 0, limit: bytes.count) == nil, "\(name)")
  }

  /// Candidates inside one another's scan data share one scan of it (the memo) and get the same
  /// answer a fresh search gives.
  @Test func overlappingCandidatesGetTheAnswersOfFreshSearches() throws {
    let jpeg = try Self.realJPEG()
    let bytes = jpeg + Self.tiny + jpeg
    var shared = JPEGExtent(source: MemorySource(bytes))
    var starts: [Int] = []
    var position = 0
    while let start = JPEGExtent.nextStart(in: bytes, from: position, before: bytes.count) {
      starts.append(start)
      position = start + 1
    }
    #expect(starts.count >= 3)
    for start in starts {
      var fresh = JPEGExtent(source: MemorySource(bytes))
      #expect(shared.end(from: start, limit: bytes.count) == fresh.end(from: start, limit: bytes.count), "at \(start)")
    }
    #expect(shared.end(from: jpeg.count, limit: bytes.count) == jpeg.count + Self.tiny.count)
  }

  /// A JPEG whose EXIF block (IFD0 only) is followed by `slack` bytes nothing points at.
  static func withSlack(_ slack: [UInt8]) -> [UInt8] {
    var tiff = TIFFBuilder()
    tiff.ifd0 = [TIFFBuilder.ascii(0x010F, "Maker")]
    var b = JPEGBuilder()
    b.app1Exif(tiff.build() + slack)
    b.frame(width: 8, height: 8)
    b.scanAndEnd()
    return b.bytes
  }

  /// Whole JPEGs in the slack are walked as `preview`, `preview#2`…, explained by their child
  /// (no longer swept raw); past `maxVendorPreviews` the rest is incomplete, never dropped.
  @Test func previewsAreWalkedUpToTheCap() {
    let two = Self.withSlack([0x20, 0x20] + Self.tiny + [0x20] + Self.tiny)
    let tree = LayoutWalker.walk(MemorySource(two), format: .jpeg, mode: .complete)
    #expect(tree.children.map(\.step.description) == ["preview", "preview#2"])
    #expect(tree.children.allSatisfy { $0.role == EmbeddedDocumentFinder.slackPreviewRole && $0.imageKind == .thumbnail })
    #expect(tree.incomplete.isEmpty)
    let swept = BackstopSweep.unexplainedStretches(of: tree).map(\.range)
    #expect(!swept.contains { range in tree.children.contains { $0.tree.range.overlaps(range) } }, "\(swept)")

    let many = Self.withSlack(Array([[UInt8]](repeating: Self.tiny, count: EmbeddedDocumentFinder.maxVendorPreviews + 1).joined()))
    let capped = LayoutWalker.walk(MemorySource(many), format: .jpeg, mode: .complete)
    #expect(capped.children.count == EmbeddedDocumentFinder.maxVendorPreviews)
    #expect(capped.incomplete.map(\.scope) == ["preview"])
  }

  /// Bytes that start like a JPEG and are none are not walked; past
  /// `maxVendorPreviewCandidates` of them the search stops and says so (PA015).
  @Test func strayStartsAreSweptAndCapped() {
    let stray: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00, 0x20, 0x20]
    let few = LayoutWalker.walk(MemorySource(Self.withSlack(Array([[UInt8]](repeating: stray, count: 3).joined()))), format: .jpeg, mode: .complete)
    #expect(few.children.isEmpty && few.incomplete.isEmpty)
    let count = EmbeddedDocumentFinder.maxVendorPreviewCandidates + 1
    let many = LayoutWalker.walk(MemorySource(Self.withSlack(Array([[UInt8]](repeating: stray, count: count).joined()))), format: .jpeg, mode: .complete)
    #expect(many.children.isEmpty)
    #expect(many.incomplete.map(\.scope) == ["preview"])
  }

  /// Every corpus file where ExifTool locates a preview (`…:PreviewImageStart` and `Length`) whose
  /// bytes are a JPEG that decodes has it walked as `preview` at that offset and length; every
  /// preview walked is one of those or is listed here with what it is. (ExifTool's 26- and
  /// 4-byte placeholders, and previews it locates past the end of a file the corpus cut short,
  /// are no JPEG: they stay swept bytes.)
  static let previewsExifToolDoesNotLocate: [String: String] = [
    "ianare-exif-samples/Samsung_Digimax_i50_MP3.jpg preview@866+26553":
      "Samsung's MakerNote preview: ExifTool names it File:PreviewImage (40,960 bytes: the JPEG and the padding after its EOI) without an offset",
    "pillow-tests-images/exif-ifd-offset.jpg preview@320+858":
      "the IFD1 thumbnail of a block whose IFD1 offset Pillow's test breaks (ExifTool: \"Bad offset for IFD1\"), left in the slack; the same 858 bytes as the Photoshop thumbnail in APP13",
  ]

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func corpusPreviewsAreTheOnesExifToolLocates() throws {
    var walked: Set<String> = [], located: Set<String> = []
    for row in SharedCorpus.rows where row["has_makernotes"] == "yes" || row["has_thumbnail"] == "yes" || row["format"] == "JPEG" {
      let m = Inspector.inspect(path: row.url.path)
      for image in m.embeddedImages where image.path.steps.first?.name == EmbeddedDocumentFinder.vendorPreviewStep && image.path.steps.count == 1 {
        walked.insert("\(row.path) preview@\(image.offset)+\(image.length)")
      }
      let oracle = SharedCorpus.oracle(row.path)
      let bytes = try [UInt8](Data(contentsOf: row.url))
      for (key, value) in oracle where key.hasSuffix(":PreviewImageStart") {
        func integer(_ v: JSONValue?) -> Int? {
          switch v {
          case .int(let i)?: Int(exactly: i)
          case .number(let d)?: Int(exactly: d)
          default: nil
          }
        }
        guard let s = integer(value), let n = integer(oracle[String(key.dropLast(5)) + "Length"]), n > 0, s >= 0,
              s <= bytes.count - n else { continue }
        let part = Array(bytes[s..<s + n])
        guard part.starts(with: [0xFF, 0xD8]), (try? JPEGCodec.readHeader(part)) != nil,
              (try? JPEGCodec.decode(part, maxPixels: 1 << 24, expandGray: true)) != nil else { continue }
        located.insert("\(row.path) preview@\(s)+\(n)")
      }
    }
    #expect(located.count >= 5, "\(located.sorted())")
    #expect(located.subtracting(walked).isEmpty, "located by ExifTool, not walked: \(located.subtracting(walked).sorted())")
    let extra = walked.subtracting(located)
    #expect(extra == Set(Self.previewsExifToolDoesNotLocate.keys), "walked, not located by ExifTool: \(extra.sorted())")
  }
}
