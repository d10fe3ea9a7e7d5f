@testable import Bytes
import Codecs
import Testing

@testable import PhotoCore

/// Uncompressed IFD1 thumbnails (Compression 1) from hand-built TIFF blocks: the fields and strips
/// read (bounds-checked), the 8-bit RGB samples handed to PA005 as pixels, and every other
/// layout — or strips that leave the block or hold too few samples — named and left uncompared
/// (PA015), never a clean verdict. [EXIF 2.32 4.5.5; TIFF 6.0]
@Suite struct UncompressedThumbnailTests {
  static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
  static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
  static func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
    le16(tag) + le16(type) + le32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
  }

  /// A little-endian block: an empty IFD0 pointing at IFD1, IFD1 (2×1 pixels, one strip of
  /// `count` bytes at `offset`, or right after IFD1), BitsPerSample 8,8,8 right after the table,
  /// then `samples`.
  static func block(photometric: Int = 2, strip: (offset: Int?, count: Int)? = nil, samples: [UInt8]) -> [UInt8] {
    let ifd1 = 8 + 2 + 4
    let entries = 9
    let bitsAt = ifd1 + 2 + 12 * entries + 4
    let samplesAt = bitsAt + 6
    var bytes: [UInt8] = [0x49, 0x49, 42, 0] + le32(8) + le16(0) + le32(ifd1)
    bytes += le16(entries)
    bytes += entry(0x0100, 3, 1, le16(2)) + entry(0x0101, 3, 1, le16(1)) + entry(0x0102, 3, 3, le32(bitsAt))
    bytes += entry(0x0103, 3, 1, le16(1)) + entry(0x0106, 3, 1, le16(photometric))
    bytes += entry(0x0111, 4, 1, le32(strip?.offset ?? samplesAt)) + entry(0x0115, 3, 1, le16(3))
    bytes += entry(0x0117, 4, 1, le32(strip?.count ?? samples.count)) + entry(0x011C, 3, 1, le16(1))
    bytes += le32(0) + le16(8) + le16(8) + le16(8)
    return bytes + samples
  }

  static let samples: [UInt8] = [255, 0, 0, 0, 0, 255]

  static func jpeg(_ tiff: [UInt8]) -> [UInt8] {
    var b = JPEGBuilder()
    b.app1Exif(tiff)
    b.frame(width: 2, height: 1)
    b.scanAndEnd()
    return b.bytes
  }

  @Test func rgbSamplesAreReadFromTheStrips() throws {
    let tiff = Self.block(samples: Self.samples)
    let structure = try #require(TIFFStructure.parse(tiff))
    let thumbnail = try #require(structure.uncompressedThumbnail)
    #expect(thumbnail.width == 2 && thumbnail.height == 1 && thumbnail.bitsPerSample == [8, 8, 8] && thumbnail.isRGB8)
    #expect(thumbnail.strips == [tiff.count - 6..<tiff.count])
    #expect(structure.slack(length: tiff.count).isEmpty, "the strips are read, not slack")

    let m = Inspector.inspect(source: MemorySource(Self.jpeg(tiff)), path: "rgb.jpg")
    let previews = PreviewImage.all(m)
    #expect(previews.map(\.path.description) == ["thumbnail"])
    #expect(previews.first?.role == UncompressedThumbnail.rgbRole && previews.first?.size == PixelSize(width: 2, height: 1))
    let pixels = try #require(previews.first?.decode(from: MemorySource([]), maxPixels: 1 << 20))
    #expect(pixels.width == 2 && pixels.height == 1 && pixels.pixels == Self.samples)
  }

  /// Other layouts, strips outside the block, too few samples: listed by what they are, not
  /// decoded, and the PA005 check says so (PA015).
  @Test(arguments: [
    ("YCbCr", block(photometric: 6, samples: samples), "PhotometricInterpretation 6 (YCbCr), 3 samples of 8, 8, 8 bits, chunky: not decoded"),
    ("outside", block(strip: (4000, 6), samples: samples), "strips outside the EXIF block"),
    ("short", block(strip: (nil, 5), samples: samples), "strips shorter than 2×1 pixels"),
  ] as [(String, [UInt8], String)])
  func otherThumbnailsAreNamedAndIncomplete(_ name: String, _ tiff: [UInt8], _ said: String) throws {
    let m = Inspector.inspect(source: MemorySource(Self.jpeg(tiff)), path: "\(name).jpg")
    let preview = try #require(PreviewImage.all(m).first, "\(name)")
    #expect(preview.role.hasPrefix(PreviewImage.uncompressedRolePrefix) && preview.role.contains(said), "\(name): \(preview.role)")
    #expect(preview.decode(from: MemorySource([]), maxPixels: 1 << 20) == nil)
    let input = PixelInput(metadata: m, source: MemorySource(Self.jpeg(tiff)))
    let incomplete = PreviewVerifier.uncompared(input, verdicts: [])
    #expect(incomplete.map(\.scope) == ["thumbnail"], "\(name)")
  }

  /// Every prefix of the block parses or is refused; none traps.
  @Test func everyPrefixIsSafe() {
    let tiff = Self.block(samples: Self.samples)
    for n in 0...tiff.count {
      let structure = TIFFStructure.parse(Array(tiff.prefix(n)))
      if let thumbnail = structure?.uncompressedThumbnail, let strips = thumbnail.strips {
        #expect(strips.allSatisfy { $0.upperBound <= n }, "prefix \(n)")
      }
    }
  }
}
