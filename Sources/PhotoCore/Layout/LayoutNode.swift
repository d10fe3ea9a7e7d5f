/// One structure of a document — a marker segment, the entropy-coded data of a scan, a box, an
/// item extent, a chunk, an IFD, an ICC tag — with its byte range and what it is, as one
/// container walk found it. Nodes nest: a box holds its child boxes, an APP1 its IFDs.
///
/// Ranges are in the byte space of the node's document (`LayoutTree.source`); the document's
/// `placement` turns them into file offsets.
public struct LayoutNode: Sendable, Equatable {
  /// The structure's name ("APP1 Exif", "scan 1 data", "iloc", "IDAT", "IFD0", "tag 'desc'").
  public var name: String
  /// Its bytes, header included.
  public var range: Range<Int>
  /// Bytes of framing at the start (marker and length, box header): the content starts after.
  public var headerLength: Int
  /// Known structure, known framing of unknown content (opaque), or bytes nothing explains.
  public var kind: ByteRegionKind
  /// Details: what a payload was recognised as, a bad CRC, a truncation, why bytes are unexplained.
  public var note: String?
  /// When set, the content (after the header) that no child covers is unexplained, for this
  /// reason ("bytes of 'mdat' that no item references"); when nil the node explains all its bytes.
  public var unexplainedContent: String?
  /// No decoder interprets these bytes fully (a MakerNote, ICC tag data, a comment, text over a
  /// cap): the fail-closed sweep reads them for GPS signatures. Opaque and unexplained bytes are
  /// always swept.
  public var swept: Bool
  /// Structures inside this one, in file order.
  public var children: [LayoutNode]
  /// A zlib stream in this node (in the document's source) whose inflated content no decoder
  /// read in full (text over the inflate cap): the sweep inflates it and reads it all.
  public var inflatedForSweep: Range<Int>?

  public init(_ name: String, range: Range<Int>, headerLength: Int = 0, kind: ByteRegionKind = .structure,
              note: String? = nil, unexplainedContent: String? = nil, swept: Bool = false, children: [LayoutNode] = []) {
    self.name = name
    self.range = range
    self.headerLength = max(0, min(headerLength, range.count))
    self.kind = kind
    self.note = note
    self.unexplainedContent = unexplainedContent
    self.swept = swept
    self.children = children
  }

  /// Bytes nothing explains, with the reason ("after EOI", "junk between segments").
  public static func unexplained(_ name: String, range: Range<Int>, note: String) -> LayoutNode {
    LayoutNode(name, range: range, kind: .unaccounted, note: note)
  }

  /// The range after the header.
  public var contentRange: Range<Int> { range.lowerBound + headerLength..<range.upperBound }

  /// True when the sweep reads this node's own bytes: swept, opaque or unexplained.
  public var isSwept: Bool { swept || kind != .structure }

  /// Depth of the deepest node in `nodes` (1 for a flat list, 0 for none).
  package static func depth(of nodes: [LayoutNode]) -> Int {
    nodes.reduce(0) { max($0, 1 + depth(of: $1.children)) }
  }

  /// Calls `body` with every node of `nodes` and its ancestors' names, depth first, in order.
  package static func visit(_ nodes: [LayoutNode], path: [String] = [], _ body: (LayoutNode, [String], Int) -> Void) {
    visit(nodes, path: path, level: 1, body)
  }

  private static func visit(_ nodes: [LayoutNode], path: [String], level: Int, _ body: (LayoutNode, [String], Int) -> Void) {
    for node in nodes {
      body(node, path, level)
      if !node.children.isEmpty { visit(node.children, path: path + [node.name], level: level + 1, body) }
    }
  }
}

extension LayoutNode {
  /// Adds `nodes` as children of the deepest node of `list` that holds all of `range`; false
  /// when none does.
  @discardableResult
  static func attach(_ nodes: [LayoutNode], inside range: Range<Int>, to list: inout [LayoutNode]) -> Bool {
    guard !nodes.isEmpty else { return true }
    for index in list.indices where list[index].range.lowerBound <= range.lowerBound && range.upperBound <= list[index].range.upperBound {
      if !attach(nodes, inside: range, to: &list[index].children) {
        list[index].children += nodes
        list[index].children.sort { $0.range.lowerBound < $1.range.lowerBound }
      }
      return true
    }
    return false
  }
}

extension LayoutNode {
  /// Puts each of `nodes` under the deepest node of `list` (sorted by offset) that holds all of
  /// it and that `accepts`; returns the nodes none holds. O((n + m) log m): a HEIF with 10,000
  /// tiles places its extents in one pass.
  static func attachSorted(_ nodes: [LayoutNode], to list: inout [LayoutNode],
                           accepts: (LayoutNode) -> Bool) -> [LayoutNode] {
    guard !nodes.isEmpty, !list.isEmpty else { return nodes }
    var buckets: [Int: [LayoutNode]] = [:]
    var left: [LayoutNode] = []
    for node in nodes {
      // The last element starting at or before the node is the one that can hold it.
      var low = 0, high = list.count
      while low < high {
        let mid = (low + high) / 2
        if list[mid].range.lowerBound <= node.range.lowerBound { low = mid + 1 } else { high = mid }
      }
      let index = low - 1
      if index >= 0, list[index].range.upperBound >= node.range.upperBound { buckets[index, default: []].append(node) }
      else { left.append(node) }
    }
    for (index, bucket) in buckets {
      let deeper = attachSorted(bucket, to: &list[index].children, accepts: accepts)
      if accepts(list[index]) {
        list[index].children = (list[index].children + deeper).sorted { $0.range.lowerBound < $1.range.lowerBound }
      } else {
        left += deeper
      }
    }
    return left.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }
}
