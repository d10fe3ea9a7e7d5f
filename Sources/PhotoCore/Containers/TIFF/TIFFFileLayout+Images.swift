import Bytes
extension TIFFFileLayout {
  /// The image format the file is by its content: DNG when IFD0 has DNGVersion; a camera raw
  /// when its header is a raw's (CR2, RW2, ORF) or an image directory holds sensor data (CFA,
  /// linear raw, a vendor's raw compression); else TIFF (BigTIFF included). [DNG 1.7 §4
  /// DNGVersion; TIFF/EP PhotometricInterpretation 32803]
  package var format: ImageFormat {
    if directories.first?.entry(Tag.dngVersion) != nil { return .dng }
    if header.isCR2 || header.dialect == .panasonic || header.dialect == .olympus { return .raw }
    if images.values.contains(where: \.isRawSensorData) { return .raw }
    return .tiff
  }

  /// Which camera raw it is, for people ("CR2", "NEF", "ARW"): by its header, else by the Make
  /// of IFD0; nil for a TIFF or a DNG. [ExifTool's file types of TIFF-based raws]
  func rawKind(make: String?) -> String? {
    guard format == .raw else { return nil }
    if header.isCR2 { return "CR2" }
    switch header.dialect {
    case .panasonic: return "RW2"
    case .olympus: return "ORF"
    case .classic, .big: break
    }
    let maker = (make ?? "").uppercased()
    return Self.rawKinds.first { maker.hasPrefix($0.make) }?.kind ?? "camera raw"
  }

  /// Makers' TIFF-based raw formats, by the start of IFD0's Make. [ExifTool's FileType list]
  static let rawKinds: [(make: String, kind: String)] = [
    ("NIKON", "NEF"), ("SONY", "ARW"), ("PENTAX", "PEF"), ("RICOH", "PEF"), ("SAMSUNG", "SRW"),
    ("CANON", "Canon TIFF raw"), ("KODAK", "DCR"), ("EASTMAN KODAK", "DCR"), ("HASSELBLAD", "3FR"),
    ("LEAF", "MOS"), ("PHASE ONE", "IIQ"), ("SEIKO EPSON", "ERF"), ("EPSON", "ERF"), ("MAMIYA", "MEF"),
    ("LEICA", "Leica raw"), ("SINAR", "Sinar raw"),
  ]

  /// The main image: the first image directory at full resolution (NewSubfileType bit 0 clear)
  /// whose size is known — IFD0 of a TIFF, the raw SubIFD of a DNG or NEF, a CR2's IFD0 JPEG —
  /// else the largest image directory. Its size is the file's stored size.
  var mainImage: Int? {
    let sized = imageIndices.filter { images[$0]?.pixelCount != nil }
    return sized.first { images[$0]?.isReduced == false } ?? sized.max { (images[$0]?.pixelCount ?? 0) < (images[$1]?.pixelCount ?? 0) }
  }

  /// The image directories other than the main one that are other versions of the main image,
  /// shown like it (stored unrotated, displayed with IFD0's Orientation): reduced-resolution
  /// directories, directories that point at a JPEG (JPEGInterchangeFormat), and in a raw or DNG
  /// every directory that is not sensor data. Pages of a multi-page TIFF are other pictures, not
  /// previews.
  var previewIndices: [Int] {
    let main = mainImage
    let isRaw = format != .tiff
    return imageIndices.filter { index in
      guard index != main, let image = images[index], !image.isRawSensorData || image.jpeg != nil else { return false }
      return image.jpeg != nil || image.isReduced || isRaw
    }
  }
}

