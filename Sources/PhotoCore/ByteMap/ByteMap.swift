import Bytes
/// What a stretch of a file's bytes is, as far as photoaudit can tell.
public enum ByteRegionKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// A structure photoaudit knows and whose content it understands (a marker segment, the
  /// entropy-coded data of a scan, a box, an item extent, a chunk).
  case structure
  /// A structure whose framing is known (its length is certain) but whose payload is of an unknown
  /// kind: an APPn with an unrecognised signature, a box or chunk type nobody registered.
  case opaque
  /// Bytes no structure explains: after EOI or IEND, in `mdat` where no item points, inside a
  /// `free` box with non-zero content, between segments.
  case unaccounted
}

/// One stretch of a file, attributed to a structure (or to none).
public struct ByteRegion: Sendable, Equatable, Hashable {
  /// Absolute offset of the first byte.
  public var offset: Int
  /// Number of bytes (always > 0 in a built map).
  public var length: Int
  /// The structure path from the outside in: `["APP1 Exif"]`, `["meta", "iloc"]`,
  /// `["mdat", "item 1 hvc1 extent 0"]`, `["MPF image 2", "scan 1 data"]`.
  public var path: [String]
  public var kind: ByteRegionKind
  /// Details: what a payload was recognised as, a bad CRC, a truncation, why bytes are unaccounted.
  public var note: String?
  /// What the bytes look like (set for opaque and unaccounted regions by the sniffer).
  public var content: ByteContent?
  /// Bytes of framing at the start (marker and length, box header) that the sniffer skips.
  public var headerLength: Int = 0

  public init(offset: Int, length: Int, path: [String], kind: ByteRegionKind, note: String? = nil,
              content: ByteContent? = nil) {
    self.offset = offset
    self.length = length
    self.path = path
    self.kind = kind
    self.note = note
    self.content = content
  }

  /// Absolute offset just past the region.
  public var end: Int { offset + length }
  /// The absolute byte range.
  public var range: Range<Int> { offset..<end }
  /// The path as one string ("meta / iprp / ipco / hvcC").
  public var pathText: String { path.isEmpty ? "(file)" : path.joined(separator: " / ") }
}

/// Every byte of a file attributed to a structure: regions sorted by offset, not overlapping,
/// covering `0..<fileSize` exactly. Bytes no structure explains are `.unaccounted` regions.
public struct ByteMap: Sendable, Equatable {
  /// The format the file was mapped as (nil when it is none photoaudit reads).
  public var format: ImageFormat?
  /// Size of the file in bytes.
  public var fileSize: Int
  /// The regions, in file order.
  public var regions: [ByteRegion]
  /// Problems met while mapping (truncations, bad CRCs, limits); the map is still complete.
  public var warnings: [String]
  /// The embedded documents whose bytes are in the file (their structures are regions of the
  /// map under their path), in the order of the layout tree.
  public var documents: [Document] = []

  /// An embedded document placed in the file: an MPF image, a thumbnail, an ICC profile, an
  /// image after EOI.
  public struct Document: Sendable, Equatable, Hashable {
    /// Its carrier path ("trailer#1", "mpf-image#2/thumbnail", "icc").
    public var path: String
    /// How its parent holds it; `.appended` documents lie outside every structure of the parent.
    public var origin: EmbeddedDocument.Origin
    /// The file ranges of its bytes (one, unless joined from pieces).
    public var ranges: [Range<Int>]
    /// "jpeg", "tiff", "icc"…
    public var format: String
    /// What it is ("after EOI", "Large Thumbnail (VGA)").
    public var role: String?

    /// Its size in bytes.
    public var length: Int { ranges.reduce(0) { $0 + $1.count } }
  }

  public init(format: ImageFormat?, fileSize: Int, regions: [ByteRegion], warnings: [String] = []) {
    self.format = format
    self.fileSize = fileSize
    self.regions = regions
    self.warnings = warnings
  }

  /// Bytes attributed to a structure, opaque or not.
  public var accountedBytes: Int {
    regions.reduce(0) { $0 + ($1.kind == .unaccounted ? 0 : $1.length) }
  }

  /// Bytes no structure explains.
  public var unaccountedBytes: Int { fileSize - accountedBytes }

  /// Accounted bytes over the file size (1 for an empty file).
  public var accountedFraction: Double {
    fileSize == 0 ? 1 : Double(accountedBytes) / Double(fileSize)
  }

  /// True when every byte belongs to some structure.
  public var isFullyAccounted: Bool { !regions.contains { $0.kind == .unaccounted } }

  /// The unaccounted regions, in file order.
  public var unaccounted: [ByteRegion] { regions.filter { $0.kind == .unaccounted } }

  /// The opaque regions, in file order.
  public var opaque: [ByteRegion] { regions.filter { $0.kind == .opaque } }

  /// The region holding byte `offset`, if any (binary search).
  public func region(at offset: Int) -> ByteRegion? {
    var low = 0, high = regions.count
    while low < high {
      let mid = (low + high) / 2
      if regions[mid].end <= offset { low = mid + 1 } else { high = mid }
    }
    guard low < regions.count, regions[low].range.contains(offset) else { return nil }
    return regions[low]
  }

  /// Problems with the map's own invariants (sorted, no overlap, no gap, no empty region, exact
  /// cover); empty for every map `ByteMapper` builds. Used by tests.
  public var invariantViolations: [String] {
    var problems: [String] = []
    var cursor = 0
    for region in regions {
      if region.length <= 0 { problems.append("empty region at \(region.offset)") }
      if region.offset != cursor { problems.append("region at \(region.offset) should start at \(cursor)") }
      cursor = max(cursor, region.end)
    }
    if cursor != fileSize { problems.append("regions end at \(cursor), the file at \(fileSize)") }
    return problems
  }
}
