import Bytes
/// A sorted list of input paths that stays small at a million files: the part of each path below
/// its root is kept in 1 MiB byte chunks (about 8 bytes per path besides its own bytes), not as a
/// `String` each (~80 bytes) — and in chunks rather than one growing buffer, whose doubling would
/// briefly hold twice the list. The root of a path found by walking a folder is that folder as
/// given ("upload/"); a path named or listed is its own root (its root part is empty). The part
/// below the root is the path's **key** (SPEC "Scale": the same tree mounted at two paths gives
/// the same keys), and `InputList` orders paths by their whole bytes (UTF-8 byte order), which is
/// the order of every report.
public struct InputList: Sendable {
  /// Bytes per chunk; an entry never spans two.
  static let chunkSize = 1 << 20
  /// At most 4,096 chunks: 4 GiB of paths.
  package static let maxChunks = 1 << 12

  /// Root prefixes, as bytes: "" for named and listed paths, "DIR/" for a walked folder.
  private var prefixes: [[UInt8]] = []
  /// Which root each stretch of entries has: entries are added root by root.
  private var runs: [Run] = []
  /// The parts below the roots, one after another within each chunk.
  private var chunks: [[UInt8]] = []
  /// Where each entry starts, in the order added: chunk index × `chunkSize` + offset.
  private var starts: [UInt32] = []
  /// The entries in path order (indices into `starts`), once sorted.
  private var order: [UInt32] = []
  private var sorted = false
  /// True when more paths were offered than one list holds (4 GiB of path bytes).
  public private(set) var isFull = false

  private struct Run: Sendable {
    package var first: Int
    package var root: Int
  }

  /// An empty list.
  public init() {}

  /// How many paths the list holds.
  public var count: Int { sorted ? order.count : starts.count }

  /// Adds the path `prefix + relative`; entries with the same `prefix` share its bytes. False
  /// (and nothing added) when the list is full.
  @discardableResult
  public mutating func append(prefix: String, relative: Substring.UTF8View) -> Bool {
    precondition(!sorted, "InputList: append after sort")
    let length = relative.count
    if chunks.isEmpty || chunks[chunks.count - 1].count + length > Self.chunkSize {
      guard chunks.count < Self.maxChunks, length <= Self.chunkSize else {
        isFull = true
        return false
      }
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
    }
    let root = rootIndex(prefix)
    let entry = starts.count
    if runs.last?.root != root { runs.append(Run(first: entry, root: root)) }
    let chunk = chunks.count - 1
    starts.append(UInt32(chunk * Self.chunkSize + chunks[chunk].count))
    chunks[chunk].append(contentsOf: relative)
    return true
  }

  private mutating func rootIndex(_ prefix: String) -> Int {
    var prefix = prefix
    let known: Int? = prefix.withUTF8 { bytes in
      func same(_ root: Int) -> Bool { prefixes[root].withUnsafeBufferPointer { ByteSearch.compare($0, bytes) == 0 } }
      if let last = runs.last, same(last.root) { return last.root }
      return prefixes.indices.first(where: same)
    }
    if let known { return known }
    prefixes.append(Array(prefix.utf8))
    return prefixes.count - 1
  }

  /// Sorts by path and drops a path given twice (the first one added stays).
  public mutating func sort() {
    let view = View(list: self)
    var order = (0..<UInt32(starts.count)).map { $0 }
    // Stable for equal paths (the entry added first first), so the first one is kept.
    order.sort { a, b in
      let c = view.compare(Int(a), Int(b))
      return c != 0 ? c < 0 : a < b
    }
    var kept = 0
    for i in order.indices {
      if kept > 0, view.compare(Int(order[kept - 1]), Int(order[i])) == 0 { continue }
      order[kept] = order[i]
      kept += 1
    }
    order.removeLast(order.count - kept)
    self.order = order
    sorted = true
  }

  /// The entry at `position`: in path order once sorted, else in the order added.
  private func entry(_ position: Int) -> Int { sorted ? Int(order[position]) : position }

  /// Keeps the paths at the positions for which `keep` is true.
  public mutating func filter(_ keep: (Int) -> Bool) {
    if !sorted { sort() }
    order = order.indices.filter(keep).map { order[$0] }
  }

  /// The path at `position` (in path order, once sorted).
  public func path(_ position: Int) -> String {
    let entry = entry(position)
    let view = View(list: self)
    return view.withRelative(entry) { String(decoding: prefixes[view.root(of: entry)] + Array($0), as: UTF8.self) }
  }

