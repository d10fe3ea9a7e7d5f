/// Collects what the per-format mappers find and turns it into a `ByteMap`'s exact cover.
///
/// Two layers: *claims* (structures, opaque or not) and *holes* (stretches a mapper knows are
/// not explained, with a label saying why: "after EOI", "mdat bytes no item references"). Claims
/// win over holes; where claims overlap, the one that starts first keeps its bytes (a later claim
/// is trimmed, or dropped when it lies wholly inside). Bytes in neither become unaccounted with a
/// generic label.
struct ByteMapBuilder {
  /// Most regions one map holds; past this, further claims are dropped (and their bytes end up
  /// unaccounted) so a hostile file cannot make the map itself huge.
  static let maxRegions = 200_000

  let fileSize: Int
  private(set) var claims: [ByteRegion] = []
  private(set) var holes: [ByteRegion] = []
  private(set) var warnings: [String] = []
  private var droppedClaims = 0

  init(fileSize: Int) { self.fileSize = fileSize }

  /// True when no more claims are taken.
  var isFull: Bool { claims.count + holes.count >= Self.maxRegions }

  /// Attributes `range` to a structure (`kind` .structure or .opaque). Clamped to the file.
  /// `header` bytes of framing at the start are skipped when the content is sniffed.
  mutating func claim(_ range: Range<Int>, _ path: [String], kind: ByteRegionKind = .structure, note: String? = nil,
                      header: Int = 0) {
    guard let clamped = clamp(range) else { return }
    guard !isFull else {
      droppedClaims += 1
      return
    }
    var region = ByteRegion(offset: clamped.lowerBound, length: clamped.count, path: path, kind: kind, note: note)
    region.headerLength = min(max(header, 0), clamped.count)
    claims.append(region)
  }

  /// Marks `range` as known to be unexplained, with a label; claims still win over it.
  mutating func hole(_ range: Range<Int>, _ path: [String], note: String) {
    guard let clamped = clamp(range), !isFull else { return }
    holes.append(ByteRegion(offset: clamped.lowerBound, length: clamped.count, path: path, kind: .unaccounted, note: note))
  }

  /// Records a problem met while mapping.
  mutating func warn(_ message: String) {
    if warnings.count < 100 { warnings.append(message) }
    else if warnings.count == 100 { warnings.append("more problems not listed") }
  }

  private func clamp(_ range: Range<Int>) -> Range<Int>? {
    let lower = min(max(range.lowerBound, 0), fileSize)
    let upper = min(max(range.upperBound, lower), fileSize)
    return lower < upper ? lower..<upper : nil
  }

  /// The exact cover: claims first, then holes in what is left, then generic unaccounted gaps.
  func build(format: ImageFormat?) -> ByteMap {
    let placed = Self.resolve(claims)
    var regions: [ByteRegion] = []
    regions.reserveCapacity(placed.count * 2 + 1)
    let placedHoles = Self.resolve(holes)
    var holeIndex = 0
    var cursor = 0
    func fillGap(upTo end: Int) {
      // Intersect the gap cursor..<end with the (sorted, disjoint) holes.
      while cursor < end {
        while holeIndex < placedHoles.count, placedHoles[holeIndex].end <= cursor { holeIndex += 1 }
        guard holeIndex < placedHoles.count, placedHoles[holeIndex].offset < end else {
          regions.append(Self.generic(cursor..<end))
          cursor = end
          return
        }
        let hole = placedHoles[holeIndex]
        if hole.offset > cursor {
          regions.append(Self.generic(cursor..<hole.offset))
          cursor = hole.offset
        }
        let pieceEnd = min(hole.end, end)
        var piece = hole
        piece.offset = cursor
        piece.length = pieceEnd - cursor
        regions.append(piece)
        cursor = pieceEnd
      }
    }
    for claim in placed {
      if claim.offset > cursor { fillGap(upTo: claim.offset) }
      regions.append(claim)
      cursor = claim.end
    }
    fillGap(upTo: fileSize)
    var warnings = self.warnings
    if droppedClaims > 0 {
      warnings.append("the map holds at most \(Self.maxRegions) regions; \(droppedClaims) structures were not mapped")
    }
    return ByteMap(format: format, fileSize: fileSize, regions: Self.mergeAdjacentGaps(regions), warnings: warnings)
  }

  /// Sorts by offset (stable) and trims overlaps: the earlier-starting region keeps its bytes.
  static func resolve(_ list: [ByteRegion]) -> [ByteRegion] {
    let sorted = list.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    var out: [ByteRegion] = []
    out.reserveCapacity(sorted.count)
    var cursor = 0
    for var region in sorted {
      guard region.end > cursor else { continue }
      if region.offset < cursor {
        region.headerLength = max(0, region.headerLength - (cursor - region.offset))
        region.length = region.end - cursor
        region.offset = cursor
      }
      out.append(region)
      cursor = region.end
    }
    return out
  }

  static func generic(_ range: Range<Int>) -> ByteRegion {
    ByteRegion(offset: range.lowerBound, length: range.count, path: ["(no structure)"], kind: .unaccounted,
               note: "bytes no structure explains")
  }

  /// Joins neighbouring unaccounted regions with the same path and note (pieces of one gap).
  static func mergeAdjacentGaps(_ regions: [ByteRegion]) -> [ByteRegion] {
    var out: [ByteRegion] = []
    out.reserveCapacity(regions.count)
    for region in regions {
      if region.kind == .unaccounted, var last = out.last, last.kind == .unaccounted, last.end == region.offset,
         last.path == region.path, last.note == region.note {
        last.length += region.length
        out[out.count - 1] = last
      } else {
        out.append(region)
      }
    }
    return out
  }
}
