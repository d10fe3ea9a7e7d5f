/// Collects the regions the byte map view paints from a layout tree and turns them into a
/// `ByteMap`'s exact cover.
///
/// Regions come in layers by depth: a structure inside another (an IFD inside an APP1, a tag
/// inside an ICC profile inside an APP2, an image inside the data after EOI) is painted over
/// the one that holds it. Within one depth, *claims* (structures, opaque or not) win over
/// *holes* (stretches known to be unexplained, with a label saying why: "after EOI", "mdat
/// bytes no item references"), and where claims overlap the one that starts first keeps its
/// bytes. Bytes in no region become unaccounted with a generic label.
struct ByteMapBuilder {
  /// Most regions one map holds; past this, further claims are dropped (and their bytes end up
  /// unaccounted) so a hostile file cannot make the map itself huge.
  static let maxRegions = 200_000

  package let fileSize: Int
  /// Claims and holes of one depth.
  private struct Layer {
    package var claims: [ByteRegion] = []
    var holes: [ByteRegion] = []
  }
  /// Layers by depth (index 0 unused: depths start at 1).
  private var layers: [Layer] = []
  private var count = 0
  private(set) var warnings: [String] = []
  private var droppedClaims = 0

  init(fileSize: Int) { self.fileSize = fileSize }

  /// True when no more claims are taken.
  package var isFull: Bool { count >= Self.maxRegions }

  /// Attributes `range` to a structure (`kind` .structure or .opaque) at `depth`. Clamped to the
  /// file. `header` bytes of framing at the start are skipped when the content is sniffed.
  package mutating func claim(_ range: Range<Int>, _ path: [String], kind: ByteRegionKind = .structure, note: String? = nil,
                      header: Int = 0, depth: Int = 1) {
    guard let clamped = clamp(range) else { return }
    guard !isFull else {
      droppedClaims += 1
      return
    }
    var region = ByteRegion(offset: clamped.lowerBound, length: clamped.count, path: path, kind: kind, note: note)
    region.headerLength = min(max(header - (clamped.lowerBound - range.lowerBound), 0), clamped.count)
    layers[ensureLayer(depth)].claims.append(region)
    count += 1
  }

  /// Marks `range` as known to be unexplained at `depth`, with a label; claims of the same depth
  /// still win over it.
  mutating func hole(_ range: Range<Int>, _ path: [String], note: String, depth: Int = 1) {
    guard let clamped = clamp(range), !isFull else { return }
    layers[ensureLayer(depth)].holes.append(
      ByteRegion(offset: clamped.lowerBound, length: clamped.count, path: path, kind: .unaccounted, note: note))
    count += 1
  }

  /// The index of the layer of `depth`, made when first used.
  private mutating func ensureLayer(_ depth: Int) -> Int {
    let index = max(depth, 0)
    if layers.count <= index { layers += Array(repeating: Layer(), count: index + 1 - layers.count) }
    return index
  }

  /// Records a problem met while mapping.
  package mutating func warn(_ message: String) {
    if warnings.count < 100 { warnings.append(message) }
    else if warnings.count == 100 { warnings.append("more problems not listed") }
  }

  private func clamp(_ range: Range<Int>) -> Range<Int>? {
    let lower = min(max(range.lowerBound, 0), fileSize)
    let upper = min(max(range.upperBound, lower), fileSize)
    return lower < upper ? lower..<upper : nil
  }

  /// The exact cover: each depth's claims, then its holes in what they leave, painted over the
  /// depths below; generic unaccounted regions in what no layer covers.
  func build(format: ImageFormat?) -> ByteMap {
    var cover: [ByteRegion] = []
    for layer in layers where !layer.claims.isEmpty || !layer.holes.isEmpty {
      let claims = Self.resolve(layer.claims)
      let layerRegions = Self.merge(claims, Self.subtract(Self.resolve(layer.holes), claims))
      cover = Self.merge(Self.subtract(cover, layerRegions), layerRegions)
    }
    var regions: [ByteRegion] = []
    regions.reserveCapacity(cover.count * 2 + 1)
    var cursor = 0
    for region in cover {
      if region.offset > cursor { regions.append(Self.generic(cursor..<region.offset)) }
      regions.append(region)
      cursor = region.end
    }
    if cursor < fileSize { regions.append(Self.generic(cursor..<fileSize)) }
    var warnings = self.warnings
    if droppedClaims > 0 {
      warnings.append("the map holds at most \(Self.maxRegions) regions; \(droppedClaims) structures were not mapped")
    }
    return ByteMap(format: format, fileSize: fileSize, regions: Self.mergeAdjacentGaps(regions), warnings: warnings)
  }

  /// Sorts by offset (stable) and trims overlaps: the earlier-starting region keeps its bytes.
  package static func resolve(_ list: [ByteRegion]) -> [ByteRegion] {
    // Walkers emit in file order: sort only when they did not.
    let inOrder = zip(list, list.dropFirst()).allSatisfy { $0.offset <= $1.offset }
    let sorted = inOrder ? list : list.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    var out: [ByteRegion] = []
    out.reserveCapacity(sorted.count)
    var cursor = 0
    for region in sorted {
      guard region.end > cursor else { continue }
      out.append(region.offset < cursor ? piece(region, cursor..<region.end) : region)
      cursor = region.end
    }
    return out
  }

  /// The parts of `base` (sorted, disjoint) that no region of `top` (sorted, disjoint) covers.
  static func subtract(_ base: [ByteRegion], _ top: [ByteRegion]) -> [ByteRegion] {
    guard !top.isEmpty else { return base }
    var out: [ByteRegion] = []
    out.reserveCapacity(base.count)
    var first = 0
    for region in base {
      while first < top.count, top[first].end <= region.offset { first += 1 }
      var start = region.offset
      var k = first
      while start < region.end {
        guard k < top.count, top[k].offset < region.end else {
          out.append(piece(region, start..<region.end))
          break
        }
        if top[k].offset > start { out.append(piece(region, start..<top[k].offset)) }
        start = max(start, top[k].end)
        k += 1
      }
    }
    return out
  }

  /// Two sorted lists of disjoint regions as one sorted list.
  package static func merge(_ a: [ByteRegion], _ b: [ByteRegion]) -> [ByteRegion] {
    guard !a.isEmpty else { return b }
    guard !b.isEmpty else { return a }
    var out: [ByteRegion] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i].offset <= b[j].offset) {
        out.append(a[i])
        i += 1
      } else {
        out.append(b[j])
        j += 1
      }
    }
    return out
  }

  /// `region` cut to `range` (inside it); its header shrinks by what was cut off the front.
  package static func piece(_ region: ByteRegion, _ range: Range<Int>) -> ByteRegion {
    var out = region
    out.headerLength = max(0, region.headerLength - (range.lowerBound - region.offset))
    out.offset = range.lowerBound
    out.length = range.count
    out.headerLength = min(out.headerLength, out.length)
    return out
  }

  static func generic(_ range: Range<Int>) -> ByteRegion {
    ByteRegion(offset: range.lowerBound, length: range.count, path: ["(no structure)"], kind: .unaccounted,
               note: "bytes no structure explains")
  }

  /// Joins neighbouring regions with the same path, kind and note: pieces of one gap, or of a
  /// structure whose children were painted over parts of it (an APP1 around its IFDs).
  static func mergeAdjacentGaps(_ regions: [ByteRegion]) -> [ByteRegion] {
    var out: [ByteRegion] = []
    out.reserveCapacity(regions.count)
    for region in regions {
      if var last = out.last, last.kind == region.kind, last.end == region.offset,
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
