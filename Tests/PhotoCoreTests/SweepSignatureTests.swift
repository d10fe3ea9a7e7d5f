@testable import PhotoCore
@testable import Bytes
import Testing

/// The fail-closed sweep's signatures: what they must find, and what they must not take for
/// GPS (version numbers, dates, sizes, random bytes).
@Suite struct SweepSignatureTests {
  static func hits(_ text: String) -> [GPSSignatures.Hit] { Array(text.utf8).withUnsafeBytes { GPSSignatures.find(in: $0) } }

  @Test(arguments: [
    ("location: 31.230416, 121.473701 Shanghai", 31.230416, 121.473701),
    ("at -33.868820;151.209296.", -33.868820, 151.209296),
    ("GPS 31.230416,121.473701 left here by a tool", 31.230416, 121.473701),
    ("\u{0}\u{12}\u{15}\u{c7}+31.2304+121.4737/", 31.2304, 121.4737),  // a QuickTime ©xyz value: length, language, string
    ("+31.2304+121.4737+012.500/", 31.2304, 121.4737),
    ("-3352.13+15112.58/", -(33 + 52.13 / 60), 151 + 12.58 / 60),
  ])
  func coordinatesInTextAreFound(_ text: String, latitude: Double, longitude: Double) throws {
    let found = Self.hits(text)
    #expect(found.count == 1, "\(found)")
    let hit = try #require(found.first)
    #expect(abs((hit.latitude ?? 99) - latitude) < 1e-9 && abs((hit.longitude ?? 999) - longitude) < 1e-9)
  }

  @Test(arguments: [
    "ratios 0.850, 0.900 of the frame",  // both below 1: ratios, not places
    "0.000000, 0.000000",  // the "no location" placeholder
    "12.34, 56.78",  // too few decimals for a pair
    "123.4567, 12.3456",  // 123 is no latitude
    "2025-01-01T10:20:30+08:00",
    "size 4032x3024, 12.5 MB, f/1.78, 6.765mm",
    "+12+34/",  // ISO 6709 needs two latitude digits and three longitude digits
    "ID 1234567890123456, 0.5",
  ])
  func ordinaryTextIsNoCoordinate(_ text: String) {
    #expect(Self.hits(text).isEmpty, "\(text)")
  }

  @Test func xmpPropertiesNeedAValue() {
    #expect(Self.hits(#"<rdf:Description exif:GPSLatitude="31,13.82496N"/>"#).count == 1)
    #expect(Self.hits("<exif:GPSLongitude>121,28.42206E</exif:GPSLongitude>").count == 1)
    #expect(Self.hits(#"drone-dji:GpsLatitude="31.23""#).count == 1)
    #expect(Self.hits("a table of tag names: GPSLatitude GPSLongitude").isEmpty)
    #expect(Self.hits(#"exif:GPSLatitude="""#).isEmpty)
  }

  /// A TIFF block with a GPS IFD inside other bytes is found, with its coordinates; one
  /// without a GPS IFD is not.
  @Test func tiffGPSBlocksAreFound() throws {
    var gps = TIFFBuilder()
    gps.ifd0 = [TIFFBuilder.ascii(0x010F, "Maker")]
    gps.gps = [TIFFBuilder.ascii(0x0001, "N"), TIFFBuilder.rationals(0x0002, [(31, 1), (13, 1), (4949, 100)])]
    var plain = TIFFBuilder()
    plain.ifd0 = [TIFFBuilder.ascii(0x010F, "Maker")]
    let bytes = Array(repeating: UInt8(0x5A), count: 37) + gps.build() + Array(repeating: 0, count: 11) + plain.build()
    let found = bytes.withUnsafeBytes { GPSSignatures.find(in: $0) }
    #expect(found.count == 1)
    #expect(found.first?.offset == 37)
    #expect(abs((found.first?.latitude ?? 0) - (31 + 13.0 / 60 + 49.49 / 3600)) < 1e-9)
  }

  /// Four MiB of pseudo-random bytes (a fixed-seed generator): no signature fires.
  @Test func randomBytesAreNoGPS() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<(4 << 20)).map { _ -> UInt8 in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    let found = BackstopSweep.find(in: MemorySource(bytes), range: 0..<bytes.count)
    #expect(found.isEmpty, "\(found.prefix(3))")
  }

  /// A signature across the boundary of two pieces of a long stretch is found once.
  @Test func signaturesAcrossPiecesAreFoundOnce() {
    var bytes = Array(repeating: UInt8(0x20), count: BackstopSweep.pieceLength + 4096)
    let text = Array("31.230416, 121.473701".utf8)
    let at = BackstopSweep.pieceLength - 10
    bytes.replaceSubrange(at..<at + text.count, with: text)
    let found = BackstopSweep.find(in: MemorySource(bytes), range: 0..<bytes.count)
    #expect(found.map(\.offset) == [at])
  }

  /// A zlib stream the sweep inflates is searched up to the output cap; past it, the rest is
  /// unread and the result says so (the sweep makes that a PA015), unless enough hits were found.
  @Test func inflatingPastTheCapIsIncomplete() {
    let text = Array("at 31.230416, 121.473701".utf8)
    let small = ZlibFixture.stored(text)
    let whole = BackstopSweep.inflatedHits(MemorySource(small), 0..<small.count, maxOutput: 4096)
    #expect(whole.complete)
    #expect(whole.hits.map(\.offset) == [3])
    let bomb = ZlibFixture.zeros(64 << 10)
    let capped = BackstopSweep.inflatedHits(MemorySource(bomb), 0..<bomb.count, maxOutput: 4096)
    #expect(!capped.complete, "64 KiB of output past a 4 KiB cap")
    #expect(capped.hits.isEmpty)
    let exact = BackstopSweep.inflatedHits(MemorySource(bomb), 0..<bomb.count, maxOutput: 64 << 10)
    #expect(exact.complete, "the whole stream fits the cap")
  }
}
