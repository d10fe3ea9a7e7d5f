@testable import Bytes
import Foundation
import Testing

@testable import PhotoCore

/// Every prefix of a picture either fails to decode or decodes with damage reported — never a
/// clean verdict, never a trap (STYLE: a truncation sweep per decoder).
@Suite struct PixelTruncationTests {
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path(name))))
  }

  /// Decodes a prefix the way the pixel checks do; true when it came out clean.
  static func decodesCleanly(_ prefix: [UInt8]) -> Bool {
    let source = MemorySource(prefix)
    let inspection = Inspector.read(source: source, path: "prefix")
    let metadata = inspection.metadata
    let scan = inspection.tree?.scan
    guard metadata.error == nil else { return false }
    guard let picture = try? PictureDecoder.decode(source, metadata: metadata, heif: scan?.heif, minLongSide: 128,
                                                   maxPixels: 1 << 24, threads: 2) else { return false }
    return picture.damage == nil
  }

  /// `end`: the length from which a prefix holds every pixel (PNG: up to IEND, whose absence
  /// changes nothing in the picture; JPEG: the whole file — without EOI libjpeg warns).
  @Test(arguments: [("pixels/png/interlaced.png", 12), ("pixels/png/rgb16.png", 12), ("jpeg/clean.jpg", 0),
                    ("pixels/pairs/original-6.jpg", 0), ("pixels/grid/grid.heic", 0), ("heic/upright.heic", 0)])
  func everyPrefixFailsOrReportsDamage(_ name: String, _ trailer: Int) throws {
    let whole = try Self.bytes(name)
    #expect(Self.decodesCleanly(whole))
    let step = max(1, whole.count / 300)
    var n = 0
    while n < whole.count - trailer {
      #expect(!Self.decodesCleanly(Array(whole.prefix(n))), "\(name): a \(n)-byte prefix decodes cleanly")
      n += step
    }
  }
}
