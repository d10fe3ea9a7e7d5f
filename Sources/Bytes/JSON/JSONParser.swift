/// A strict, bounded JSON parser (RFC 8259) for descriptors, pairs files, policies and JSONL
/// shards: depth and size capped, errors name the byte offset.
public struct JSONParser {
  /// Deepest nesting accepted.
  public static let maxDepth = 64
  /// Largest document accepted.
  public static let maxBytes = 16 << 20

  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
  }

  private let bytes: [UInt8]
  private var i = 0

  /// Parses one JSON document (whitespace around it allowed).
  public static func parse(_ text: String) throws(ParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
    guard bytes.count <= maxBytes else { throw ParseError(offset: 0, reason: "document over \(maxBytes) bytes") }
    var parser = JSONParser(bytes: bytes)
    // A UTF-8 byte-order mark is tolerated.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.i == bytes.count else { throw parser.fail("unexpected data after the document") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func fail(_ reason: String) -> ParseError { ParseError(offset: i, reason: reason) }

  private mutating func skipSpace() {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
  }

  private mutating func value(depth: Int) throws(ParseError) -> JSONValue {
    guard depth < JSONParser.maxDepth else { throw fail("nested deeper than \(JSONParser.maxDepth)") }
    skipSpace()
    guard i < bytes.count else { throw fail("unexpected end of document") }
    switch bytes[i] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    default: return try number()
    }
  }

  private mutating func literal(_ word: String) throws(ParseError) {
    let w = Array(word.utf8)
    guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("unexpected character") }
    i += w.count
  }

  private mutating func object(depth: Int) throws(ParseError) -> JSONValue {
    i += 1
    var members: [(String, JSONValue)] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
    while true {
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
      let key = try string()
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      i += 1
      members.append((key, try value(depth: depth + 1)))
      skipSpace()
      guard i < bytes.count else { throw fail("unterminated object") }
      if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
      if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
      throw fail("expected ',' or '}'")
    }
  }

  private mutating func array(depth: Int) throws(ParseError) -> JSONValue {
    i += 1
    var items: [JSONValue] = []
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
    while true {
      items.append(try value(depth: depth + 1))
      skipSpace()
      guard i < bytes.count else { throw fail("unterminated array") }
      if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
      if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
      throw fail("expected ',' or ']'")
    }
  }

  private mutating func string() throws(ParseError) -> String {
    i += 1
    var out: [UInt8] = []
    while i < bytes.count {
      let c = bytes[i]
      i += 1
      switch c {
      case UInt8(ascii: "\""):
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard i < bytes.count else { throw fail("unterminated escape") }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
             bytes[i + 1] == UInt8(ascii: "u") {
            i += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) { scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00) }
          }
          out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default: throw fail("invalid escape")
        }
      case 0..<0x20:
        throw fail("control character in string")
      default:
        out.append(c)
      }
    }
    throw fail("unterminated string")
  }

  private mutating func hex4() throws(ParseError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[i]
      i += 1
      guard let d = hexDigit(c) else { throw fail("invalid \\u escape") }
      v = v << 4 | UInt32(d)
    }
    return v
  }

  private func hexDigit(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: c - 0x30
    case 0x41...0x46: c - 0x41 + 10
    case 0x61...0x66: c - 0x61 + 10
    default: nil
    }
  }

  private mutating func number() throws(ParseError) -> JSONValue {
    let start = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
    var isInteger = true
    while i < bytes.count {
      let c = bytes[i]
      if (0x30...0x39).contains(c) { i += 1; continue }
      if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+")
        || (c == UInt8(ascii: "-") && i > start) {
        isInteger = false
        i += 1
        continue
      }
      break
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard !text.isEmpty, text != "-" else { throw fail("unexpected character") }
    if isInteger, let v = Int64(text) { return .int(v) }
    guard let v = Double(text), v.isFinite else { throw ParseError(offset: start, reason: "invalid number '\(text)'") }
    return .number(v)
  }
}