extension TIFFFileLayout {
  /// The values where cameras hide JPEG previews no IFD points at: each MakerNote, DNG's private
  /// data (the original MakerNote) and every other binary value (BYTE, SBYTE, UNDEFINED: a
  /// Panasonic raw's JpgFromRaw), but the metadata blocks decoded as carriers; each once, with the
  /// role of a JPEG found there, at most `PreviewImage.maxBytes` each.
  var vendorBlocks: [(range: Range<Int>, role: String)] {
    var regions: [(range: Range<Int>, role: String)] = []
    var seen = Set<Int>()
    for directory in directories {
      for entry in directory.entries where !entry.isInline {
        guard let value = entry.value, value.count >= JPEGExtent.minimumLength, value.count <= PreviewImage.maxBytes else { continue }
        let role: String
        switch (directory.kind, entry.tag, entry.type) {
        case (.exif, Tag.makerNote, _): role = EmbeddedDocumentFinder.makerNotePreviewRole
        case (.image, Tag.xmp, _), (.image, Tag.iptc, _), (.image, Tag.icc, _), (.image, Tag.jpegTables, _): continue
        case (.image, Tag.dngPrivateData, _), (_, _, 1), (_, _, 6), (_, _, 7): role = EmbeddedDocumentFinder.binaryValuePreviewRole
        default: continue
        }
        if seen.insert(value.lowerBound).inserted { regions.append((value, role)) }
      }
    }
    return regions.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// Most places that start like a JPEG tried per value when the pixel decoder looks for the
  /// largest preview (the layout walk has its own caps).
  static let maxJPEGCandidates = 64

  /// The whole JPEGs in `region` of `source` (SOI to EOI, `JPEGExtent`), at most
  /// `maxJPEGCandidates` tried.
  static func wholeJPEGs(in region: Range<Int>, of source: any ByteSource) -> [Range<Int>] {
    guard let bytes = try? source.bytes(in: region), bytes.count == region.count else { return [] }
    var extent = JPEGExtent(source: MemorySource(bytes))
    var found: [Range<Int>] = []
    var position = 0, tried = 0
    while tried < maxJPEGCandidates, let start = JPEGExtent.nextStart(in: bytes, from: position, before: bytes.count) {
      tried += 1
      if let end = extent.end(from: start, limit: bytes.count) {
        found.append(region.lowerBound + start..<region.lowerBound + end)
        position = end
      } else {
        position = start + 1
      }
    }
    return found
  }
}

/// How the pixels of one picture of a TIFF file are decoded: a whole JPEG in the file (a
/// JPEGInterchangeFormat, or a strip or tile that is a whole JPEG), or an image directory libtiff
/// decodes (strips or tiles of a coding it has).
package enum TIFFPictureSource: Sendable, Equatable {
  case jpeg(Range<Int>)
  case directory(offset: Int)
}

extension TIFFImageDirectory {
  /// Compressions libtiff decodes in Debian's build (with the codecs it links: zlib, libjpeg,
  /// JBIG, LZMA, Zstandard, WebP, LERC; old-style JPEG too). A directory with any other is
  /// not decoded. [libtiff 4.5 tif_codec.c; `tiffinfo -c` on Debian 12]
  static let libtiffCompressions: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 32773, 32946, 34676, 34677, 34925, 50000, 50001, 34887, 34661]

  /// The range of its one strip or tile when that is a whole JPEG (old-style or new JPEG
  /// without shared tables: a DNG preview, a CR2's IFD0), checked by walking its markers.
  func wholeJPEGStrile(in source: any ByteSource) -> Range<Int>? {
    guard compression == 6 || compression == 7, !hasJPEGTables, let striles, striles.count == 1,
          let strile = striles.first, strile.count >= JPEGExtent.minimumLength else { return nil }
    var extent = JPEGExtent(source: source)
    guard let end = extent.end(from: strile.lowerBound, limit: strile.upperBound) else { return nil }
    return strile.lowerBound..<end
  }

  /// How its pixels are decoded, nil when they cannot be: sensor data, a coding libtiff does not
  /// have, or no pixels at all.
  func pictureSource(in source: any ByteSource, offset: Int) -> TIFFPictureSource? {
    if let jpeg, (try? source.bytes(in: jpeg.lowerBound..<jpeg.lowerBound + 3)) == [0xFF, 0xD8, 0xFF] { return .jpeg(jpeg) }
    if let whole = wholeJPEGStrile(in: source) { return .jpeg(whole) }
    guard !isRawSensorData, Self.libtiffCompressions.contains(compression), pixelCount != nil,
          let striles, !striles.isEmpty else { return nil }
    return .directory(offset: offset)
  }
}
