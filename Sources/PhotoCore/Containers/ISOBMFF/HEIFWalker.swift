import Bytes
/// Our own ISOBMFF box walker for HEIC, HEIF and AVIF: reads the top-level box headers, then the
/// `meta` box (items, locations, references, properties), then only the payloads of metadata
/// items (Exif, XMP). Never reads image data. [ISO/IEC 14496-12; ISO/IEC 23008-12]
///
/// The walker locates carriers; it does not interpret EXIF or XMP.
public enum HEIFWalker {
  package static let format = "HEIF"

  /// Box types that may appear at the top level of a HEIF/AVIF file (and of ISOBMFF in general).
  /// [ISO/IEC 14496-12 Table 1; ISO/IEC 23008-12; ISO/IEC 19566-5 'jumb'; C2PA 'uuid']
  static let topLevelTypes: Set<String> = [
    "ftyp", "styp", "meta", "mdat", "free", "skip", "moov", "moof", "mfra", "uuid", "pdin", "sidx",
    "ssix", "prft", "emsg", "meco", "wide", "jumb", "mini", "imda", "etyp", "otyp", "mpvd",
  ]

  /// Scans a HEIF/AVIF file: format, primary stored size and transforms, carriers (every Exif
  /// and XMP item, ICC profiles), embedded images and structure facts (the metadata walk of
  /// `ISOBMFFWalker`).
  ///
  /// Throws when the file is not a HEIF or AVIF image, has no `meta` box, or ends inside a box
  /// header or the `meta` box. Everything recoverable is a warning.
  public static func scan(_ source: any ByteSource) throws(ContainerError) -> ContainerScan {
    try image(ISOBMFFWalker.walk(source)).scan
  }

  /// Reads the file's structure without reading any item data.
  public static func parse(_ source: any ByteSource) throws(ContainerError) -> HEIFFile {
    let tree = try image(ISOBMFFWalker.walk(source))
    guard let file = tree.scan.heif else { throw .malformed(format: format, what: "file", offset: 0, reason: "not a HEIF file") }
    return file
  }

  /// The tree of a HEIF or AVIF image; throws its failure, or why an ISOBMFF file is none.
  package static func image(_ tree: LayoutTree) throws(ContainerError) -> LayoutTree {
    if let failure = tree.failure { throw failure }
    guard tree.format.imageFormat?.isHEIFFamily == true else {
      let head = (try? tree.source.bytes(in: tree.range.lowerBound..<min(tree.range.upperBound, tree.range.lowerBound + 4096))) ?? []
      _ = try brands(head)
      throw .unsupported(reason: "ISOBMFF file is not a HEIF or AVIF image")
    }
    return tree
  }

  /// Reads the `meta` box into memory (capped) and splits it into boxes.
  static func loadMeta(_ box: ISOBMFFBox, source: any ByteSource,
                       state: inout ISOBMFFWalkState) throws(ContainerError) -> LoadedBox {
    guard box.size <= ISOBMFFLimits.maxMetaBytes else {
      throw .limitExceeded(format: format, what: "'meta' box at byte \(box.offset)", limit: ISOBMFFLimits.maxMetaBytes)
    }
    let payload = try read(source, box.payloadRange, "'meta' box")
    var loaded = LoadedBox(box: box, payload: payload[...], children: [])
    // meta is a FullBox: version and flags, then child boxes. [ISO/IEC 14496-12 8.11.1]
    guard payload.count >= 4 else {
      throw .malformed(format: format, what: "'meta' box", offset: box.offset, reason: "no version and flags")
    }
    // QuickTime writes 'meta' as a plain box: its first child then starts right away. [QTFF]
    let plain = payload.count >= 8 && Array(payload[4..<8]) == Array(ascii: "hdlr") && payload[0..<4] != [0, 0, 0, 0]
      && Int(payload[0]) << 24 | Int(payload[1]) << 16 | Int(payload[2]) << 8 | Int(payload[3]) >= 8
    if plain { state.warn("HEIF 'meta' box at byte \(box.offset) has no version and flags (QuickTime style)") }
    loaded.children = try LoadedBox.children(of: payload[...], from: plain ? 0 : 4, base: box.payloadOffset, depth: 2,
                                             parent: "meta", state: &state)
    loaded.box.children = loaded.children.map(\.box)
    return loaded
  }

