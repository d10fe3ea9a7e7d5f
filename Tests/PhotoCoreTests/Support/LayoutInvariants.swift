import Bytes
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

extension LayoutInvariants {
  /// Flips every byte of `bytes` from `start` (up to `limit` bytes) to each of `values`: the
  /// metadata walk (`scan`) must throw a `ContainerError` or give carriers inside the file, and
  /// the complete walk's tree must keep every invariant. Returns how many mutants were read and
  /// how many rejected (a sweep that only rejects, or only reads, tests less than it claims).
  static func corruptionSweep(_ bytes: [UInt8], from start: Int, limit: Int = .max, values: [UInt8], format: ImageFormat,
                              scan: ([UInt8]) throws -> ContainerScan) -> (read: Int, rejected: Int, problems: [String]) {
    var read = 0, rejected = 0
    var problems: [String] = []
    for i in start..<start + min(bytes.count - start, limit) {
      for value in values {
        var copy = bytes
        copy[i] = value
        do {
          let scan = try scan(copy)
          if !scan.carriers.allSatisfy({ $0.offset >= 0 && $0.offset + $0.length <= copy.count }) {
            problems.append("byte \(i) = \(value): a carrier leaves the file")
          }
          read += 1
        } catch {
          rejected += 1
        }
        let tree = LayoutWalker.walk(MemorySource(copy), format: format, mode: .complete)
        problems += violations(tree, fileSize: copy.count).map { "byte \(i) = \(value): \($0)" }
      }
    }
    return (read, rejected, problems)
  }
}
