@testable import Bytes
import Codecs
@testable import Pipeline
import Testing

@testable import PhotoCore

/// JFXX thumbnail payloads from hand-built bytes (JFIF 1.02: extension codes 0x10, 0x11, 0x13),
/// their raw pixels, and the trimming of black bars before a preview is compared.
@Suite struct PreviewImageTests {
  @Test func jfxxCodingsAndSizes() throws {
    let jpeg = try #require(JFXXThumbnail.parse([0x10, 0xFF, 0xD8, 0xFF, 0xD9]))
    #expect(jpeg.coding == .jpeg && jpeg.size == nil && jpeg.data == 1..<5)
    let rgb = try #require(JFXXThumbnail.parse([0x13, 2, 1] + [255, 0, 0, 0, 0, 255]))
    #expect(rgb.coding == .rgb && rgb.size == PixelSize(width: 2, height: 1) && rgb.data == 3..<9 && rgb.palette == nil)
    let palette = [UInt8](repeating: 0, count: 768)
    let indexed = try #require(JFXXThumbnail.parse([0x11, 1, 2] + palette + [0, 1]))
    #expect(indexed.coding == .palette && indexed.size == PixelSize(width: 1, height: 2) && indexed.palette == 3..<771 && indexed.data == 771..<773)
  }

  @Test(arguments: [
    [UInt8](), [0x12, 1, 1, 0, 0, 0], [0x10], [0x13, 2, 2, 1, 2, 3], [0x13, 0, 5], [0x11, 1, 1] + [UInt8](repeating: 0, count: 767),
  ])
  func jfxxPayloadsThatAreNotOneAreRefused(_ payload: [UInt8]) {
    #expect(JFXXThumbnail.parse(payload) == nil, "\(payload.prefix(8))")
  }

  @Test func rawPixelsComeFromTheSamplesOrThePalette() throws {
    let rgb = try #require(JFXXThumbnail.parse([0x13, 2, 1, 255, 0, 0, 0, 0, 255]))
    #expect(PreviewImage.rawPixels(rgb, in: [0x13, 2, 1, 255, 0, 0, 0, 0, 255])?.pixels == [255, 0, 0, 0, 0, 255])
    var palette = [UInt8](repeating: 0, count: 768)
    palette[3...5] = [10, 20, 30]  // entry 1
    let bytes: [UInt8] = [0x11, 2, 1] + palette + [1, 0]
    let indexed = try #require(JFXXThumbnail.parse(bytes))
    #expect(PreviewImage.rawPixels(indexed, in: bytes)?.pixels == [10, 20, 30, 0, 0, 0])
  }

  /// A 16:9 frame holding a 3:2 picture pillarboxed in black gives back the picture; a picture
  /// without bars, or one that is mostly dark, is left alone.
  @Test func blackBarsAreTrimmed() throws {
    let w = 32, h = 18, inner = 27  // 27×18 is 3:2
    var pixels = [UInt8](repeating: 0, count: w * h * 3)
    let left = (w - inner) / 2
    for y in 0..<h { for x in left..<left + inner { for c in 0..<3 { pixels[(y * w + x) * 3 + c] = UInt8(60 + (x * 7 + y * 3) % 150) } } }
    let framed = try PixelImage(width: w, height: h, channels: 3, pixels: pixels)
    let trimmed = try #require(PreviewVerifier.trimmingBars(framed))
    #expect(trimmed.width == inner && trimmed.height == h)
    #expect(PreviewVerifier.trimmingBars(trimmed) == nil)
    let dark = try PixelImage(width: 8, height: 8, channels: 3, pixels: [UInt8](repeating: 5, count: 8 * 8 * 3))
    #expect(PreviewVerifier.trimmingBars(dark) == nil, "bars would leave less than half")
  }

