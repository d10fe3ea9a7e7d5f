/// A sorted list of input paths that stays small at a million files: the part of each path below
/// its root is kept in one byte buffer (about 8 bytes per path besides its own bytes), not as a
/// `String` each (~80 bytes). The root of a path found by walking a folder is that folder as
/// given ("upload/"); a path named or listed is its own root (its root part is empty). The part
/// below the root is the path's **key** (SPEC "Scale": the same tree mounted at two paths gives
/// the same keys), and `InputList` orders paths by their whole bytes (UTF-8 byte order), which is
/// the order of every report.
public struct InputList: Sendable {
  /// Root prefixes, as bytes: "" for named and listed paths, "DIR/" for a walked folder.
  private var prefixes: [[UInt8]] = []
  /// Which root each stretch of entries has: entries are added root by root.
  private var runs: [Run] = []
  /// The parts below the roots, one after another.
  private var bytes: [UInt8] = []
  /// Where each entry starts in `bytes`, in the order added, with the end as the last element.
  private var starts: [UInt32] = [0]
  /// The entries in path order (indices into `starts`).
  private var order: [UInt32] = []
  /// True when more paths were offered than one list holds (4 GiB of path bytes).
  public private(set) var isFull = false

  private struct Run: Sendable {
    var first: Int
    var root: Int
  }

  /// An empty list.
  public init() {}

  /// How many paths the list holds.
  public var count: Int { order.count }

  /// Adds the path `prefix + relative`; entries with the same `prefix` share its bytes. False
  /// (and nothing added) when the list is full.
  @discardableResult
  public mutating func append(prefix: String, relative: Substring.UTF8View) -> Bool {
    guard UInt64(bytes.count) + UInt64(relative.count) < UInt64(UInt32.max) else {
      isFull = true
      return false
    }
    let root = rootIndex(prefix)
    let entry = starts.count - 1
    if runs.last?.root != root { runs.append(Run(first: entry, root: root)) }
    bytes.append(contentsOf: relative)
    starts.append(UInt32(bytes.count))
    order.append(UInt32(entry))
    return true
  }

  private mutating func rootIndex(_ prefix: String) -> Int {
    if let last = runs.last, prefixes[last.root].elementsEqual(prefix.utf8) { return last.root }
    if let known = prefixes.firstIndex(where: { $0.elementsEqual(prefix.utf8) }) { return known }
    prefixes.append(Array(prefix.utf8))
    return prefixes.count - 1
  }

  /// Sorts by path and drops a path given twice (the first one added stays).
  public mutating func sort() {
    bytes.withUnsafeBufferPointer { buffer in
      let view = View(list: self, bytes: buffer)
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
    }
  }

  /// Keeps the paths at the positions (in path order) for which `keep` is true.
  public mutating func filter(_ keep: (Int) -> Bool) {
    var kept: [UInt32] = []
    for i in order.indices where keep(i) { kept.append(order[i]) }
    order = kept
  }

  /// The path at `position` (in path order).
  public func path(_ position: Int) -> String {
    let entry = Int(order[position])
    let prefix = prefixes[root(of: entry)]
    var utf8 = prefix
    utf8.append(contentsOf: bytes[Int(starts[entry])..<Int(starts[entry + 1])])
    return String(decoding: utf8, as: UTF8.self)
  }

  /// The key of the path at `position`: the part below its walked folder, or the path as named
  /// or listed.
  public func key(_ position: Int) -> String {
    let entry = Int(order[position])
    return String(decoding: bytes[Int(starts[entry])..<Int(starts[entry + 1])], as: UTF8.self)
  }

  /// True when the path at `position` was named or listed, not found by walking a folder.
  public func isNamed(_ position: Int) -> Bool {
    prefixes[root(of: Int(order[position]))].isEmpty
  }

  /// True when the list holds `path` (a binary search).
  public func contains(_ path: String) -> Bool {
    let target = Array(path.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let view = View(list: self, bytes: buffer)
      var low = 0, high = order.count
      while low < high {
        let middle = (low + high) / 2
        let c = view.compare(Int(order[middle]), target)
        if c == 0 { return true }
        if c < 0 { low = middle + 1 } else { high = middle }
      }
      return false
    }
  }

  /// The root (index into `prefixes`) of an entry.
  private func root(of entry: Int) -> Int { Self.root(of: entry, runs: runs) }

  /// The root of an entry: that of the last run that starts at or before it.
  private static func root(of entry: Int, runs: [Run]) -> Int {
    if runs.count == 1 { return runs[0].root }
    var low = 0, high = runs.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if runs[middle].first <= entry { low = middle } else { high = middle - 1 }
    }
    return runs[low].root
  }

  /// Byte comparisons of whole paths (root prefix, then the part below it) without building them.
  /// Holds what it reads but not `order`, which a sort changes meanwhile.
  private struct View {
    let prefixes: [[UInt8]]
    let runs: [Run]
    let starts: [UInt32]
    let bytes: UnsafeBufferPointer<UInt8>

    init(list: InputList, bytes: UnsafeBufferPointer<UInt8>) {
      prefixes = list.prefixes
      runs = list.runs
      starts = list.starts
      self.bytes = bytes
    }

    func relative(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[Int(starts[entry])..<Int(starts[entry + 1])])
    }

    /// -1, 0 or 1 as entry `a`'s path sorts before, equal to or after entry `b`'s.
    func compare(_ a: Int, _ b: Int) -> Int {
      let ra = InputList.root(of: a, runs: runs), rb = InputList.root(of: b, runs: runs)
      if ra == rb { return Self.compare(relative(a)[...], relative(b)[...]) }
      return Self.compare(prefixes[ra], relative(a), prefixes[rb], relative(b))
    }

    /// Entry `a`'s path against the bytes of a path.
    func compare(_ a: Int, _ path: [UInt8]) -> Int {
      path.withUnsafeBufferPointer { Self.compare(prefixes[InputList.root(of: a, runs: runs)], relative(a), [], $0) }
    }

    static func compare(_ x: UnsafeBufferPointer<UInt8>.SubSequence, _ y: UnsafeBufferPointer<UInt8>.SubSequence) -> Int {
      let n = min(x.count, y.count)
      var i = 0
      while i < n {
        let p = x[x.startIndex + i], q = y[y.startIndex + i]
        if p != q { return p < q ? -1 : 1 }
        i += 1
      }
      return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    /// (prefix1 + rest1) against (prefix2 + rest2), byte by byte.
    static func compare(_ p1: [UInt8], _ r1: UnsafeBufferPointer<UInt8>, _ p2: [UInt8], _ r2: UnsafeBufferPointer<UInt8>) -> Int {
      let n1 = p1.count + r1.count, n2 = p2.count + r2.count
      var i = 0
      while i < min(n1, n2) {
        let x = i < p1.count ? p1[i] : r1[i - p1.count]
        let y = i < p2.count ? p2[i] : r2[i - p2.count]
        if x != y { return x < y ? -1 : 1 }
        i += 1
      }
      return n1 == n2 ? 0 : (n1 < n2 ? -1 : 1)
    }
  }
}
