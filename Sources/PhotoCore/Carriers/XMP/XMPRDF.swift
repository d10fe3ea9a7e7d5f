/// The XMP data model read out of RDF/XML: properties holding simple values, arrays or
/// structures. [XMP Part 1 §6 (data model), §7 (serialisation); RDF/XML Syntax §7.2]
enum XMPRDF {
  /// The kind of an XMP array. [XMP Part 1 6.2.3]
  enum ArrayKind: Sendable, Equatable { case seq, bag, alt }

  /// A property value.
  indirect enum Value: Sendable, Equatable {
    case simple(String)
    case array(ArrayKind, [Item])
    case structure([Property])
  }

  /// An array item with its `xml:lang` qualifier, if any.
  struct Item: Sendable, Equatable {
    package var lang: String?
    package var value: Value
  }

  /// A named property (or structure field, or qualifier).
  struct Property: Sendable, Equatable {
    var namespace: String?
    package var prefix: String?
    package var name: String
    package var value: Value
  }

  /// The properties of every node element under every `rdf:RDF` in the document, in order.
  static func properties(of root: MiniXML.Element) -> [Property] {
    var result: [Property] = []
    for rdf in rdfElements(root) {
      for node in rdf.elements {
        // rdf:about, or a bare `about` from pre-2004 RDF writers.
        if let about = node.attribute(XMPNamespaces.rdf, "about") ?? node.attribute(nil, "about"), !about.isEmpty {
          result.append(Property(namespace: XMPNamespaces.rdf, prefix: "rdf", name: "about", value: .simple(about)))
        }
        result += fields(ofNode: node)
      }
    }
    if let toolkit = root.attribute(XMPNamespaces.x, "xmptk") ?? root.attribute(XMPNamespaces.x, "xaptk") {
      result.insert(Property(namespace: XMPNamespaces.x, prefix: "x", name: "xmptk", value: .simple(toolkit)), at: 0)
    }
    return result
  }

  /// Every `rdf:RDF` element, searched breadth-first (depth is bounded by the XML reader).
  static func rdfElements(_ root: MiniXML.Element) -> [MiniXML.Element] {
    if root.is(XMPNamespaces.rdf, "RDF") { return [root] }
    var found: [MiniXML.Element] = []
    var queue = root.elements
    var index = 0
    while index < queue.count {
      let e = queue[index]
      index += 1
      if e.is(XMPNamespaces.rdf, "RDF") { found.append(e) } else { queue += e.elements }
    }
    return found
  }

  /// Property attributes and property elements of a node element (`rdf:Description` or a
  /// typed node). [RDF/XML 7.2.11 nodeElement, 7.2.25 propertyAttr]
  package static func fields(ofNode node: MiniXML.Element) -> [Property] {
    var result = propertyAttributes(node)
    for child in node.elements {
      if let p = property(child) { result.append(p) }
    }
    return result
  }

  /// Attributes that are properties: everything outside the rdf, xml and xmlns syntax.
  static func propertyAttributes(_ e: MiniXML.Element) -> [Property] {
    e.attributes.compactMap { a in
      if let ns = a.namespace, XMPNamespaces.syntaxNamespaces.contains(ns) { return nil }
      if a.namespace == nil, a.prefix == nil { return nil }  // unqualified: not RDF
      return Property(namespace: a.namespace, prefix: a.prefix, name: a.localName, value: .simple(a.value))
    }
  }

  /// Reads one property element. [RDF/XML 7.2.14–7.2.21; XMP Part 1 7.5–7.9]
  static func property(_ e: MiniXML.Element) -> Property? {
    if let ns = e.namespace, XMPNamespaces.syntaxNamespaces.contains(ns), e.localName != "value" { return nil }
    return Property(namespace: e.namespace, prefix: e.prefix, name: e.localName, value: value(of: e))
  }

  /// The value of a property element or an `rdf:li`.
  package static func value(of e: MiniXML.Element) -> Value {
    if let resource = e.attribute(XMPNamespaces.rdf, "resource") { return .simple(resource) }
    let parseType = e.attribute(XMPNamespaces.rdf, "parseType")
    if parseType == "Resource" { return structure(fields(ofNode: e)) }
    if parseType == "Literal" { return .simple(e.text) }
    let children = e.elements
    guard let first = children.first else {
      let attrs = propertyAttributes(e)
      // `<ns:Struct ns:field="..."/>`: a structure in attribute shorthand. [XMP Part 1 7.9.2.3]
      if !attrs.isEmpty, e.text.allSatisfy(\.isWhitespace) { return structure(attrs) }
      return .simple(e.text)
    }
    if first.namespace == XMPNamespaces.rdf {
      switch first.localName {
      case "Seq": return .array(.seq, items(first))
      case "Bag": return .array(.bag, items(first))
      case "Alt": return .array(.alt, items(first))
      case "Description": return structure(fields(ofNode: first))
      default: break
      }
    }
    // Lenient: child property elements without rdf:parseType="Resource".
    return structure(propertyAttributes(e) + children.compactMap(property))
  }

  /// The `rdf:li` items of an array container.
  package static func items(_ container: MiniXML.Element) -> [Item] {
    container.elements.filter { $0.is(XMPNamespaces.rdf, "li") }.map { li in
      Item(lang: li.attribute(MiniXML.xmlNamespace, "lang"), value: value(of: li))
    }
  }

  /// A structure, unless it is a value with qualifiers (`rdf:value` + fields), in which case the
  /// rdf:value is the value and the qualifiers are dropped. [XMP Part 1 7.8]
  package static func structure(_ fields: [Property]) -> Value {
    if let v = fields.first(where: { $0.namespace == XMPNamespaces.rdf && $0.name == "value" }) {
      return v.value
    }
    return .structure(fields)
  }
}
