import Bytes
extension ByteReader {
  /// An unsigned 64-bit integer in either byte order.
  mutating func u64(bigEndian: Bool) throws(ByteError) -> UInt64 {
    let bytes = try read(8)
    return bigEndian ? bytes.reduce(0) { $0 << 8 | UInt64($1) } : bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// An IEEE 754 single-precision number in either byte order.
  mutating func f32(bigEndian: Bool) throws(ByteError) -> Double {
    Double(Float(bitPattern: try u32(bigEndian: bigEndian)))
  }

  /// An IEEE 754 double-precision number in either byte order.
  mutating func f64(bigEndian: Bool) throws(ByteError) -> Double {
    Double(bitPattern: try u64(bigEndian: bigEndian))
  }

  /// A signed 32-bit integer in either byte order.
  mutating func i32(bigEndian: Bool) throws(ByteError) -> Int32 {
    Int32(bitPattern: try u32(bigEndian: bigEndian))
  }
}

/// UTC times as `GPSFix.timestamp` writes them.
enum TelemetryTime {
  /// "2017-04-17T19:27:57Z" from seconds since 1970-01-01 (whole seconds; nil when absurd).
  static func iso(unixSeconds: Double) -> String? {
    guard unixSeconds.isFinite, unixSeconds >= 0, unixSeconds < 8_000_000_000 else { return nil }
    let total = Int(unixSeconds)
    let days = total / 86_400, rest = total % 86_400
    let (y, m, d) = civil(days: days)
    return iso(year: y, month: m, day: d, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
  }

  /// "2017-04-17T19:27:57Z"; nil for values out of range.
  static func iso(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> String? {
    guard (1900...2200).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
          (0...59).contains(minute), (0...60).contains(second) else { return nil }
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
  }

  /// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian). [H. Hinnant, "days_from_civil"]
  static func civil(days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }
}
