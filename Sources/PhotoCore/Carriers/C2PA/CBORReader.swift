import Bytes
/// A small, bounded CBOR reader for C2PA assertions and claims, into `JSONValue`: maps (keys
/// made text), arrays, text, integers, floats, booleans and null. Byte strings become a short
/// description ("(32 bytes)"); tags are read through (their content kept). Indefinite lengths
/// are read. Every length is checked against the bytes left before anything is allocated;
/// nesting and item counts are capped. [RFC 8949]
public enum CBORReader {
  /// Deepest nesting read.
  public static let maxDepth = 64
  /// Most data items read in one document.
  public static let maxItems = 200_000

  /// Why a CBOR document could not be read.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "CBOR at byte \(offset): \(reason)" }
  }

  /// Reads one data item from the start of `bytes` (what follows it is ignored).
  public static func read(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    var reader = Reader(bytes: bytes)
    return try reader.item(depth: 0)
  }

  struct Reader {
    package let bytes: [UInt8]
    var position = 0
    package var items = 0

    package func fail(_ reason: String) -> Failure { Failure(offset: position, reason: reason) }

    package mutating func byte() throws(Failure) -> UInt8 {
      guard position < bytes.count else { throw fail("the data ends early") }
      defer { position += 1 }
      return bytes[position]
    }

    /// The argument of a head: the 5-bit value or 1, 2, 4, 8 following bytes. nil for an
    /// indefinite length (31).
    package mutating func argument(_ info: UInt8) throws(Failure) -> UInt64? {
      switch info {
      case 0..<24: return UInt64(info)
      case 24, 25, 26, 27:
        let count = 1 << Int(info - 24)
        guard bytes.count - position >= count else { throw fail("the data ends early") }
        var value: UInt64 = 0
        for _ in 0..<count { value = value << 8 | UInt64(bytes[position]); position += 1 }
        return value
      case 31: return nil
      default: throw fail("reserved additional information \(info)")
      }
    }

    /// A length that fits in what is left (each element needs at least `unit` bytes).
    package func length(_ value: UInt64, unit: Int) throws(Failure) -> Int {
      guard value <= UInt64(bytes.count - position) / UInt64(unit) else { throw fail("a length of \(value) runs past the end") }
      return Int(value)
    }

    package mutating func item(depth: Int) throws(Failure) -> JSONValue {
      guard depth < CBORReader.maxDepth else { throw fail("nested deeper than \(CBORReader.maxDepth)") }
      items += 1
      guard items <= CBORReader.maxItems else { throw fail("more than \(CBORReader.maxItems) items") }
      let head = try byte()
      let major = head >> 5, info = head & 0x1F
      switch major {
      case 0:
        guard let v = try argument(info) else { throw fail("an indefinite integer") }
        return v <= UInt64(Int64.max) ? .int(Int64(v)) : .number(Double(v))
      case 1:
        guard let v = try argument(info) else { throw fail("an indefinite integer") }
        return v < UInt64(Int64.max) ? .int(-1 - Int64(v)) : .number(-1 - Double(v))
      case 2, 3:
        let data = try string(info, major: major, depth: depth)
        return major == 3 ? .string(String(decoding: data, as: UTF8.self)) : .string("(\(data.count) bytes)")
      case 4:
        var list: [JSONValue] = []
        if let count = try argument(info) {
          for _ in 0..<(try length(count, unit: 1)) { list.append(try item(depth: depth + 1)) }
        } else {
          while try !atBreak() { list.append(try item(depth: depth + 1)) }
        }
        return .array(list)
      case 5:
        var members: [(String, JSONValue)] = []
        if let count = try argument(info) {
          for _ in 0..<(try length(count, unit: 2)) { members.append((key(try item(depth: depth + 1)), try item(depth: depth + 1))) }
        } else {
          while try !atBreak() { members.append((key(try item(depth: depth + 1)), try item(depth: depth + 1))) }
        }
        return .object(members)
      case 6:
        _ = try argument(info)
        return try item(depth: depth + 1)  // a tag: its content
      default:
        return try simple(info)
      }
    }

    /// Text or bytes, definite or made of definite chunks.
    package mutating func string(_ info: UInt8, major: UInt8, depth: Int) throws(Failure) -> [UInt8] {
      if let count = try argument(info) {
        let n = try length(count, unit: 1)
        defer { position += n }
        return Array(bytes[position..<position + n])
      }
      var out: [UInt8] = []
      while try !atBreak() {
        let chunk = try byte()
        guard chunk >> 5 == major, chunk & 0x1F != 31 else { throw fail("a bad chunk in an indefinite string") }
        out += try string(chunk & 0x1F, major: major, depth: depth)
      }
      return out
    }

    /// Consumes a "break" (0xFF) when it is next.
    mutating func atBreak() throws(Failure) -> Bool {
      guard position < bytes.count else { throw fail("the data ends before a break") }
      if bytes[position] == 0xFF { position += 1; return true }
      return false
    }

    /// Major type 7: false, true, null, undefined, floats. [RFC 8949 3.3]
    mutating func simple(_ info: UInt8) throws(Failure) -> JSONValue {
      switch info {
      case 20: return .bool(false)
      case 21: return .bool(true)
      case 22, 23: return .null
      case 25:
        guard let bits = try argument(info) else { return .null }
        return number(Double(Float16(bitPattern: UInt16(bits))))
      case 26:
        guard let bits = try argument(info) else { return .null }
        return number(Double(Float(bitPattern: UInt32(bits))))
      case 27:
        guard let bits = try argument(info) else { return .null }
        return number(Double(bitPattern: bits))
      case 24:
        _ = try byte()
        return .null
      case 31: throw fail("a break outside an indefinite item")
      default: return .null
      }
    }

    /// A float as a JSON number; NaN and infinities (which JSON cannot hold) as text.
    package func number(_ value: Double) -> JSONValue { value.isFinite ? .number(value) : .string(String(value)) }

    /// A map key as text: text as is, numbers written out.
    package func key(_ value: JSONValue) -> String {
      switch value {
      case .string(let s): s
      case .int(let v): String(v)
      case .number(let v): String(v)
      case .bool(let b): String(b)
      default: "?"
      }
    }
  }
}
