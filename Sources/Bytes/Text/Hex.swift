/// Bytes as hexadecimal text, for messages and notes.
package enum Hex {
  /// `byte` as two upper-case hexadecimal digits ("0A").
  package static func byte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
