/// A fixed set of tag names that is looked up for every tag of every file, mostly for names it
/// does not hold. A miss is usually decided by the name's UTF-8 length and first byte, without
/// hashing the name (a Set lookup hashes it whole: ~100 instructions; measured with callgrind
/// on the 1,200-file scan, three such sets cost ~25 M instructions).
public struct NameSet: Sendable {
  /// The names, kept sparse (`sparse`) for the lookups that get past the masks.
  private let names: Set<String>
  /// Bit n: some name is n UTF-8 bytes long (n < 63); bit 63: some name is longer.
  private let lengths: UInt64
  /// Bit b of word b / 64: some name starts with byte b.
  private let first0, first1, first2, first3: UInt64

  /// The set of the names in `list`.
  public init(_ list: [String]) {
    names = Self.sparse(list)
    var lengths: UInt64 = 0
    var first: [UInt64] = [0, 0, 0, 0]
    for name in list {
      lengths |= 1 << UInt64(min(name.utf8.count, 63))
      if let byte = name.utf8.first { first[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
    }
    self.lengths = lengths
    (first0, first1, first2, first3) = (first[0], first[1], first[2], first[3])
  }

  /// True when `name` is one of the names.
  public func contains(_ name: String) -> Bool {
    let utf8 = name.utf8
    guard lengths & (1 << UInt64(min(utf8.count, 63))) != 0 else { return false }
    guard let byte = utf8.first else { return names.contains(name) }
    let word = switch byte >> 6 {
    case 0: first0
    case 1: first1
    case 2: first2
    default: first3
    }
    guard word & (1 << UInt64(byte & 63)) != 0 else { return false }
    return names.contains(name)
  }

  /// A set of names with room to spare: looked up for every tag of every file, mostly for names
  /// it does not hold, and a native Set probes (comparing whole strings) until an empty bucket —
  /// about 8 comparisons a miss at 3/4 load, 1–2 at 1/4 (measured with callgrind on the scan).
  private static func sparse(_ names: [String]) -> Set<String> {
    var set = Set<String>(minimumCapacity: 4 * names.count)
    set.formUnion(names)
    return set
  }
}
