/// The state machine behind `MiniXML.parse`. Iterative (an explicit element stack, no
/// recursion), one pass over the bytes, every scan bounded by the end of the input.
struct MiniXMLParser {
  package let b: [UInt8]
  let limits: MiniXML.Limits
  package var i = 0
  var elementCount = 0
  package var notes: [String] = []
  /// Open elements, innermost last.
  var stack: [MiniXML.Element] = []
  /// Namespace declarations made by each open element (parallel to `stack`).
  var scopes: [[String: String]] = []
  /// The qualified name of each open element as written (parallel to `stack`): end tags are
  /// matched against it without rebuilding "prefix:local".
  var openNames: [String] = []
  /// The attributes of the start tag being read (kept to reuse its storage).
  package var raw: [(name: String, value: String, offset: Int)] = []

  init(bytes: [UInt8], limits: MiniXML.Limits) {
    self.b = bytes
    self.limits = limits
  }

  // Byte constants.
  static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
  package static let eq = UInt8(ascii: "="), quot = UInt8(ascii: "\""), apos = UInt8(ascii: "'")
  static let colon = UInt8(ascii: ":")
  static let piOpen: [UInt8] = Array("<?".utf8), piClose: [UInt8] = Array("?>".utf8)
  static let commentOpen: [UInt8] = Array("<!--".utf8), commentClose: [UInt8] = Array("-->".utf8)
  static let cdataOpen: [UInt8] = Array("<![CDATA[".utf8), cdataClose: [UInt8] = Array("]]>".utf8)
  static let doctypeOpen: [UInt8] = Array("<!DOCTYPE".utf8), declOpen: [UInt8] = Array("<!".utf8)
  static let endTagOpen: [UInt8] = Array("</".utf8), emptyClose: [UInt8] = Array("/>".utf8)

  // MARK: Document [XML 1.0 2.1, 2.8]

