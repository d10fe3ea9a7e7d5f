@testable import Bytes
import Foundation
@testable import PhotoCore
import Testing

/// The layout tree itself: embedded documents walked by the same walkers to depth 4 (deeper is
/// an incomplete check, not a silent stop), carrier paths, the two read modes, and sound trees
/// for every fixture and corpus file.
@Suite struct LayoutTreeTests {
  /// A TIFF block with IFD0 (Make), optionally a GPS IFD, and an IFD1 whose JPEG thumbnail is `thumbnail`.
  static func exif(thumbnail: [UInt8]?, gps: Bool) -> [UInt8] {
    var t = TIFFBuilder()
    t.ifd0 = [TIFFBuilder.ascii(0x010F, "Maker")]
    if gps { t.gps = [TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(31, 1), (13, 1), (4949, 100)])] }
    guard let thumbnail else { return t.build() }
    let ifd1 = t.build().count
    let data = ifd1 + 2 + 2 * 12 + 4
    var tiff = t.build(nextIFDOffset: UInt32(ifd1))
    tiff += TIFFBuilder.le16(2)
    tiff += TIFFBuilder.le16(0x0201) + TIFFBuilder.le16(4) + TIFFBuilder.le32(1) + TIFFBuilder.le32(UInt32(data))
    tiff += TIFFBuilder.le16(0x0202) + TIFFBuilder.le16(4) + TIFFBuilder.le32(1) + TIFFBuilder.le32(UInt32(thumbnail.count))
    tiff += TIFFBuilder.le32(0) + thumbnail
    return tiff
  }

  /// A JPEG whose EXIF thumbnail is a JPEG whose EXIF thumbnail is… `levels` deep; only the
  /// innermost has GPS.
  static func nestedThumbnails(_ levels: Int) -> [UInt8] {
    var inner: [UInt8]?
    for level in 0...levels {
      var jpeg = JPEGBuilder()
      jpeg.app1Exif(exif(thumbnail: inner, gps: level == 0))
      jpeg.frame(width: 8, height: 8)
      jpeg.scanAndEnd()
      inner = jpeg.bytes
    }
    return inner ?? []
  }

  @Test func thumbnailsAreReadToDepthFour() throws {
    let four = Inspector.inspect(source: MemorySource(Self.nestedThumbnails(4)), path: "nested.jpg")
    #expect(four.gps.map(\.path.description) == ["thumbnail/thumbnail/thumbnail/thumbnail/exif"])
    #expect(four.incomplete.isEmpty)
    #expect(four.embeddedImages.map(\.path.description) == ["thumbnail", "thumbnail/thumbnail", "thumbnail/thumbnail/thumbnail",
                                                            "thumbnail/thumbnail/thumbnail/thumbnail"])
  }

  /// What an embedded image carries is reported under its carrier path: identifying fields
  /// (PA007), orientation (listed with the image), GPS (PA001 and PA005 for a thumbnail).
  @Test func childFieldsAreReportedWithTheirPath() throws {
    var inner = TIFFBuilder()
    inner.ifd0 = [TIFFBuilder.ascii(0x013B, "Jane Fixture"), TIFFBuilder.short(0x0112, 6)]
    inner.gps = [TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(31, 1), (13, 1), (4949, 100)])]
    var thumbnail = JPEGBuilder()
    thumbnail.app1Exif(inner.build())
    thumbnail.frame(width: 8, height: 8)
    thumbnail.scanAndEnd()
    var jpeg = JPEGBuilder()
    jpeg.app1Exif(Self.exif(thumbnail: thumbnail.bytes, gps: false))
    jpeg.frame(width: 16, height: 16)
    jpeg.scanAndEnd()
    let m = Inspector.inspect(source: MemorySource(jpeg.bytes), path: "child.jpg")
    #expect(m.orientation.exif == nil, "the thumbnail's Orientation is not the image's")
    #expect(m.embeddedImages.map { "\($0.path) \($0.orientation ?? 0)" } == ["thumbnail 6"])
    let findings = CheckRegistry.run(CheckSubject(output: m))
    #expect(findings.map { "\($0.id.rawValue) \($0.carrier ?? "-") \($0.tag ?? "-")" }
      == ["PA001 thumbnail/exif GPSLatitude/GPSLongitude", "PA005 thumbnail/exif GPS", "PA007 thumbnail/exif IFD0:Artist"])
  }

  /// A fifth level is not read, and says so: PA015, never a silent stop.
  @Test func deeperThanFourIsAnIncompleteCheck() throws {
    let m = Inspector.inspect(source: MemorySource(Self.nestedThumbnails(5)), path: "nested.jpg")
    #expect(m.gps.isEmpty)
    #expect(m.incomplete == [IncompleteCheck(scope: "thumbnail/thumbnail/thumbnail/thumbnail/thumbnail",
                                             reason: "an embedded document at depth 5, over the limit of 4; not read")])
    let findings = CheckRegistry.run(CheckSubject(output: m))
    #expect(findings.map(\.id) == [.incompleteCheck])
  }

  /// An MPF index listing more images than the per-file limit of embedded documents: those past
  /// it are not read, and that is an incomplete check naming them.
  @Test func embeddedDocumentBudgetIsAnIncompleteCheck() throws {
    var tiny = JPEGBuilder()
    tiny.frame(width: 8, height: 8)
    tiny.scanAndEnd()
    let count = LayoutLimits.maxDocuments + 5
    let bytes = ByteMapJPEGTests.mpf(secondaries: Array(repeating: tiny.bytes, count: count))
    let m = Inspector.inspect(source: MemorySource(bytes), path: "many.jpg")
    #expect(m.embeddedImages.count == LayoutLimits.maxDocuments)
    // The five images past the limit, and (complete mode) the data after EOI where they lie,
    // which would be walked as a trailing image if the limit allowed.
    let first = LayoutLimits.maxDocuments + 2
    #expect(m.incomplete.map(\.scope) == (first..<first + 5).map { "mpf-image#\($0)" } + ["trailer#1"])
    #expect(m.incomplete.allSatisfy { $0.reason == "over the limit of \(LayoutLimits.maxDocuments) embedded documents per file; not read" })
  }

  /// The metadata mode never reads image data: a JPEG's walk stops at the first SOS, so the
  /// trailer is unknown; the complete mode reads to EOI and splits the trailer off.
  @Test func readModes() throws {
    var jpeg = JPEGBuilder()
    jpeg.frame(width: 8, height: 8)
    jpeg.scanAndEnd()
    let bytes = jpeg.bytes + Array(ascii: "appended text with 31.230416, 121.473701 in it")
    let metadata = LayoutWalker.walk(MemorySource(bytes), format: .jpeg, mode: .metadata)
    #expect(metadata.end == nil && metadata.nodes.last?.name == "SOS (scan 1)")
    let complete = LayoutWalker.walk(MemorySource(bytes), format: .jpeg, mode: .complete)
    #expect(complete.end == jpeg.bytes.count)
    #expect(complete.nodes.suffix(3).map(\.name) == ["scan 1 data", "EOI", "trailer"])
    // Only the complete read sweeps: GPS in the trailer counts for the output it is.
    #expect(Inspector.inspect(source: MemorySource(bytes), path: "t", options: InspectOptions(mode: .metadata)).gps.isEmpty)
    let swept = Inspector.inspect(source: MemorySource(bytes), path: "t").gps
    #expect(swept.map(\.path.description) == ["raw-bytes"] && swept.first?.offset == jpeg.bytes.count + 19)
  }

  @Test(arguments: ["exif", "thumbnail/exif", "trailer#1/exif", "mpf-image#2/xmp", "icc/trailer", "raw-bytes", "a#1/b#22/c"])
  func carrierPathsRoundTrip(_ text: String) {
    let path = CarrierPath(parsing: text)
    #expect(path.description == text)
    #expect(CarrierPath.root.appending(path) == path)
  }

  @Test func carrierPathSteps() {
    #expect(CarrierPath("mpf-image", index: 2).appending("exif").description == "mpf-image#2/exif")
    #expect(CarrierPath(parsing: "trailer#1/exif").steps == [.init("trailer", index: 1), .init("exif")])
    #expect(CarrierPath(parsing: "trailer#x").steps == [.init("trailer#x")])
    #expect(CarrierPath.root.description.isEmpty && CarrierPath.root.isRoot)
  }

  /// Every fixture, and every prefix of two with embedded documents, gives a sound tree.
  @Test func fixturesGiveSoundTrees() throws {
    let folders = ["jpeg", "png", "heic", "defects", "hidden", "reference", "failclosed", "previews"]
    for relative in folders.flatMap(FixtureFiles.images) {
      let bytes = try FileSource(path: FixtureFiles.path(relative)).allBytes()
      guard let format = ImageFormat.sniff(Array(bytes.prefix(64))) else { continue }
      let tree = LayoutWalker.walk(MemorySource(bytes), format: format, mode: .complete)
      #expect(LayoutInvariants.violations(tree, fileSize: bytes.count).isEmpty, "\(relative)")
      let map = ByteMapper.map(tree)
      let mapped = map.regions.contains { $0.kind != .structure } || map.documents.contains { $0.origin == .appended }
      #expect(BackstopSweep.hasUnexplainedBytes(tree) == mapped, "\(relative)")
    }
    for relative in ["failclosed/thumbnail-exif-gps.jpg", "failclosed/icc-trailer-jpeg.jpg", "previews/two-thumbnails.jpg",
                     "previews/jfxx-rgb-leak.jpg", "previews/mpf-leak.jpg"] {
      let bytes = try FileSource(path: FixtureFiles.path(relative)).allBytes()
      for n in stride(from: 0, through: bytes.count, by: 7) {
        let tree = LayoutWalker.walk(MemorySource(Array(bytes.prefix(n))), format: .jpeg, mode: .complete)
        let problems = LayoutInvariants.violations(tree, fileSize: n)
        #expect(problems.isEmpty, "\(relative) prefix \(n): \(problems.prefix(3))")
      }
    }
  }

  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func corpusGivesSoundTrees() throws {
    var walked = 0
    for url in ByteMapCorpusTests.files() {
      guard let source = try? FileSource(path: url.path), let head = try? source.bytes(in: 0..<ImageFormat.sniffLength),
            let format = ImageFormat.sniff(head) else { continue }
      let tree = LayoutWalker.walk(source, format: format, mode: .complete)
      let problems = LayoutInvariants.violations(tree, fileSize: source.count)
      #expect(problems.isEmpty, "\(url.lastPathComponent): \(problems.prefix(3))")
      // The audit maps only files the sweep found unexplained bytes in: that must be exactly
      // the files whose map has something for PA014.
      let map = ByteMapper.map(tree)
      let mapped = map.regions.contains { $0.kind != .structure } || map.documents.contains { $0.origin == .appended }
      #expect(BackstopSweep.hasUnexplainedBytes(tree) == mapped, "\(url.lastPathComponent): \(tree.documents().flatMap { BackstopSweep.unexplainedStretches(of: $0.tree).filter(\.unexplained).map { "\($0.range) \($0.place)" } }.prefix(2))")
      walked += 1
    }
    #expect(walked > 300)
  }
}
