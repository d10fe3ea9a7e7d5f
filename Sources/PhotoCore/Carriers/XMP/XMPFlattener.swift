/// Turns the XMP data model into flat ExifTool-style tags: structures and arrays of structures
/// become one tag per field path, array values become lists (Alt: `x-default` first).
/// [XMP Part 1 6.2; ExifTool XMP.pm "flattened" tags]
struct XMPFlattener {
  /// One flattened tag: group suffix ("exif"), name, and the values met for it in order.
  struct FlatTag: Sendable, Equatable {
    var group: String
    var name: String
    var values: [String]
    var isList: Bool
  }

  private(set) var tags: [FlatTag] = []
  private var index: [Key: Int] = [:]

  /// A tag's identity: hashed as two strings (no joined key String to build per lookup).
  private struct Key: Hashable {
    var group: String
    var name: String
  }

  /// Adds a top-level property.
  mutating func add(_ p: XMPRDF.Property) {
    let group = XMPNamespaces.group(uri: p.namespace, prefix: p.prefix)
    let name = XMPTagNames.topLevel(group: group, localName: p.name)
    let childPrefix = XMPTagNames.prefixPart(group: group, localName: p.name) ?? name
    emit(p.value, group: group, name: name, childPrefix: childPrefix, inList: false)
  }

  private mutating func emit(_ value: XMPRDF.Value, group: String, name: String, childPrefix: String, inList: Bool) {
    switch value {
    case .simple(let text):
      record(group: group, name: name, text: text, list: inList)
    case .array(let kind, let items):
      for item in kind == .alt ? Self.defaultFirst(items) : items {
        emit(item.value, group: group, name: name, childPrefix: childPrefix, inList: true)
      }
    case .structure(let fields):
      // An empty structure still shows that the property exists (ExifTool reports "").
      if fields.isEmpty { record(group: group, name: name, text: "", list: inList) }
      for f in fields {
        let fieldGroup = XMPNamespaces.group(uri: f.namespace, prefix: f.prefix)
        let part = XMPTagNames.field(group: fieldGroup, localName: f.name)
        let flattened = childPrefix + part
        let fieldName = XMPTagNames.renamedFlatIndex[group, flattened] ?? flattened
        let nested = childPrefix + (XMPTagNames.prefixPart(group: fieldGroup, localName: f.name) ?? part)
        emit(f.value, group: group, name: fieldName, childPrefix: nested, inList: inList)
      }
    }
  }

  private mutating func record(group: String, name: String, text: String, list: Bool) {
    let key = Key(group: group, name: name)
    if let at = index[key] {
      tags[at].values.append(text)
      tags[at].isList = true
    } else {
      index[key] = tags.count
      tags.append(FlatTag(group: group, name: name.isEmpty ? "Unknown" : name, values: [text], isList: list))
    }
  }

  /// Alt items with `x-default` first, the rest in document order. [XMP Part 1 8.2.2.4]
  static func defaultFirst(_ items: [XMPRDF.Item]) -> [XMPRDF.Item] {
    items.filter { $0.lang?.lowercased() == "x-default" } + items.filter { $0.lang?.lowercased() != "x-default" }
  }

  /// The first value of `group:name`, if present.
  func first(_ group: String, _ name: String) -> String? {
    index[Key(group: group, name: name)].flatMap { tags[$0].values.first }
  }

  /// The tags as `MetadataTag`s ("XMP-<group>").
  func metadataTags(carrier: CarrierKind, item: Int?) -> [MetadataTag] {
    tags.map { t in
      let value: TagValue = t.isList ? .list(t.values.map { .text($0) }) : .text(t.values.first ?? "")
      return MetadataTag(carrier: carrier, item: item, group: "XMP-" + t.group, name: t.name, value: value)
    }
  }
}
