@testable import PhotoCore
import Testing

/// PA019 (output-unprocessed), PA010's info case (gain-map-only XMP) and PA005 by thumbnail
/// shape, on hand-made models: each rule's edges, positive and negative.
@Suite struct UnprocessedAndSecondaryChecksTests {
  static let camera = [
    MetadataTag(carrier: .exif, group: "IFD0", name: "Make", value: .text("Apple")),
    MetadataTag(carrier: .exif, group: "GPS", name: "GPSLatitude", value: .real(31.230416)),
    MetadataTag(carrier: .xmp, group: "XMP-photoshop", name: "City", value: .text("Shanghai")),
  ]

  static func image(_ path: String, format: ImageFormat = .jpeg, size: PixelSize = PixelSize(width: 192, height: 128),
                    tags: [MetadataTag] = camera) -> PhotoMetadata {
    var m = PhotoMetadata(path: path, fileSize: 5000, format: format, stored: size, displayed: size)
    m.tags = tags
    return m
  }

  static func upright(score: Double) -> PixelVerdicts {
    PixelVerdicts(orientation: OrientationVerdict(kind: .upright, displayedAs: .up, storedTransform: .up, score: score, margin: 0.5))
  }

  static func pa019(_ s: CheckSubject) -> [Finding] { CheckRegistry.run(s).filter { $0.id == .outputUnprocessed } }

  // MARK: PA019

  @Test func sameFormatSizePixelsAndMetadataIsUnprocessed() {
    let f = Self.pa019(CheckSubject(output: Self.image("out.jpg"), original: Self.image("in.jpg"), pixels: Self.upright(score: 0.991)))
    #expect(f.map(\.severity) == [.warning])  // SPEC: its GPS and orientation are judged by their own findings
    #expect(f.first?.evidence == "the output has its original's pixels (192×128, match 0.99) and metadata (the same 3 tags): the pipeline skipped processing in.jpg")
  }

  @Test(arguments: [
    ("an original without metadata", Self.image("out.jpg", tags: []), Self.image("in.jpg", tags: []), 0.999),
    ("stripped", Self.image("out.jpg", tags: []), Self.image("in.jpg"), 0.999),
    ("one tag fewer", Self.image("out.jpg", tags: Array(camera.dropLast())), Self.image("in.jpg"), 0.999),
    ("resized", Self.image("out.jpg", size: PixelSize(width: 96, height: 64)), Self.image("in.jpg"), 0.999),
    ("HEIC to JPEG", Self.image("out.jpg"), Self.image("in.heic", format: .heic), 0.999),
    ("other pixels", Self.image("out.jpg"), Self.image("in.jpg"), 0.97),
  ])
  func processedOutputsAreNot(_ name: String, output: PhotoMetadata, original: PhotoMetadata, score: Double) {
    #expect(Self.pa019(CheckSubject(output: output, original: original, pixels: Self.upright(score: score))).isEmpty, "\(name)")
  }

  @Test func pixelsThatCannotTellAreNotEvidence() {
    var pixels = Self.upright(score: 0.999)
    pixels.orientation?.kind = .inconclusive
    #expect(Self.pa019(CheckSubject(output: Self.image("out.jpg"), original: Self.image("in.jpg"), pixels: pixels)).isEmpty)
    #expect(Self.pa019(CheckSubject(output: Self.image("out.jpg"), original: Self.image("in.jpg"))).isEmpty, "no pixels compared")
  }

  @Test func aByteIdenticalCopyIsUnprocessedWhateverItHolds() {
    var s = CheckSubject(output: Self.image("out.jpg", tags: []), original: Self.image("in.jpg", tags: []))
    s.sameBytesAsOriginal = true
    #expect(Self.pa019(s).map(\.evidence) == ["the output is byte-identical to its original in.jpg (5000 bytes): the pipeline did not process it"])
    s.original = nil
    #expect(Self.pa019(s).isEmpty, "no original, no comparison")
  }

  // MARK: PA010