  /// Fail closed: a preview whose bytes begin like a JPEG but do not decode leaves the PA005 check
  /// incomplete (PA015, named by its path) — a more lenient viewer may still show it. Placeholder
  /// bytes that are no picture (what ExifTool's sample images hold) show nothing: no finding. A
  /// preview with a verdict is complete, and an MPF preview over the byte cap is not read.
  @Test func previewsThatClaimToBePicturesButDoNotDecodeAreIncomplete() throws {
    var m = PhotoMetadata(path: "out.jpg", format: .jpeg, stored: PixelSize(width: 64, height: 48),
                          displayed: PixelSize(width: 64, height: 48))
    let broken: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 0x41, count: 40)
    let placeholder = Array("<Dummy thumbnail data>".utf8)
    m.embeddedImages = [
      EmbeddedImage(kind: .thumbnail, item: nil, offset: 100, length: broken.count, role: "EXIF IFD1 thumbnail", format: .jpeg),
      EmbeddedImage(kind: .thumbnail, item: 2, offset: 300, length: placeholder.count, role: "EXIF IFD1 thumbnail, not a JPEG"),
    ]
    m.carriers = [Carrier(kind: .thumbnail, offset: 100, length: broken.count, payload: broken),
                  Carrier(kind: .thumbnail, offset: 300, length: placeholder.count, payload: placeholder)]
    let paths = PreviewImage.all(m).map(\.path.description)
    #expect(paths == ["thumbnail", "thumbnail#2"])
    let input = PixelInput(metadata: m, source: MemorySource([]))
    let picture = try PixelImage(width: 64, height: 48, channels: 3, pixels: [UInt8](repeating: 90, count: 64 * 48 * 3))
    #expect(PreviewVerifier.verdicts(input, displayed: picture, maxPixels: 1 << 20).isEmpty, "neither decodes")
    let incomplete = PreviewVerifier.uncompared(input, verdicts: [])
    #expect(incomplete.map(\.scope) == ["thumbnail"], "only the one that begins like a JPEG")
    #expect(incomplete.first?.reason.hasPrefix("the embedded thumbnail could not be decoded") == true)
    let judged = ThumbnailVerdict(score: 0, aspectDifference: 0, matches: false, detail: "", path: "thumbnail", role: nil)
    #expect(PreviewVerifier.uncompared(input, verdicts: [judged]).isEmpty)

    // An MPF Large Thumbnail larger than `PreviewImage.maxBytes` is not read: incomplete.
    var big = [UInt8](repeating: 0, count: PreviewImage.maxBytes + 16)
    big.replaceSubrange(8..<11, with: [0xFF, 0xD8, 0xFF])
    m.embeddedImages = [EmbeddedImage(kind: .mpfImage, item: 2, offset: 8, length: big.count - 8, role: "Large Thumbnail (VGA)", format: .jpeg)]
    m.carriers = []
    let mpf = PixelInput(metadata: m, source: MemorySource(big))
    #expect(PreviewVerifier.verdicts(mpf, displayed: picture, maxPixels: 1 << 20).isEmpty)
    #expect(PreviewVerifier.uncompared(mpf, verdicts: []).map(\.scope) == ["mpf-image#2"])
  }

  /// A PA005 card in the HTML report shows the preview that leaks: in a file whose IFD1
  /// thumbnail matches and whose JFXX thumbnail (thumbnail#2) shows the uncropped original, the
  /// JFXX one (the card showed the first thumbnail whatever leaked).
  @Test func theHTMLCardShowsThePreviewThatLeaks() throws {
    let path = FixtureFiles.path("previews/two-thumbnails.jpg")
    let source = try FileSource(path: path)
    let metadata = Inspector.inspect(source: source, path: path)
    let previews = PreviewImage.all(metadata)
    #expect(previews.map(\.path.description) == ["thumbnail", "thumbnail#2"])
    func uri(_ preview: PreviewImage) throws -> String? {
      Thumbnailer.encode(try #require(preview.decode(from: source, maxPixels: 1 << 22)).oriented(metadata.orientation.effective))
    }
    let shown = try #require(Thumbnailer.embeddedDataURI(path))
    #expect(shown == (try uri(previews[1])))
    #expect(shown != (try uri(previews[0])))
  }

  /// Every prefix of files with JFXX and MPF previews is inspected and its previews compared
  /// without a trap; a preview cut short gives no "same picture" verdict it did not earn.
  @Test func truncatedPreviewsNeverTrap() throws {
    let picture = try PixelImage(width: 8, height: 8, channels: 3, pixels: [UInt8](repeating: 128, count: 8 * 8 * 3))
    for relative in ["previews/two-thumbnails.jpg", "previews/jfxx-rgb-leak.jpg", "previews/mpf-leak.jpg"] {
      let bytes = try FileSource(path: FixtureFiles.path(relative)).allBytes()
      for n in stride(from: 0, through: bytes.count, by: 5) {
        let source = MemorySource(Array(bytes.prefix(n)))
        let metadata = Inspector.inspect(source: source, path: relative)
        let verdicts = PreviewVerifier.verdicts(PixelInput(metadata: metadata, source: source), displayed: picture, maxPixels: 1 << 20)
        #expect(verdicts.allSatisfy { !$0.matches }, "\(relative) prefix \(n): a flat picture matches nothing")
      }
    }
  }
}
