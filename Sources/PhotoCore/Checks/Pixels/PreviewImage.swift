import Bytes
import Codecs

/// A preview of the primary image embedded in a file — an EXIF IFD1 thumbnail, a JFXX
/// thumbnail, a JPEG preview in the MakerNote or the EXIF slack, an MPF Large Thumbnail — which must show what the image shows: PA005 compares
/// each one with the image (by the pixels, or by its shape under `--no-pixels`). Other embedded
/// images (gain maps, depth maps, disparity and multi-angle views) are not previews of the
/// primary and are not compared. HEIF thumbnail items are previews too: a JPEG-coded one is
/// walked like a JPEG, an HEVC or AV1 one is decoded by libheif with its own transformations.
package struct PreviewImage {
  /// Its place in the layout tree ("thumbnail", "thumbnail#2", "mpf-image#2").
  package var path: CarrierPath
  /// What it is ("EXIF IFD1 thumbnail", "JFXX thumbnail", "Large Thumbnail (VGA)").
  package var role: String
  /// Its stored size, when known.
  package var size: PixelSize?
  /// A camera may fit the photo into a fixed frame with black bars (an MPF full-HD preview of a
  /// 3:2 photo is 16:9): its shape alone says nothing.
  var mayHaveBars: Bool
  /// Its bytes when the model holds them (a thumbnail's carrier payload).
  package var payload: [UInt8]?
  /// Where its bytes are in the file, when the model does not hold them (an MPF image).
  var fileRange: Range<Int>?
  /// The HEIF thumbnail item coded as HEVC or AV1 it is, decoded by libheif (nil otherwise).
  var heifItem: Int? = nil
  /// Its size as displayed through its own transformations (a HEIF thumbnail item's
  /// `clap`/`irot`/`imir`, whatever its coding); nil when it is displayed with the image's orientation.
  package var displayed: PixelSize? = nil
  /// The offset of the TIFF image directory it is, decoded by libtiff (a NEF's or DNG's
  /// uncompressed preview in IFD0); nil otherwise.
  var tiffDirectory: Int? = nil

  /// True when its decoded pixels are already as displayed: a HEIF thumbnail item is shown
  /// through its own `clap`/`irot`/`imir` (`heifThumbnail`); the others are stored like their
  /// image and displayed with its orientation.
  var isDecodedAsDisplayed: Bool { heifItem != nil }

  /// How the HEIF walk names a thumbnail item (`thmb` reference): "thumbnail of item 10".
  static let heifThumbnailRole = "thumbnail of item"
  /// Most bytes read from the file for one preview (a full-HD JPEG is well under 2 MB); a larger
  /// one is not compared, and the check says so (PA015).
  package static let maxBytes = 16 << 20

  /// The previews of the primary image of `m`, in layout order.
  package static func all(_ m: PhotoMetadata) -> [PreviewImage] {
    let heifPrimary = m.tags.first { $0.name == "PrimaryItemID" && $0.document.isRoot }.flatMap { tag -> Int? in
      if case .integer(let id) = tag.value { return Int(exactly: id) }
      return nil
    }
    return m.embeddedImages.compactMap { image in
      guard image.path.steps.count == 1, let role = image.role else { return nil }
      switch image.kind {
      case .thumbnail:
        // A HEIF thumbnail item coded as JPEG is walked and compared like one; an HEVC or AV1
        // one is decoded by libheif.
        let isHEIFThumbnail = role.hasPrefix(heifThumbnailRole)
        // A thumbnail of another image of the file (a second, hidden picture) is no preview of
        // the primary: not compared (its metadata is PA010's).
        if isHEIFThumbnail, !isThumbnail(role, of: heifPrimary) { return nil }
        if isHEIFThumbnail, image.format != .jpeg, let item = image.item {
          return PreviewImage(path: image.path, role: role, size: image.size, mayHaveBars: false, payload: nil, fileRange: nil,
                              heifItem: item, displayed: image.displayed)
        }
        if role.hasPrefix(EmbeddedDocumentFinder.tiffDirectoryPreviewRole) {
          return PreviewImage(path: image.path, role: role, size: image.size, mayHaveBars: false, payload: nil, fileRange: nil,
                              tiffDirectory: image.offset)
        }
        let heifJPEG = isHEIFThumbnail && image.format == .jpeg
        guard isStoredLikeTheImage(role) || heifJPEG else { return nil }
        let carrier = m.carriers.first { $0.kind == .thumbnail && $0.document.isRoot && $0.offset == image.offset && !$0.payload.isEmpty }
        return PreviewImage(path: image.path, role: role, size: image.size, mayHaveBars: false, payload: carrier?.payload,
                            fileRange: nil, displayed: heifJPEG ? image.displayed : nil)
      case .mpfImage:
        guard MPFEntry.previewTypeNames.contains(role), image.length > 0 else { return nil }
        return PreviewImage(path: image.path, role: role, size: image.size, mayHaveBars: true, payload: nil,
                            fileRange: image.offset..<image.offset + image.length)
      default:
        return nil
      }
    }
  }

  /// A HEIF thumbnail item's pixels as displayed: libheif decodes the coded picture without
  /// transformations, the picture is cut to the item's `ispe` — libheif 1.15 hands back the whole
  /// coded frame (Canon's 320×214 thumbnails are coded 320×320, the rest is padding) — and its
  /// own `clap`/`irot`/`imir` are applied (`HEIFDisplayGeometry`). Nil when it does not decode
  /// or its coded frame is smaller than its `ispe`.
  static func heifThumbnail(_ item: Int, from source: any ByteSource, file: HEIFFile?, maxPixels: Int) -> PixelImage? {
    guard let file = file ?? (try? HEIFWalker.parse(source)), let stored = file.storedSize(of: item),
          let context = try? HEIFContext(input: ByteSourceInput(source: source)),
          let coded = try? context.decodeThumbnail(item: item, applyTransformations: false, maxPixels: maxPixels),
          coded.width >= stored.width, coded.height >= stored.height else { return nil }
    let geometry = HEIFDisplayGeometry(stored: stored, transforms: file.transforms(of: item))
    let region = geometry.crop ?? PixelRect(x: 0, y: 0, width: stored.width, height: stored.height)
    let picture = region == PixelRect(x: 0, y: 0, width: coded.width, height: coded.height) ? coded : try? coded.cropped(to: region)
    return picture?.oriented(geometry.orientation)
  }

  /// Roles of the previews stored like their image (not rotated for display) and shown with its
  /// orientation: EXIF IFD1 and JFXX thumbnails, and the JPEG previews cameras put in the
  /// MakerNote or the EXIF slack.
  static let storedLikeTheImage = [EmbeddedDocumentFinder.ifd1ThumbnailRole, JFXXThumbnail.role,
                                   EmbeddedDocumentFinder.makerNotePreviewRole, EmbeddedDocumentFinder.slackPreviewRole,
                                   EmbeddedDocumentFinder.tiffJPEGPreviewRole, EmbeddedDocumentFinder.tiffDirectoryPreviewRole]

  /// True when `role` is one of `storedLikeTheImage` ("JFXX thumbnail (RGB pixels)" included).
  static func isStoredLikeTheImage(_ role: String) -> Bool { storedLikeTheImage.contains { role.hasPrefix($0) } }

  /// True when the HEIF walk's `role` ("thumbnail of item 1, 20") names `primary` among the
  /// items it is a thumbnail of.
  static func isThumbnail(_ role: String, of primary: Int?) -> Bool {
    guard let primary else { return false }
    return role.dropFirst(heifThumbnailRole.count).split(separator: ",").contains { Int($0.trimmingCharacters(in: .whitespaces)) == primary }
  }

  /// The first EXIF IFD1 thumbnail keeps the words reports always used for it.
  var isClassicThumbnail: Bool { path == CarrierPath("thumbnail") && role == EmbeddedDocumentFinder.ifd1ThumbnailRole }

  /// How messages name it: "the embedded thumbnail" (the first IFD1 thumbnail), "the JFXX
  /// thumbnail at thumbnail#2", "the MPF Large Thumbnail (VGA) at mpf-image#2".
  package var subject: String {
    if isClassicThumbnail { return "the embedded thumbnail" }
    return "the \(mayHaveBars ? "MPF " : "")\(role) at \(path)"
  }

  /// Its pixels (stored, not oriented); nil when they cannot be read or decoded, or are over
  /// `maxBytes` (then the shape check judges it, and the pixel check is incomplete: PA015).
  package func decode(from source: any ByteSource, heif: HEIFFile? = nil, maxPixels: Int) -> PixelImage? {
    if let heifItem { return Self.heifThumbnail(heifItem, from: source, file: heif, maxPixels: maxPixels) }
    if let tiffDirectory { return Self.tiffPreview(tiffDirectory, from: source, maxPixels: maxPixels) }
    let bytes: [UInt8]
    if let payload {
      bytes = payload
    } else if let fileRange, fileRange.count <= Self.maxBytes, let read = try? source.bytes(in: fileRange) {
      bytes = read
    } else {
      return nil
    }
    if let jfxx = JFXXThumbnail.parse(bytes), jfxx.coding != .jpeg, role.hasPrefix(JFXXThumbnail.role) {
      return Self.rawPixels(jfxx, in: bytes)
    }
    if role == UncompressedThumbnail.rgbRole, let size { return Self.uncompressedRGB(size, from: bytes, maxPixels: maxPixels) }
    guard bytes.starts(with: [0xFF, 0xD8, 0xFF]), let header = try? JPEGCodec.readHeader(bytes) else { return nil }
    // Decoded small: the comparison uses 32×32 fingerprints.
    let scale = PictureDecoder.scale(for: PixelSize(width: header.width, height: header.height), minLongSide: PixelVerifier.decodeLongSide)
    return try? JPEGCodec.decode(bytes, scale: scale, maxPixels: maxPixels, expandGray: true)
  }

  /// True when it claims to be a picture: a HEIF coded image item, an uncompressed IFD1
  /// thumbnail (by its Compression tag), bytes that begin with a JPEG's SOI, or a raw JFXX thumbnail.
  func claimsToBePicture(in source: any ByteSource) -> Bool {
    if heifItem != nil || tiffDirectory != nil { return true }  // a coded image item or an image directory, by its type
    if role.hasPrefix(Self.uncompressedRolePrefix) { return true }
    let head: [UInt8]
    if let payload {
      head = Array(payload.prefix(8))
    } else if let fileRange, let read = try? source.bytes(in: fileRange.lowerBound..<min(fileRange.upperBound, fileRange.lowerBound + 8)) {
      head = read
    } else {
      return false
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
    return role.hasPrefix(JFXXThumbnail.role) && payload.flatMap(JFXXThumbnail.parse).map { $0.coding != .jpeg } == true
  }

  /// A preview directory of a TIFF file decoded by libtiff, reduced as the comparison needs;
  /// nil when it does not decode.
  static func tiffPreview(_ offset: Int, from source: any ByteSource, maxPixels: Int) -> PixelImage? {
    let head = (try? source.bytes(in: 0..<TIFFFileHeader.neededBytes)) ?? []
    let dialect = TIFFFileHeader.parse(head)?.dialect
    // Rows that do not decode are black: such a picture is not compared (PA015), not judged.
    guard let result = try? TIFFCodec.decode(ByteSourceInput(source: source), directory: offset,
                                             presentMagic42: dialect == .panasonic || dialect == .olympus,
                                             factor: { PixelReduction.factor(width: $0, height: $1, minimumLongSide: PixelVerifier.decodeLongSide) },
                                             maxPixels: maxPixels), result.damage == nil else { return nil }
    return result.image
  }

  /// How an uncompressed IFD1 thumbnail's role starts, whatever its layout.
  static let uncompressedRolePrefix = EmbeddedDocumentFinder.ifd1ThumbnailRole + " (uncompressed"

  /// The pixels of an uncompressed 8-bit RGB thumbnail of `size` from its strips joined in
  /// order; nil when they hold fewer bytes than the picture needs or it is over `maxPixels`.
  static func uncompressedRGB(_ size: PixelSize, from samples: [UInt8], maxPixels: Int) -> PixelImage? {
    let (count, overflow) = size.width.multipliedReportingOverflow(by: size.height)
    guard !overflow, size.width > 0, size.height > 0, count <= maxPixels, samples.count >= count * 3 else { return nil }
    return try? PixelImage(width: size.width, height: size.height, channels: 3, pixels: Array(samples.prefix(count * 3)))
  }

  /// The pixels of a raw JFXX thumbnail (RGB samples, or palette indices).
  static func rawPixels(_ jfxx: JFXXThumbnail, in bytes: [UInt8]) -> PixelImage? {
    guard let size = jfxx.size else { return nil }
    var rgb: [UInt8]
    if let palette = jfxx.palette {
      rgb = []
      rgb.reserveCapacity(size.width * size.height * 3)
      for index in bytes[jfxx.data] { rgb += bytes[palette.lowerBound + Int(index) * 3..<palette.lowerBound + Int(index) * 3 + 3] }
    } else {
      rgb = Array(bytes[jfxx.data])
    }
    return try? PixelImage(width: size.width, height: size.height, channels: 3, pixels: rgb)
  }
}
