/// A minimal, bounded reader of the protobuf wire format: the fields of one message, each a
/// field number and a varint, a 64-bit or 32-bit value, or a length-delimited range (bytes, a
/// string or a nested message). No schema: callers know which field numbers they want.
/// Groups (wire types 3 and 4, deprecated) are not read. [protobuf.dev "Encoding"]
enum ProtobufReader {
  /// Most fields read from one message.
  static let maxFields = 1 << 16

  /// One field's value.
  enum Value: Equatable {
    case varint(UInt64)
    case fixed64(UInt64)
    case fixed32(UInt32)
    /// Where the bytes lie in the buffer read.
    case bytes(Range<Int>)
  }

  /// One field of a message.
  struct Field: Equatable {
    package var number: Int
    package var value: Value
  }

  /// The fields of the message in `range`; nil when those bytes are not one whole message (a
  /// varint over 10 bytes, a length past the end, a group, a field number 0, too many fields).
  package static func fields(_ bytes: [UInt8], in range: Range<Int>) -> [Field]? {
    var fields: [Field] = []
    var pos = range.lowerBound
    while pos < range.upperBound {
      guard fields.count < maxFields, let key = varint(bytes, &pos, end: range.upperBound) else { return nil }
      let number = Int(key >> 3), wire = key & 7
      guard number > 0, number < 1 << 29 else { return nil }
      switch wire {
      case 0:
        guard let value = varint(bytes, &pos, end: range.upperBound) else { return nil }
        fields.append(Field(number: number, value: .varint(value)))
      case 1:
        guard range.upperBound - pos >= 8 else { return nil }
        let value = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[pos + $1]) << (8 * UInt64($1)) }
        pos += 8
        fields.append(Field(number: number, value: .fixed64(value)))
      case 2:
        guard let length = varint(bytes, &pos, end: range.upperBound), length <= UInt64(range.upperBound - pos) else { return nil }
        fields.append(Field(number: number, value: .bytes(pos..<pos + Int(length))))
        pos += Int(length)
      case 5:
        guard range.upperBound - pos >= 4 else { return nil }
        let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[pos + $1]) << (8 * UInt32($1)) }
        pos += 4
        fields.append(Field(number: number, value: .fixed32(value)))
      default:
        return nil
      }
    }
    return fields
  }

  /// A base-128 varint of at most 10 bytes.
  static func varint(_ bytes: [UInt8], _ pos: inout Int, end: Int) -> UInt64? {
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 70, by: 7) {
      guard pos < end else { return nil }
      let byte = bytes[pos]
      pos += 1
      if shift == 63, byte > 1 { return nil }
      value |= UInt64(byte & 0x7F) << UInt64(shift)
      if byte & 0x80 == 0 { return value }
    }
    return nil
  }
}
