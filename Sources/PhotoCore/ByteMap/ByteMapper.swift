import Bytes
/// The byte map as a view of the layout tree: every byte of a file attributed to a structure —
/// marker, segment, scan data, box, item extent, chunk, IFD, ICC tag, and the structures of the
/// documents embedded in it — and what no structure explains named. The core of `inspect --map`
/// and of the PA014 check. No container is walked here: the walkers did that once.
///
/// Never throws and never trusts a length: a malformed or hostile file gives a complete map in
/// which what could not be walked is unaccounted, plus warnings.
public enum ByteMapper {
  /// Maps the file at `path` (read-only, in bounded chunks).
  public static func map(path: String) -> ByteMap {
    do {
      return map(try FileSource(path: path))
    } catch {
      return ByteMap(format: nil, fileSize: 0, regions: [], warnings: ["cannot open: \(error)"])
    }
  }

  /// Walks and maps the bytes of `source`. The format is recognised by content, as `Inspector` does.
  public static func map(_ source: any ByteSource) -> ByteMap {
    let head = (try? source.bytes(in: 0..<min(source.count, ImageFormat.sniffLength))) ?? []
    guard let format = ImageFormat.recognise(head, in: source) else {
      var builder = ByteMapBuilder(fileSize: source.count)
      if source.count > 0 { builder.warn("not \(ImageFormat.readableNames) file: nothing mapped") }
      var map = builder.build(format: nil)
      describeContent(of: &map, source: source)
      return map
    }
    return map(LayoutWalker.walk(source, format: format, mode: .complete))
  }

  /// The map of a walked file (its tree's source is the file).
  public static func map(_ tree: LayoutTree) -> ByteMap {
    var builder = ByteMapBuilder(fileSize: tree.source.count)
    var documents: [ByteMap.Document] = []
    paint(tree, prefix: [], base: 0, into: &builder, documents: &documents)
    // The walk's own warnings are the model's (`PhotoMetadata.warnings`); the map names what
    // stopped a document from being mapped.
    for (path, document) in tree.documents() {
      if let failure = document.failure { builder.warn((path.isRoot ? "" : "\(path): ") + "\(failure)") }
    }
    var map = builder.build(format: tree.format.imageFormat)
    map.documents = documents
    describeContent(of: &map, source: tree.source)
    return map
  }

  /// Paints a document's nodes at `base + 1` and deeper, then its embedded documents over them.
  static func paint(_ tree: LayoutTree, prefix: [String], base: Int, into builder: inout ByteMapBuilder,
                    documents: inout [ByteMap.Document]) {
    for node in tree.nodes { paint(node, path: prefix, depth: base + 1, placement: tree.placement, into: &builder) }
    let childBase = base + LayoutNode.depth(of: tree.nodes) + 1
    for child in tree.children {
      let label = prefix + [child.step.description]
      let ranges = child.tree.placement.fileRanges(child.tree.range)
      guard !ranges.isEmpty else { continue }  // decoded bytes: not in the file
      documents.append(ByteMap.Document(path: label.joined(separator: "/"), origin: child.origin, ranges: ranges,
                                        format: child.tree.format.rawValue, role: child.role))
      for range in ranges {
        builder.hole(range, label, note: "inside \(child.step) but in none of its structures", depth: childBase)
      }
      paint(child.tree, prefix: label, base: childBase, into: &builder, documents: &documents)
    }
  }

  /// Paints one node: a leaf whole; a node with children or unexplained content as its header,
  /// its content (claimed, or a hole), then its children one depth deeper.
  static func paint(_ node: LayoutNode, path: [String], depth: Int, placement: FilePlacement, into builder: inout ByteMapBuilder) {
    let here = path + [node.name]
    if node.kind == .unaccounted {
      for range in placement.fileRanges(node.range) { builder.hole(range, here, note: node.note ?? "bytes no structure explains", depth: depth) }
      return
    }
    if node.children.isEmpty, node.unexplainedContent == nil {
      for (index, range) in placement.fileRanges(node.range).enumerated() {
        builder.claim(range, here, kind: node.kind, note: node.note, header: index == 0 ? node.headerLength : 0, depth: depth)
      }
      return
    }
    let header = node.range.lowerBound..<node.contentRange.lowerBound
    for range in placement.fileRanges(header) { builder.claim(range, here, kind: node.kind, note: node.note, depth: depth) }
    for range in placement.fileRanges(node.contentRange) {
      if let reason = node.unexplainedContent { builder.hole(range, here, note: reason, depth: depth) }
      else { builder.claim(range, here, kind: node.kind, note: node.note, depth: depth) }
    }
    for child in node.children { paint(child, path: here, depth: depth + 1, placement: placement, into: &builder) }
  }

  /// Sniffs the opaque and unaccounted regions (the only ones whose content matters).
  static func describeContent(of map: inout ByteMap, source: any ByteSource) {
    for index in map.regions.indices where map.regions[index].kind != .structure {
      let region = map.regions[index]
      let start = region.headerLength < region.length ? region.offset + region.headerLength : region.offset
      map.regions[index].content = ByteSniffer.sniff(source, range: start..<region.end)
    }
  }
}