  static func withAuxiliary(_ tags: [MetadataTag], kinds: [CarrierKind] = [.xmp]) -> PhotoMetadata {
    var m = PhotoMetadata(path: "out.heic", format: .heic)
    m.embeddedImages = [EmbeddedImage(kind: .auxiliaryImage, item: 51, offset: 9000, length: 900,
                                      role: "urn:com:apple:photo:2020:aux:hdrgainmap", carrierKinds: kinds)]
    var xmp = Carrier(kind: .xmp, offset: 500, length: 363, item: 52)
    xmp.describedItems = [51]
    m.carriers = [xmp]
    m.tags = tags
    return m
  }

  static let toolkit = MetadataTag(carrier: .xmp, item: 52, group: "XMP-x", name: "XMPToolkit", value: .text("XMP Core 6.0.0"))
  static let version = MetadataTag(carrier: .xmp, item: 52, group: "XMP-HDRGainMap", name: "HDRGainMapVersion", value: .text("65536"))

  static func pa010(_ m: PhotoMetadata) -> [Severity] {
    CheckRegistry.run(CheckSubject(output: m)).filter { $0.id == .secondaryImageMetadata }.map(\.severity)
  }

  @Test func gainMapVersionOnlyIsInfo() {
    #expect(Self.pa010(Self.withAuxiliary([Self.toolkit, Self.version])) == [.info])
    let adobe = MetadataTag(carrier: .xmp, item: 52, group: "XMP-hdrgm", name: "GainMapMax", value: .real(2.3))
    #expect(Self.pa010(Self.withAuxiliary([Self.version, adobe])) == [.info])
  }

  @Test(arguments: [
    ("GPS beside the version", [version, MetadataTag(carrier: .xmp, item: 52, group: "XMP-exif", name: "GPSLatitude", value: .real(31.2))]),
    ("a name beside the version", [version, MetadataTag(carrier: .xmp, item: 52, group: "XMP-dc", name: "creator", value: .text("Jane"))]),
    ("a version that is not a number", [MetadataTag(carrier: .xmp, item: 52, group: "XMP-HDRGainMap", name: "HDRGainMapVersion", value: .text("31.2304, 121.4737"))]),
    ("a toolkit name holding coordinates", [version, MetadataTag(carrier: .xmp, item: 52, group: "XMP-x", name: "XMPToolkit", value: .text("+31.2304+121.4737/"))]),
    ("no field read from the packet", [toolkit]),
    ("nothing read at all", []),
  ])
  func anythingElseStaysAnError(_ name: String, tags: [MetadataTag]) {
    #expect(Self.pa010(Self.withAuxiliary(tags)) == [.error], "\(name)")
  }

  @Test func anotherCarrierBesideTheXMPStaysAnError() {
    #expect(Self.pa010(Self.withAuxiliary([Self.version], kinds: [.xmp, .exif])) == [.error])
  }

  // MARK: PA005 by shape

  static func withThumbnail(_ thumbnail: PixelSize, image stored: PixelSize, orientation: Orientation = .up) -> PhotoMetadata {
    var m = PhotoMetadata(path: "out.jpg", format: .jpeg, stored: stored, displayed: orientation.displayedSize(stored: stored))
    m.orientation.exif = Int(orientation.rawValue)
    m.orientation.effective = orientation
    m.embeddedImages = [EmbeddedImage(kind: .thumbnail, item: nil, offset: 700, length: 5000, role: "EXIF IFD1 thumbnail", format: .jpeg, size: thumbnail)]
    return m
  }

  static func pa005(_ m: PhotoMetadata, pixels: PixelVerdicts? = nil) -> [String?] {
    CheckRegistry.run(CheckSubject(output: m, pixels: pixels)).filter { $0.id == .thumbnailLeak }.map(\.tag)
  }

