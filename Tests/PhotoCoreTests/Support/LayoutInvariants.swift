import PhotoCore

/// What every layout tree must satisfy, however hostile its file: nodes inside their document
/// and their parent, in order; carriers inside the file; embedded documents inside the file;
/// the byte map an exact cover. The corruption and truncation sweeps of the walkers check these.
enum LayoutInvariants {
  /// Every violation in the tree of the file `bytes` (empty when there is none).
  static func violations(_ tree: LayoutTree, fileSize: Int) -> [String] {
    var problems: [String] = []
    func check(_ nodes: [LayoutNode], inside bounds: Range<Int>, path: String) {
      var previous = bounds.lowerBound
      for node in nodes {
        let name = path + "/" + node.name
        if node.range.lowerBound < bounds.lowerBound || node.range.upperBound > bounds.upperBound {
          problems.append("\(name) \(node.range) leaves \(bounds)")
        }
        if node.range.lowerBound < previous { problems.append("\(name) at \(node.range.lowerBound) is out of order") }
        if node.headerLength > node.range.count { problems.append("\(name) has a header longer than itself") }
        previous = node.range.lowerBound
        check(node.children, inside: node.range, path: name)
      }
    }
    for (path, document) in tree.documents() {
      let name = path.isRoot ? "(file)" : path.description
      if document.range.lowerBound < 0 || document.range.upperBound > document.source.count {
        problems.append("\(name) \(document.range) leaves its source of \(document.source.count) bytes")
      }
      check(document.nodes, inside: document.range, path: name)
      for carrier in document.scan.carriers where carrier.offset < 0 || carrier.offset + carrier.length > document.source.count {
        problems.append("\(name): carrier \(carrier.kind) \(carrier.offset)+\(carrier.length) leaves the source")
      }
    }
    problems += ByteMapper.map(tree).invariantViolations
    return problems
  }
}
