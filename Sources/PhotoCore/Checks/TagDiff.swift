import Bytes
/// Tag-by-tag difference between an original and an output, grouped by carrier.
public struct TagDiff: Sendable, Equatable {
  public enum Change: Sendable, Equatable {
    case removed(MetadataTag)
    case added(MetadataTag)
    case changed(from: MetadataTag, to: MetadataTag)

    /// The tag the change is about (the output's for a change).
    public var tag: MetadataTag {
      switch self {
      case .removed(let t), .added(let t): t
      case .changed(_, let t): t
      }
    }
    public var kind: String {
      switch self {
      case .removed: "removed"
      case .added: "added"
      case .changed: "changed"
      }
    }
  }

  public var changes: [Change]
  /// Tags present and equal in both.
  public var unchanged: Int

  /// Compares the tags of the two files (structure tags of the File group are left out).
  public static func between(_ original: PhotoMetadata, _ output: PhotoMetadata) -> TagDiff {
    struct Key: Hashable { var carrier: CarrierKind; var item: Int?; var group: String; var name: String }
    func key(_ t: MetadataTag) -> Key { Key(carrier: t.carrier, item: t.item, group: t.group, name: t.name) }
    func index(_ tags: [MetadataTag]) -> ([Key], [Key: MetadataTag]) {
      var order: [Key] = []
      var map: [Key: MetadataTag] = [:]
      for t in tags where t.group != "File" {
        let k = key(t)
        if map[k] == nil { order.append(k) }
        map[k] = map[k] ?? t
      }
      return (order, map)
    }
    let (beforeOrder, before) = index(original.tags)
    let (afterOrder, after) = index(output.tags)
    var changes: [Change] = []
    var unchanged = 0
    for k in beforeOrder {
      guard let old = before[k] else { continue }
      if let new = after[k] {
        if old.value == new.value { unchanged += 1 } else { changes.append(.changed(from: old, to: new)) }
      } else {
        changes.append(.removed(old))
      }
    }
    for k in afterOrder where before[k] == nil {
      if let new = after[k] { changes.append(.added(new)) }
    }
    // Group by carrier, keeping file order within each carrier.
    let carriers = changes.map(\.tag.carrier).uniqued()
    let grouped = carriers.flatMap { c in changes.filter { $0.tag.carrier == c } }
    return TagDiff(changes: grouped, unchanged: unchanged)
  }
}
