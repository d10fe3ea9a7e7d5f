/// Character data, attribute values, references and the skipped DOCTYPE.
extension MiniXMLParser {
  static let amp = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";"), hash = UInt8(ascii: "#")
  static let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A, tab: UInt8 = 0x09, space: UInt8 = 0x20
  /// Longest reference body accepted between `&` and `;` ("#x10FFFF" is 8).
  static let maxReferenceLength = 32

  /// Reads character data up to the next `<` and appends it to the open element.
  mutating func readText() throws(XMLSyntaxError) {
    let start = i
    while i < b.count, b[i] != Self.lt { i += 1 }
    appendText(try decode(start, i, attribute: false))
  }

  /// Reads a CDATA section verbatim. [XML 1.0 2.7]
  mutating func readCDATA() throws(XMLSyntaxError) {
    let start = i + Self.cdataOpen.count
    guard let end = find(Self.cdataClose, from: start) else {
      throw .truncated(offset: b.count, inside: "a CDATA section")
    }
    appendText(String(decoding: b[start..<end], as: UTF8.self))
    i = end + Self.cdataClose.count
  }

  /// Appends a text node (adjacent ones are not merged: `Element.text` joins them, and merging
  /// here would make many small fragments quadratic).
  mutating func appendText(_ text: String) {
    guard !text.isEmpty, !stack.isEmpty else { return }
    stack[stack.count - 1].children.append(.text(text))
  }

  /// Reads a quoted attribute value and decodes it. [XML 1.0 3.1, 3.3.3]
  mutating func readAttributeValue() throws(XMLSyntaxError) -> String {
    guard i < b.count else { throw .truncated(offset: i, inside: "an attribute value") }
    let quote = b[i]
    guard quote == Self.quot || quote == Self.apos else {
      throw .unexpected(offset: i, found: quote, expected: "a quoted attribute value")
    }
    let start = i + 1
    var j = start
    while j < b.count, b[j] != quote {
      if b[j] == Self.lt { throw .unexpected(offset: j, found: b[j], expected: "no '<' in an attribute value") }
      j += 1
    }
    guard j < b.count else { throw .truncated(offset: j, inside: "an attribute value") }
    i = j + 1
    return try decode(start, j, attribute: true)
  }

  /// Decodes `b[start..<end]`: references resolved, line ends normalised, and in attribute
  /// values whitespace characters turned into spaces. [XML 1.0 2.11, 3.3.3, 4.1, 4.6]
  package func decode(_ start: Int, _ end: Int, attribute: Bool) throws(XMLSyntaxError) -> String {
    var needsWork = false
    for j in start..<end {
      let c = b[j]
      if c == Self.amp || c == Self.cr || (attribute && (c == Self.lf || c == Self.tab)) {
        needsWork = true
        break
      }
    }
    if !needsWork { return String(decoding: b[start..<end], as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(end - start)
    var j = start
    while j < end {
      let c = b[j]
      if c == Self.amp {
        j = try appendReference(at: j, end: end, into: &out)
        continue
      }
      if c == Self.cr {
        out.append(attribute ? Self.space : Self.lf)
        j += (j + 1 < end && b[j + 1] == Self.lf) ? 2 : 1
        continue
      }
      out.append(attribute && (c == Self.lf || c == Self.tab) ? Self.space : c)
      j += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Resolves the reference starting at `&` (index `j`); returns the index after its `;`.
  func appendReference(at j: Int, end: Int, into out: inout [UInt8]) throws(XMLSyntaxError) -> Int {
    var k = j + 1
    let limit = min(end, j + 2 + Self.maxReferenceLength)
    while k < limit, b[k] != Self.semicolon { k += 1 }
    guard k < limit, b[k] == Self.semicolon, k > j + 1 else {
      throw .unexpected(offset: j, found: Self.amp, expected: "a reference ending in ';' (use &amp; for '&')")
    }
    let body = b[(j + 1)..<k]
    if body.first == Self.hash {
      guard let scalar = Self.characterReference(body.dropFirst()) else {
        throw .invalidCharacterReference(offset: j)
      }
      UTF8.encode(scalar) { out.append($0) }
      return k + 1
    }
    switch String(decoding: body, as: UTF8.self) {
    case "amp": out.append(Self.amp)
    case "lt": out.append(Self.lt)
    case "gt": out.append(Self.gt)
    case "quot": out.append(Self.quot)
    case "apos": out.append(Self.apos)
    case let name: throw .undefinedEntity(offset: j, name: name)
    }
    return k + 1
  }

  /// `#123` or `#x1F` (the `#` already dropped) → a character other than NUL. [XML 1.0 4.1]
  static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
    var body = digits
    var radix: UInt32 = 10
    if body.first == UInt8(ascii: "x") {
      radix = 16
      body = body.dropFirst()
    }
    guard !body.isEmpty, body.count <= 8 else { return nil }
    var value: UInt32 = 0
    for c in body {
      let digit: UInt32
      switch c {
      case 0x30...0x39: digit = UInt32(c - 0x30)
      case 0x61...0x66 where radix == 16: digit = UInt32(c - 0x61 + 10)
      case 0x41...0x46 where radix == 16: digit = UInt32(c - 0x41 + 10)
      default: return nil
      }
      value = value * radix + digit
      if value > 0x10FFFF { return nil }
    }
    guard value != 0 else { return nil }
    return Unicode.Scalar(value)
  }

  /// Skips `<!DOCTYPE ...>` including an internal subset, reading nothing from it: entity
  /// declarations are never recorded, so references to them fail later. [XML 1.0 2.8]
  mutating func skipDoctype() throws(XMLSyntaxError) {
    let start = i
    var j = i + Self.doctypeOpen.count
    var depth = 0
    var quote: UInt8?
    while j < b.count {
      let c = b[j]
      if let q = quote {
        if c == q { quote = nil }
      } else if depth > 0, has(Self.commentOpen, at: j) {
        guard let close = find(Self.commentClose, from: j + 4) else { break }
        j = close + Self.commentClose.count
        continue
      } else if c == Self.quot || c == Self.apos {
        quote = c
      } else if c == UInt8(ascii: "[") {
        depth += 1
      } else if c == UInt8(ascii: "]") {
        depth = max(0, depth - 1)
      } else if c == Self.gt, depth == 0 {
        i = j + 1
        notes.append("A DOCTYPE at byte \(start) was skipped; nothing declared in it is used.")
        return
      }
      j += 1
    }
    throw .truncated(offset: b.count, inside: "a DOCTYPE")
  }
}
