/// A JSON document built in code and printed deterministically (keys in insertion order), so
/// reports are byte-identical whatever the scheduling. Also parsed back by `JSONParser`.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.int(let x), .int(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.int(let x), .number(let y)), (.number(let y), .int(let x)): Double(x) == y
    case (.string(let x), .string(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The member named `key` of an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
  public var doubleValue: Double? {
    switch self {
    case .int(let v): Double(v)
    case .number(let v): v
    default: nil
    }
  }
  public var intValue: Int? {
    switch self {
    case .int(let v): Int(exactly: v)
    case .number(let v): v.isFinite && v == v.rounded() && abs(v) < 9e15 ? Int(v) : nil
    default: nil
    }
  }
  public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
  public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

  /// An optional value, or null.
  public static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
    value.map(transform) ?? .null
  }

  /// Serialises; `pretty` indents with two spaces, else one line (JSONL). With `jobs` > 1 the
  /// items of long arrays (a report's files) are serialised on that many threads; the text is
  /// the same.
  public func serialized(pretty: Bool = true, jobs: Int = 1) -> String {
    String(decoding: serializedBytes(pretty: pretty, jobs: jobs), as: UTF8.self)
  }

  /// The UTF-8 bytes of `serialized`, and `suffix` after them: what a report file holds,
  /// without making (and validating) a String of a report of many thousand files. `capacity`:
  /// the expected length, reserved up front — a buffer that grows by doubling touches fresh
  /// pages at each step (page faults were a quarter of a metadata scan's kernel time).
  public func serializedBytes(pretty: Bool = true, jobs: Int = 1, suffix: String = "", capacity: Int = 4096) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(max(4096, capacity))
    write(to: &out, pretty: pretty, indent: 0, jobs: jobs)
    JSONValue.append(suffix, to: &out)
    return out
  }

  /// Arrays at least this long are split between threads when `jobs` > 1.
  package static let parallelArrayLength = 256

  // The writer appends UTF-8 bytes, not String pieces: a report of thousands of files is
  // serialised at memory speed (measured: String appends were 8 % of a metadata scan).
  private func write(to out: inout [UInt8], pretty: Bool, indent: Int, jobs: Int = 1) {
    switch self {
    case .null: JSONValue.append("null", to: &out)
    case .bool(let b): JSONValue.append(b ? "true" : "false", to: &out)
    case .int(let v): JSONValue.append(String(v), to: &out)
    case .number(let v): JSONValue.append(JSONValue.format(v), to: &out)
    case .string(let s): JSONValue.quote(s, into: &out)
    case .array(let items):
      if items.isEmpty { JSONValue.append("[]", to: &out); return }
      out.append(UInt8(ascii: "["))
      if jobs > 1, items.count >= JSONValue.parallelArrayLength {
        let chunk = (items.count + jobs - 1) / jobs
        let ranges = stride(from: 0, to: items.count, by: chunk).map { $0..<min($0 + chunk, items.count) }
        // Each piece is about its share of what the whole was reserved for (the long array is
        // most of a report).
        let share = out.capacity / ranges.count
        let pieces = ParallelMap.map(ranges, jobs: jobs) { range in
          var piece: [UInt8] = []
          piece.reserveCapacity(share)
          JSONValue.writeItems(items[range], first: range.lowerBound == 0, to: &piece, pretty: pretty, indent: indent)
          return piece
        }
        for piece in pieces { out.append(contentsOf: piece) }
      } else {
        JSONValue.writeItems(items[...], first: true, to: &out, pretty: pretty, indent: indent)
      }
      if pretty { JSONValue.newline(indent, into: &out) }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      if members.isEmpty { JSONValue.append("{}", to: &out); return }
      out.append(UInt8(ascii: "{"))
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        if pretty { JSONValue.newline(indent + 1, into: &out) }
        JSONValue.quote(key, into: &out)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(UInt8(ascii: " ")) }
        value.write(to: &out, pretty: pretty, indent: indent + 1, jobs: jobs)
      }
      if pretty { JSONValue.newline(indent, into: &out) }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Array items, each after a comma unless it is the array's `first`.
  private static func writeItems(_ items: ArraySlice<JSONValue>, first: Bool, to out: inout [UInt8], pretty: Bool, indent: Int) {
    for (i, item) in zip(items.indices, items) {
      if i > items.startIndex || !first { out.append(UInt8(ascii: ",")) }
      if pretty { newline(indent + 1, into: &out) }
      item.write(to: &out, pretty: pretty, indent: indent + 1)
    }
  }

  /// Shortest round-trip form; integral values without ".0"; non-finite as null.
  package static func format(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }

  /// A newline and `level` two-space indents, copied from `spaces` (appending a `repeatElement`
  /// cost ~150 instructions a line: 1 % of a metadata scan).
  private static func newline(_ level: Int, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\n"))
    var count = 2 * level
    while count > 0 {
      let piece = min(count, spaces.count)
      out.append(contentsOf: spaces[..<piece])
      count -= piece
    }
  }

  /// The spaces `newline` indents with.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  private static func append(_ s: String, to out: inout [UInt8]) {
    var s = s
    s.withUTF8 { out.append(contentsOf: $0) }
  }

  /// Quotes a string. Besides what JSON requires, DEL and the C1 controls (U+0080–U+009F, which
  /// some terminals obey) are written as `\u` escapes: the value is the same, and a report
  /// printed to a terminal cannot drive it.
  package static func quote(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { utf8 in
      // Most strings (paths, tag names, ids) need no escape: appended whole.
      guard utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) else {
        out.append(contentsOf: utf8)
        return
      }
      var i = 0
      while i < utf8.count {
        let byte = utf8[i]
        i += 1
        switch byte {
        case 0x22: out.append(contentsOf: [0x5C, 0x22])  // \"
        case 0x5C: out.append(contentsOf: [0x5C, 0x5C])  // \\
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case _ where byte < 0x20 || byte == 0x7F:
          out.append(contentsOf: Array(("\\u" + String(byte, radix: 16).leftPadded(to: 4)).utf8))
        case 0xC2 where i < utf8.count && utf8[i] < 0xA0:
          // U+0080–U+009F is C2 80…C2 9F in UTF-8.
          out.append(contentsOf: Array(("\\u" + String(utf8[i], radix: 16).leftPadded(to: 4)).utf8))
          i += 1
        default: out.append(byte)  // multi-byte UTF-8 sequences pass through unchanged
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