  /// The key of the path at `position`: the part below its walked folder, or the path as named
  /// or listed.
  public func key(_ position: Int) -> String {
    View(list: self).withRelative(entry(position)) { String(decoding: $0, as: UTF8.self) }
  }

  /// True when the path at `position` was named or listed, not found by walking a folder.
  public func isNamed(_ position: Int) -> Bool {
    prefixes[View(list: self).root(of: entry(position))].isEmpty
  }

  /// True when the sorted list holds `path` (a binary search).
  public func contains(_ path: String) -> Bool {
    let target = Array(path.utf8)
    let view = View(list: self)
    var low = 0, high = count
    while low < high {
      let middle = (low + high) / 2
      let c = view.compare(entry(middle), target)
      if c == 0 { return true }
      if c < 0 { low = middle + 1 } else { high = middle }
    }
    return false
  }

  /// How many paths of the sorted list sort before `path` (where it would go).
  public func insertionIndex(_ path: String) -> Int {
    let target = Array(path.utf8)
    let view = View(list: self)
    var low = 0, high = count
    while low < high {
      let middle = (low + high) / 2
      if view.compare(entry(middle), target) < 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Byte comparisons of whole paths (root prefix, then the part below it) without building them.
  /// Holds what it reads but not `order`, which a sort changes meanwhile.
  private struct View {
    package let prefixes: [[UInt8]]
    package let runs: [Run]
    package let chunks: [[UInt8]]
    package let starts: [UInt32]

    init(list: InputList) {
      prefixes = list.prefixes
      runs = list.runs
      chunks = list.chunks
      starts = list.starts
    }

    /// The root of an entry: that of the last run that starts at or before it.
    package func root(of entry: Int) -> Int {
      if runs.count == 1 { return runs[0].root }
      var low = 0, high = runs.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if runs[middle].first <= entry { low = middle } else { high = middle - 1 }
      }
      return runs[low].root
    }

    /// `body` with the bytes of an entry's part below its root.
    func withRelative<R>(_ entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      let start = Int(starts[entry]), chunk = start / InputList.chunkSize, offset = start % InputList.chunkSize
      // It ends where the next entry starts in the same chunk, else at the chunk's end.
      let next = entry + 1 < starts.count ? Int(starts[entry + 1]) : -1
      return chunks[chunk].withUnsafeBufferPointer { bytes in
        let end = next / InputList.chunkSize == chunk && next >= 0 ? next % InputList.chunkSize : bytes.count
        return body(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
      }
    }

    /// -1, 0 or 1 as entry `a`'s path sorts before, equal to or after entry `b`'s.
    package func compare(_ a: Int, _ b: Int) -> Int {
      let ra = root(of: a), rb = root(of: b)
      return withRelative(a) { x in
        withRelative(b) { y in
          ra == rb ? Self.compare([], x, [], y) : Self.compare(prefixes[ra], x, prefixes[rb], y)
        }
      }
    }

    /// Entry `a`'s path against the bytes of a path.
    package func compare(_ a: Int, _ path: [UInt8]) -> Int {
      withRelative(a) { x in path.withUnsafeBufferPointer { Self.compare(prefixes[root(of: a)], x, [], $0) } }
    }

    /// (prefix1 + rest1) against (prefix2 + rest2), byte by byte.
    package static func compare(_ p1: [UInt8], _ r1: UnsafeBufferPointer<UInt8>, _ p2: [UInt8], _ r2: UnsafeBufferPointer<UInt8>) -> Int {
      let n1 = p1.count + r1.count, n2 = p2.count + r2.count
      var i = 0
      if p1.isEmpty, p2.isEmpty {
        // The common case (one root): the two parts, directly.
        let n = min(n1, n2)
        while i < n {
          let x = r1[i], y = r2[i]
          if x != y { return x < y ? -1 : 1 }
          i += 1
        }
      } else {
        while i < min(n1, n2) {
          let x = i < p1.count ? p1[i] : r1[i - p1.count]
          let y = i < p2.count ? p2[i] : r2[i - p2.count]
          if x != y { return x < y ? -1 : 1 }
          i += 1
        }
      }
      return n1 == n2 ? 0 : (n1 < n2 ? -1 : 1)
    }
  }
}