  @Test func aThumbnailOfTheImagesShapeIsFine() {
    #expect(Self.pa005(Self.withThumbnail(PixelSize(width: 160, height: 120), image: PixelSize(width: 4032, height: 3024))).isEmpty)
    // Stored like the image and displayed with its orientation: 160×120 → 120×160 for 3024×4032.
    #expect(Self.pa005(Self.withThumbnail(PixelSize(width: 160, height: 120), image: PixelSize(width: 4032, height: 3024), orientation: .right)).isEmpty)
    #expect(Self.pa005(Self.withThumbnail(PixelSize(width: 160, height: 107), image: PixelSize(width: 3000, height: 2000))).isEmpty, "rounding")
  }

  @Test func aThumbnailOfAnotherShapeOrLargerIsPA005() {
    #expect(Self.pa005(Self.withThumbnail(PixelSize(width: 160, height: 120), image: PixelSize(width: 2048, height: 1152))) == ["size"], "16:9 image, 4:3 thumbnail")
    #expect(Self.pa005(Self.withThumbnail(PixelSize(width: 120, height: 160), image: PixelSize(width: 4032, height: 3024))) == ["size"], "unrotated")
    #expect(Self.pa005(Self.withThumbnail(PixelSize(width: 256, height: 166), image: PixelSize(width: 200, height: 130))) == ["size"], "larger than the image")
  }

  @Test func thePixelVerdictDecidesWhenThereIsOne() {
    let m = Self.withThumbnail(PixelSize(width: 160, height: 120), image: PixelSize(width: 2048, height: 1152))
    let matching = PixelVerdicts(thumbnails: [ThumbnailVerdict(score: 0.9, aspectDifference: 0, matches: true, detail: "same")])
    #expect(Self.pa005(m, pixels: matching).isEmpty)
  }

  /// Every preview is judged on its own and named: a second thumbnail (JFXX) of the wrong shape
  /// is a finding of its own; the first one's matching pixel verdict does not cover it.
  @Test func everyPreviewIsJudgedAndNamed() {
    var m = Self.withThumbnail(PixelSize(width: 160, height: 90), image: PixelSize(width: 2048, height: 1152))
    m.embeddedImages.append(EmbeddedImage(kind: .thumbnail, item: 2, offset: 20, length: 900, role: "JFXX thumbnail", format: .jpeg,
                                          size: PixelSize(width: 160, height: 120)))
    let findings = CheckRegistry.run(CheckSubject(output: m)).filter { $0.id == .thumbnailLeak }
    #expect(findings.map { "\($0.carrier ?? "") \($0.tag ?? "")" } == ["thumbnail#2 size"])
    #expect(findings.first?.evidence.hasPrefix("the JFXX thumbnail at thumbnail#2 (160×120 as displayed) does not have the image's shape") == true)
    let matching = PixelVerdicts(thumbnails: [ThumbnailVerdict(score: 0.9, aspectDifference: 0, matches: true, detail: "same")])
    #expect(Self.pa005(m, pixels: matching) == ["size"], "thumbnail#2 has no pixel verdict: its shape decides")
  }

  /// MPF Large Thumbnails are previews; a camera fits the photo into a fixed frame with bars,
  /// so their shape says nothing, their size does. Other MPF types are not previews.
  @Test func mpfLargeThumbnailsAreJudgedBySizeOnly() {
    var m = Self.withThumbnail(PixelSize(width: 160, height: 107), image: PixelSize(width: 3000, height: 2000))
    m.embeddedImages.append(EmbeddedImage(kind: .mpfImage, item: 2, offset: 9000, length: 90000, role: "Large Thumbnail (full HD)",
                                          format: .jpeg, size: PixelSize(width: 1920, height: 1080)))
    #expect(Self.pa005(m).isEmpty, "16:9 frame of a 3:2 photo")
    m.displayed = PixelSize(width: 1200, height: 1200)
    m.stored = m.displayed
    m.embeddedImages.removeFirst()
    #expect(Self.pa005(m) == ["size"], "larger than a 1200×1200 output")
    m.embeddedImages[0].role = "Multi-frame Disparity"
    #expect(Self.pa005(m).isEmpty, "not a preview of the primary")
    m.embeddedImages[0].role = "Undefined"
    #expect(Self.pa005(m).isEmpty, "a gain map")
  }
}