  /// The major brand of low-overhead HEIF: a 'mini' box replaces 'meta'. [ISO/IEC 23008-12:2024 Amd 2]
  static let lowOverheadBrand = "mif3"

  /// True when `ftyp` (the box, header included) names low-overhead HEIF as its major brand: a
  /// HEIF image photoaudit cannot read yet, so a failure, not "not an image".
  static func isLowOverhead(_ ftyp: [UInt8]) -> Bool {
    ftyp.count >= 12 && ISOBMFFBox.fourCC(Array(ftyp[8..<12])) == lowOverheadBrand
  }

  /// `ftyp`: major brand, minor version, compatible brands; the brands name the format.
  /// [ISO/IEC 14496-12 4.3; ISO/IEC 23008-12 10; AV1-ISOBMFF/AVIF 6]
  static func brands(_ ftyp: [UInt8]) throws(ContainerError) -> HEIFFile {
    var r = ByteReader(ftyp, base: 0, what: "'ftyp' box")
    var major = "", minor = 0
    var compatible: [String] = []
    do throws(ByteError) {
      let size = Int(try r.u32be())
      try r.skip(4)
      major = ISOBMFFBox.fourCC(try r.read(4))
      minor = Int(try r.u32be())
      let end = size == 1 ? ftyp.count : min(max(size, 16), ftyp.count)
      while r.position + 4 <= end { compatible.append(ISOBMFFBox.fourCC(try r.read(4))) }
    } catch {
      throw .truncated(format: format, what: "'ftyp' box", offset: 0)
    }
    if major == lowOverheadBrand {
      throw .unsupported(reason: "HEIF with the low-overhead 'mini' box (brand 'mif3') is not read yet")
    }
    guard let format = ImageFormat.isobmffImageFormat(ftyp), format.isHEIFFamily else {
      let list = ([major] + compatible).map { "'\($0)'" }.joined(separator: ", ")
      throw .unsupported(reason: "ISOBMFF file with brands \(list) is not a HEIF or AVIF image")
    }
    return HEIFFile(format: format, majorBrand: major, minorVersion: minor, compatibleBrands: compatible)
  }

  /// Warns about unreadable item data: each metadata item on its own (its bytes may be private),
  /// image items summarised in one line (their data is never read, but it shows truncation).
  static func reportLocationProblems(_ file: HEIFFile, state: inout ISOBMFFWalkState) {
    var images: [Int] = []
    var first: String?
    for (id, location) in file.locations.sorted(by: { $0.key < $1.key }) {
      guard let problem = location.problem else { continue }
      let item = file.item(id)
      if let item, item.isImage {
        images.append(id)
        if first == nil { first = problem }
      } else {
        state.warn(problem)
      }
    }
    if let first, images.count == 1 {
      state.warn(first)
    } else if let first {
      let ids = images.prefix(8).map(String.init).joined(separator: ", ") + (images.count > 8 ? "…" : "")
      state.warn("\(images.count) HEIF image items (\(ids)) have unreadable data, e.g. \(first)")
    }
  }

  /// Cross-checks that do not stop the walk: the primary item exists, is an image, has a size.
  static func validate(_ file: inout HEIFFile, state: inout ISOBMFFWalkState) {
    if let handler = file.handlerType, handler != "pict" {
      state.warn("HEIF 'meta' handler is '\(handler)', not 'pict'")
    }
    guard let primary = file.primaryItemID else {
      state.warn("HEIF file has no 'pitm' box: no primary image")
      return
    }
    guard let item = file.item(primary) else {
      state.warn("HEIF 'pitm' names item \(primary), which 'iinf' does not declare")
      return
    }
    if !item.isImage { state.warn("HEIF primary item \(primary) is of type '\(item.type)', not an image") }
    if file.storedSize(of: primary) == nil { state.warn("HEIF primary item \(primary) has no 'ispe' size") }
    for (property, essential) in file.properties(of: primary) where !essential && property.isTransform {
      state.warn("HEIF primary item \(primary) has a transformative property not marked essential")
    }
  }

  /// Reads `range` exactly, converting byte errors.
  package static func read(_ source: any ByteSource, _ range: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: range, what: what) } catch { throw ContainerError(error, format: format) }
  }
}
