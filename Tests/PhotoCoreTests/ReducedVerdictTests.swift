@testable import Bytes
import Foundation
@testable import Platform
import Testing

@testable import PhotoCore

/// The pixel checks decode pictures reduced (a 1536 × 1024 JPEG at 1/8, a PNG or HEIF grid
/// area-averaged): on pairs large enough that the reduction is real, the verdicts (orientation,
/// crop, thumbnail) are the ones a full-size decode gives, and the ones the fixture was made to
/// show (Fixtures/README.md, pixels/pairs/).
@Suite struct ReducedVerdictTests {
  struct Pair: Sendable, CustomTestStringConvertible {
    var output: String
    var orientation: OrientationVerdict.Kind
    var cropMatches: Bool?
    var thumbnailMatches: Bool?
    var testDescription: String { output }
  }

  static let pairs: [Pair] = [
    Pair(output: "out-correct", orientation: .upright, cropMatches: nil, thumbnailMatches: nil),
    Pair(output: "out-dropped", orientation: .tagDroppedNotRotated, cropMatches: nil, thumbnailMatches: nil),
    Pair(output: "out-double", orientation: .doubleRotated, cropMatches: nil, thumbnailMatches: nil),
    Pair(output: "out-crop", orientation: .upright, cropMatches: true, thumbnailMatches: nil),
    // Upright against the region the search found (the claim is wrong, the content is clear).
    Pair(output: "out-crop-wrong", orientation: .upright, cropMatches: false, thumbnailMatches: nil),
    Pair(output: "out-thumb-uncropped", orientation: .upright, cropMatches: true, thumbnailMatches: false),
    Pair(output: "out-png-correct", orientation: .upright, cropMatches: nil, thumbnailMatches: nil),
    Pair(output: "out-png-dropped", orientation: .tagDroppedNotRotated, cropMatches: nil, thumbnailMatches: nil),
    Pair(output: "out-heic-correct", orientation: .upright, cropMatches: nil, thumbnailMatches: nil),
    Pair(output: "out-heic-dropped", orientation: .tagDroppedNotRotated, cropMatches: nil, thumbnailMatches: nil),
  ]

  static func input(_ path: String) -> PixelInput {
    let inspection = Inspector.read(source: MemorySource([UInt8](FileManager.default.contents(atPath: path) ?? Data())), path: path)
    let metadata = inspection.metadata
    let scan = inspection.tree?.scan
    return PixelInput(metadata: metadata, source: MemorySource([UInt8](FileManager.default.contents(atPath: path) ?? Data())), heif: scan?.heif)
  }

  @Test(arguments: pairs)
  func reducedAndFullSizeDecodesAgree(_ pair: Pair) throws {
    let folder = FixtureFiles.path("pixels/pairs")
    let descriptorPath = "\(folder)/\(pair.output).json"
    let descriptor = try Descriptor.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: descriptorPath))), path: descriptorPath)
    let original = Self.input(RelativePath.join(folder, try #require(descriptor.original)))
    let output = Self.input("\(folder)/\(pair.output).jpg")
    let reduced = PixelVerifier.verify(output: output, original: original, claimedCrop: descriptor.crop, maxPixels: 1 << 26,
                                       threads: 2, reduced: true)
    let full = PixelVerifier.verify(output: output, original: original, claimedCrop: descriptor.crop, maxPixels: 1 << 26,
                                    threads: 2, reduced: false)
    for verdicts in [reduced, full] {
      #expect(verdicts.problem == nil)
      #expect(verdicts.orientation?.kind == pair.orientation, "\(verdicts.orientation?.summary ?? "none")")
      #expect(verdicts.crop?.matches == pair.cropMatches, "\(String(describing: verdicts.crop))")
      #expect(verdicts.thumbnail?.matches == pair.thumbnailMatches, "\(String(describing: verdicts.thumbnail))")
    }
    #expect(reduced.orientation?.displayedAs == full.orientation?.displayedAs)
    // Where the search places a wrong crop: the region the output was cut from (768,512 768×512),
    // within the search grid's coarseness (96 px over 1536: 16 px).
    if pair.output == "out-crop-wrong" {
      for verdicts in [reduced, full] {
        let found = try #require(verdicts.crop?.estimated)
        #expect(abs(found.x - 768) <= 32 && abs(found.y - 512) <= 32 && abs(found.width - 768) <= 48, "\(found)")
      }
    }
    // The orientation match is as clear at the reduced size.
    if let r = reduced.orientation, let f = full.orientation, pair.orientation != .inconclusive {
      #expect(abs(r.score - f.score) < 0.05 && r.margin >= OrientationClassifier.minimumMargin)
    }
  }

  /// The reduced decode is really reduced (the test above compares something).
  @Test func theOriginalsAreDecodedReduced() throws {
    let folder = FixtureFiles.path("pixels/pairs")
    for (name, longSide) in [("original-6.jpg", 1536), ("original-8.png", 768), ("original-grid.heic", 1536)] {
      let input = Self.input("\(folder)/\(name)")
      let picture = try PictureDecoder.decode(input.source, metadata: input.metadata, heif: input.heif,
                                              minLongSide: PixelVerifier.originalLongSide, maxPixels: 1 << 26)
      #expect(max(picture.displayed.width, picture.displayed.height) < longSide / 2, "\(name)")
      #expect(max(picture.displayed.width, picture.displayed.height) >= PixelVerifier.originalLongSide, "\(name)")
      #expect(input.metadata.displayed == PixelSize(width: longSide, height: longSide * 2 / 3), "\(name)")
    }
  }
}
