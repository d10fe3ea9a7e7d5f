/// A small, safe, non-validating XML reader: just enough XML 1.0 + Namespaces for XMP/RDF.
///
/// What it does: elements, attributes, namespace prefixes resolved to URIs, text, CDATA,
/// comments and processing instructions (skipped), the five predefined entities and numeric
/// character references. What it refuses to do: expand anything declared in a DOCTYPE (the
/// DOCTYPE is skipped unread, so `&name;` for a declared entity is an error — no external
/// entities, no "billion laughs"). Depth, element count and input size are capped; malformed
/// input throws `XMLSyntaxError` with a byte offset and never traps or loops.
/// [XML 1.0 (Fifth Edition); Namespaces in XML 1.0]
enum MiniXML {
  /// Caps that bound time and memory on hostile input.
  struct Limits: Sendable, Equatable {
    /// Maximum element nesting depth (the root is depth 1).
    var maxDepth: Int = 64
    /// Maximum number of elements in the document.
    var maxElements: Int = 200_000
    /// Maximum input size in bytes.
    package var maxBytes: Int = 16 << 20
    /// Maximum attributes on one element.
    var maxAttributes: Int = 4096

    package static let `default` = Limits()
  }

  /// The namespace URI bound to the `xml` prefix. [Namespaces in XML 1.0 §3]
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

  /// An attribute after namespace resolution (`xmlns` declarations are not listed).
  struct Attribute: Sendable, Equatable {
    /// Namespace URI; nil for an unprefixed attribute or an undeclared prefix.
    var namespace: String?
    package var prefix: String?
    var localName: String
    package var value: String
    var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
  }

  /// A child of an element.
  enum Node: Sendable, Equatable {
    case element(Element)
    case text(String)
  }

  /// An element after namespace resolution.
  struct Element: Sendable, Equatable {
    /// Namespace URI; nil when the element has no namespace or its prefix is undeclared.
    var namespace: String?
    package var prefix: String?
    var localName: String
    package var attributes: [Attribute] = []
    var children: [Node] = []
    /// Byte offset of the `<` of its start tag.
    package var offset: Int

    var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }

    /// The child elements, in order.
    var elements: [Element] {
      children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// The concatenated text children (not the text of descendants).
    package var text: String {
      var s = ""
      for case .text(let t) in children { s += t }
      return s
    }

    /// True when the element is `{namespace}localName`.
    package func `is`(_ namespace: String, _ localName: String) -> Bool {
      self.namespace == namespace && self.localName == localName
    }

    /// The value of the attribute `{namespace}localName`.
    func attribute(_ namespace: String?, _ localName: String) -> String? {
      attributes.first { $0.namespace == namespace && $0.localName == localName }?.value
    }
  }

  /// A parsed document: its root element and notes about what was skipped.
  struct Document: Sendable, Equatable {
    package var root: Element
    /// Things skipped or tolerated (a DOCTYPE, trailing padding...).
    package var notes: [String]
  }

  /// Parses `bytes` (UTF-8) into a document.
  package static func parse(_ bytes: [UInt8], limits: Limits = .default) throws(XMLSyntaxError) -> Document {
    guard bytes.count <= limits.maxBytes else {
      throw .tooLarge(size: bytes.count, limit: limits.maxBytes)
    }
    var parser = MiniXMLParser(bytes: bytes, limits: limits)
    return try parser.parseDocument()
  }
}
