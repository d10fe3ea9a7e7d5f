/// Turns the XMP data model into flat ExifTool-style tags: structures and arrays of structures
/// become one tag per field path, array values become lists (Alt: `x-default` first).
/// [XMP Part 1 6.2; ExifTool XMP.pm "flattened" tags]
struct XMPFlattener {
  /// One flattened tag: group suffix ("exif"), name, and the values met for it in order.
  struct FlatTag: Sendable, Equatable {
    package var group: String
    package var name: String
    package var values: [String]
    var isList: Bool
  }

  /// One value of a property named like a coordinate (`XMPCoordinateNames`), with the
  /// structure instance it is a field of (0: the packet's top level): `XMPPositions` pairs a
  /// latitude with a longitude within one instance.
  struct CoordinateValue: Sendable, Equatable {
    package var group: String
    package var name: String
    var coordinate: XMPCoordinateNames.Coordinate
    package var text: String
    package var scope: Int
  }

  private(set) var tags: [FlatTag] = []
  /// The values of coordinate-named properties, in document order.
  private(set) var coordinates: [CoordinateValue] = []
  private var index: [Key: Int] = [:]
  /// Structure instances met so far (each gets its own scope).
  private var structures = 0

  /// A tag's identity: hashed as two strings (no joined key String to build per lookup).
  private struct Key: Hashable {
    package var group: String
    package var name: String
  }

  /// Adds a top-level property.
  package mutating func add(_ p: XMPRDF.Property) {
    let group = XMPNamespaces.group(uri: p.namespace, prefix: p.prefix)
    let name = XMPTagNames.topLevel(group: group, localName: p.name)
    let childPrefix = XMPTagNames.prefixPart(group: group, localName: p.name) ?? name
    emit(p.value, group: group, name: name, childPrefix: childPrefix, inList: false, scope: 0)
  }

  private mutating func emit(_ value: XMPRDF.Value, group: String, name: String, childPrefix: String, inList: Bool, scope: Int) {
    switch value {
    case .simple(let text):
      record(group: group, name: name, text: text, list: inList)
      if let coordinate = XMPCoordinateNames.classify(name) {
        coordinates.append(CoordinateValue(group: group, name: name, coordinate: coordinate, text: text, scope: scope))
      }
    case .array(let kind, let items):
      for item in kind == .alt ? Self.defaultFirst(items) : items {
        emit(item.value, group: group, name: name, childPrefix: childPrefix, inList: true, scope: scope)
      }
    case .structure(let fields):
      // An empty structure still shows that the property exists (ExifTool reports "").
      if fields.isEmpty { record(group: group, name: name, text: "", list: inList) }
      structures += 1
      let inner = structures
      for f in fields {
        let fieldGroup = XMPNamespaces.group(uri: f.namespace, prefix: f.prefix)
        let part = XMPTagNames.field(group: fieldGroup, localName: f.name)
        let flattened = childPrefix + part
        let fieldName = XMPTagNames.renamedFlatIndex[group, flattened] ?? flattened
        let nested = childPrefix + (XMPTagNames.prefixPart(group: fieldGroup, localName: f.name) ?? part)
        emit(f.value, group: group, name: fieldName, childPrefix: nested, inList: inList, scope: inner)
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
  package func first(_ group: String, _ name: String) -> String? {
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