  mutating func parseDocument() throws(XMLSyntaxError) -> MiniXML.Document {
    if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }  // UTF-8 BOM
    // Prolog: whitespace, PIs (<?xpacket?>, <?xml?>), comments, at most a skipped DOCTYPE.
    while true {
      skipSpace(alsoNUL: true)
      guard i < b.count else { throw .noRootElement(offset: i) }
      guard b[i] == Self.lt else { throw .unexpected(offset: i, found: b[i], expected: "'<'") }
      if has(Self.piOpen) {
        try skip(past: Self.piClose, inside: "a processing instruction")
      } else if has(Self.commentOpen) {
        try skip(past: Self.commentClose, inside: "a comment")
      } else if has(Self.doctypeOpen) {
        try skipDoctype()
      } else if has(Self.declOpen) {
        throw .unexpected(offset: i + 1, found: b[i + 1], expected: "a root element")
      } else {
        break
      }
    }
    let root = try parseElementTree()
    // Epilog: XMP packets carry whitespace padding, <?xpacket end?> and trailing NULs.
    while true {
      skipSpace(alsoNUL: true)
      if i >= b.count { break }
      if has(Self.piOpen) {
        try skip(past: Self.piClose, inside: "a processing instruction")
      } else if has(Self.commentOpen) {
        try skip(past: Self.commentClose, inside: "a comment")
      } else {
        throw .contentAfterRoot(offset: i)
      }
    }
    return MiniXML.Document(root: root, notes: notes)
  }

  /// Parses from the root's start tag to its end tag.
  mutating func parseElementTree() throws(XMLSyntaxError) -> MiniXML.Element {
    if let done = try parseStartTag() { return done }
    // (No copy of the open element is held across iterations: it would make every append to
    // its children copy the array.)
    while !stack.isEmpty {
      guard i < b.count else {
        throw .truncated(offset: i, inside: "element <\(stack.last?.qualifiedName ?? "")>")
      }
      if b[i] != Self.lt {
        try readText()
      } else if has(Self.endTagOpen) {
        if let done = try parseEndTag() { return done }
      } else if has(Self.commentOpen) {
        try skip(past: Self.commentClose, inside: "a comment")
      } else if has(Self.cdataOpen) {
        try readCDATA()
      } else if has(Self.piOpen) {
        try skip(past: Self.piClose, inside: "a processing instruction")
      } else if has(Self.declOpen) {
        throw .unexpected(offset: i + 1, found: b[i + 1], expected: "an element, comment or CDATA section")
      } else if let done = try parseStartTag() {
        return done
      }
    }
    throw .noRootElement(offset: i)
  }

  // MARK: Tags [XML 1.0 3.1]

  /// Parses a start tag at `<`. Pushes the element, or for an empty-element tag closes it at
  /// once; returns the root when that completes the document.
  mutating func parseStartTag() throws(XMLSyntaxError) -> MiniXML.Element? {
    let start = i
    elementCount += 1
    guard elementCount <= limits.maxElements else {
      throw .tooManyElements(offset: start, limit: limits.maxElements)
    }
    guard stack.count < limits.maxDepth else { throw .tooDeep(offset: start, limit: limits.maxDepth) }
    i += 1
    let name = try readName()
    raw.removeAll(keepingCapacity: true)
    // Duplicate attributes: a linear search while there are few, a set beyond.
    var seen: Set<String>?
    var selfClosing = false
    while true {
      let hadSpace = skipSpace(alsoNUL: false)
      guard i < b.count else { throw .truncated(offset: i, inside: "start tag <\(name)>") }
      if b[i] == Self.gt { i += 1; break }
      if b[i] == Self.slash {
        guard i + 1 < b.count else { throw .truncated(offset: i + 1, inside: "start tag <\(name)>") }
        guard b[i + 1] == Self.gt else { throw .unexpected(offset: i + 1, found: b[i + 1], expected: "'>'") }
        i += 2
        selfClosing = true
        break
      }
      guard hadSpace else { throw .unexpected(offset: i, found: b[i], expected: "whitespace, '>' or '/>'") }
      let attrOffset = i
      let attrName = try readName()
      skipSpace(alsoNUL: false)
      try expect(Self.eq, what: "'=' after attribute \(attrName)")
      skipSpace(alsoNUL: false)
      let value = try readAttributeValue()
      if raw.count == Self.linearAttributeSearch { seen = Set(raw.map(\.name)) }
      let duplicate = seen?.contains(attrName) ?? raw.contains { $0.name == attrName }
      guard !duplicate else { throw .duplicateAttribute(offset: attrOffset, name: attrName) }
      seen?.insert(attrName)
      guard raw.count < limits.maxAttributes else {
        throw .tooManyElements(offset: attrOffset, limit: limits.maxAttributes)
      }
      raw.append((attrName, value, attrOffset))
    }
    // Namespace declarations first, then resolve. [Namespaces in XML 1.0 §5]
    var scope: [String: String] = [:]
    for a in raw {
      if a.name == "xmlns" { scope[""] = a.value } else if a.name.hasPrefix("xmlns:") {
        scope[String(a.name.dropFirst(6))] = a.value
      }
    }
    scopes.append(scope)
    let (prefix, local) = Self.split(name)
    var element = MiniXML.Element(namespace: resolve(prefix ?? ""), prefix: prefix, localName: local, offset: start)
    for a in raw where a.name != "xmlns" && !a.name.hasPrefix("xmlns:") {
      let (p, l) = Self.split(a.name)
      element.attributes.append(MiniXML.Attribute(namespace: p.flatMap { resolve($0) }, prefix: p, localName: l, value: a.value))
    }
    if selfClosing {
      scopes.removeLast()
      return close(element)
    }
    stack.append(element)
    openNames.append(name)
    return nil
  }

  /// Parses an end tag at `</`; returns the root when it closes the document.
  mutating func parseEndTag() throws(XMLSyntaxError) -> MiniXML.Element? {
    let start = i
    i += 2
    let name = try readName()
    skipSpace(alsoNUL: false)
    try expect(Self.gt, what: "'>' to end </\(name)>")
    guard let top = stack.popLast() else { throw .contentAfterRoot(offset: start) }
    scopes.removeLast()
    guard openNames.removeLast() == name else {
      throw .mismatchedEndTag(offset: start, expected: top.qualifiedName, found: name)
    }
    return close(top)
  }

  /// Attaches a finished element to its parent; returns it when it is the root.
  package mutating func close(_ element: MiniXML.Element) -> MiniXML.Element? {
    guard !stack.isEmpty else { return element }
    stack[stack.count - 1].children.append(.element(element))
    return nil
  }

  /// The URI bound to `prefix` in the open scopes ("" = default namespace).
  package func resolve(_ prefix: String) -> String? {
    if prefix == "xml" { return MiniXML.xmlNamespace }
    for scope in scopes.reversed() where !scope.isEmpty {  // most elements declare nothing
      if let uri = scope[prefix] { return uri.isEmpty ? nil : uri }
    }
    return nil
  }

  package static func split(_ qname: String) -> (prefix: String?, local: String) {
    // The first ':' byte, when ASCII bytes (or the ends) surround it, is the first ":"
    // Character (only non-ASCII scalars join a grapheme with it): found without segmenting the
    // name into Characters. Otherwise the Character search decides, as it always did.
    let utf8 = qname.utf8
    guard let byte = utf8.firstIndex(of: colon) else { return (nil, qname) }
    let after = utf8.index(after: byte)
    if (byte == utf8.startIndex || utf8[utf8.index(before: byte)] < 0x80) && (after == utf8.endIndex || utf8[after] < 0x80) {
      return (String(qname[..<byte]), String(qname[after...]))
    }
    guard let colon = qname.firstIndex(of: ":") else { return (nil, qname) }
    return (String(qname[..<colon]), String(qname[qname.index(after: colon)...]))
  }

  /// Attributes of one tag checked for duplicates by a linear search up to this many.
  static let linearAttributeSearch = 16

  // MARK: Lexical pieces

  /// Reads a Name. [XML 1.0 2.3] Non-ASCII bytes are accepted as name characters, and so is a
  /// `/` between name characters: Nikon software writes `<exif:TIFF/EPStandardID>` and ExifTool
  /// reads the rest of such packets. (`/` before `>` still ends an empty-element tag.)
  mutating func readName() throws(XMLSyntaxError) -> String {
    let start = i
    guard i < b.count else { throw .truncated(offset: i, inside: "a name") }
    guard Self.isNameStart(b[i]) else { throw .unexpected(offset: i, found: b[i], expected: "a name") }
    i += 1
    while i < b.count {
      if Self.isNameChar(b[i]) {
        i += 1
      } else if b[i] == Self.slash, i + 1 < b.count, Self.isNameChar(b[i + 1]) {
        i += 2
      } else {
        break
      }
    }
    return String(decoding: b[start..<i], as: UTF8.self)
  }

  static func isNameStart(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A || c >= 0x80
  }

  static func isNameChar(_ c: UInt8) -> Bool {
    isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  /// Skips whitespace (and NULs when asked); true when something was skipped.
  @discardableResult
  mutating func skipSpace(alsoNUL: Bool) -> Bool {
    let start = i
    while i < b.count, Self.isSpace(b[i]) || (alsoNUL && b[i] == 0) { i += 1 }
    return i > start
  }

  /// `what` is built only for the error (an interpolated String per attribute cost ~10 % of a
  /// packet's parse).
  package mutating func expect(_ byte: UInt8, what: @autoclosure () -> String) throws(XMLSyntaxError) {
    guard i < b.count else { throw .truncated(offset: i, inside: "a tag (expected \(what()))") }
    guard b[i] == byte else { throw .unexpected(offset: i, found: b[i], expected: what()) }
    i += 1
  }

  package func has(_ pattern: [UInt8]) -> Bool { has(pattern, at: i) }

  package func has(_ pattern: [UInt8], at j: Int) -> Bool {
    guard j >= 0, j + pattern.count <= b.count else { return false }
    for k in 0..<pattern.count where b[j + k] != pattern[k] { return false }
    return true
  }

  /// Index of the next `pattern` at or after `from`.
  package func find(_ pattern: [UInt8], from: Int) -> Int? {
    guard let first = pattern.first else { return from }
    var j = from
    while j + pattern.count <= b.count {
      if b[j] == first, has(pattern, at: j) { return j }
      j += 1
    }
    return nil
  }

  /// Moves past the next `close`, or throws `.truncated`.
  package mutating func skip(past close: [UInt8], inside: String) throws(XMLSyntaxError) {
    guard let end = find(close, from: i + 2) else { throw .truncated(offset: b.count, inside: inside) }
    i = end + close.count
  }
}
