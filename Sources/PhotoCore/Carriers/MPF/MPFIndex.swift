import Bytes
/// One image listed in an MPF index. [CIPA DC-007-2009 5.2.3.3, table 6]
public struct MPFEntry: Sendable, Equatable {
  /// 1-based position in the index (1 = the primary image).
  public var index: Int
  /// The 32-bit individual image attribute.
  public var attribute: UInt32
  /// Size in bytes of the image.
  public var size: Int
  /// Offset from the start of the MP header (the TIFF header after "MPF\0"); 0 for the primary.
  public var offset: Int

  /// The image type from the low 24 bits of the attribute ("Large Thumbnail (VGA)", "Disparity"...).
  public var typeName: String {
    switch attribute & 0x00FF_FFFF {
    case 0x030000: "Baseline MP Primary Image"
    case 0x010001: "Large Thumbnail (VGA)"
    case 0x010002: "Large Thumbnail (full HD)"
    case 0x020001: "Multi-frame Panorama"
    case 0x020002: "Multi-frame Disparity"
    case 0x020003: "Multi-angle"
    case 0x000000: "Undefined"
    default: "Type 0x" + String(attribute & 0x00FF_FFFF, radix: 16)
    }
  }

  /// MP types that are previews of the primary image (Large Thumbnail, classes 1 and 2): they
  /// show what the primary shows, so an output that keeps one after cropping shows the
  /// uncropped original (PA005). Disparity and multi-angle images show other viewpoints by
  /// design, and type 0 ("Undefined") is what Ultra HDR gain maps use. [CIPA DC-007-2009 5.2.3.3.1]
  public static let previewTypes: Set<UInt32> = [0x010001, 0x010002]

  /// The names (`typeName`) of the preview types, as the layout tree records them (its role).
  public static let previewTypeNames: Set<String> = ["Large Thumbnail (VGA)", "Large Thumbnail (full HD)"]

  /// True for a Large Thumbnail: a preview of the primary image.
  public var isPreviewOfPrimary: Bool { Self.previewTypes.contains(attribute & 0x00FF_FFFF) }
}

/// The MP index of an APP2 "MPF\0" segment: the entries that say where each image is.
public struct MPFIndex: Sendable, Equatable {
  public var entries: [MPFEntry]
  public var warnings: [String]
  /// Entries the index lists beyond `maxEntries`, not read (a resource limit: PA015).
  public var unreadEntries = 0

  /// Most entries read. One APP2 segment holds at most 4,093 entries of 16 bytes, so only an
  /// index larger than any JPEG can carry reaches it; the count field alone never drives the loop.
  public static let maxEntries = 4096

  /// Parses the MP header payload (bytes from the TIFF header on). `base` is its absolute
  /// offset, for messages.
  public static func parse(_ payload: [UInt8], base: Int) -> MPFIndex {
    var index = MPFIndex(entries: [], warnings: [])
    do {
      var r = ByteReader(payload, base: base, what: "MPF index")
      let order = try r.read(2)
      let bigEndian: Bool
      switch order {
      case [0x4D, 0x4D]: bigEndian = true
      case [0x49, 0x49]: bigEndian = false
      default:
        index.warnings.append("MPF index at byte \(base) has no TIFF byte-order mark")
        return index
      }
      _ = try r.u16(bigEndian: bigEndian)
      let ifdOffset = Int(try r.u32(bigEndian: bigEndian))
      try r.seek(to: ifdOffset)
      let count = Int(try r.u16(bigEndian: bigEndian))
      guard count <= 256 else {
        index.warnings.append("MPF index at byte \(base) claims \(count) tags")
        return index
      }
      var entryCount = 0
      var entryData: (offset: Int, length: Int)?
      for _ in 0..<count {
        let tag = try r.u16(bigEndian: bigEndian)
        _ = try r.u16(bigEndian: bigEndian)
        let components = Int(try r.u32(bigEndian: bigEndian))
        let value = Int(try r.u32(bigEndian: bigEndian))
        switch tag {
        case 0xB001: entryCount = value  // NumberOfImages (LONG, inline)
        case 0xB002: entryData = (value, components)  // MPEntry (UNDEFINED, 16 bytes per image)
        default: break
        }
      }
      guard let data = entryData else {
        index.warnings.append("MPF index at byte \(base) has no MP Entry tag")
        return index
      }
      let images = min(entryCount, data.length / 16, maxEntries)
      if entryCount > maxEntries {
        index.unreadEntries = max(0, min(entryCount, data.length / 16) - maxEntries)
        index.warnings.append("MPF index lists \(entryCount) images; read \(maxEntries)")
      }
      try r.seek(to: data.offset)
      for i in 0..<images {
        let attribute = try r.u32(bigEndian: bigEndian)
        let size = Int(try r.u32(bigEndian: bigEndian))
        let offset = Int(try r.u32(bigEndian: bigEndian))
        try r.skip(4)
        index.entries.append(MPFEntry(index: i + 1, attribute: attribute, size: size, offset: offset))
      }
    } catch {
      index.warnings.append("\(error)")
    }
    return index
  }
}
