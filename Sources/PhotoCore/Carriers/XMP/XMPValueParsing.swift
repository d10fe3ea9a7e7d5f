/// Parsers for the typed text values XMP uses for GPS: coordinates, rationals and dates.
/// Every parser returns nil for anything it does not fully understand.
enum XMPValueParsing {
  /// A GPS coordinate as signed decimal degrees. Accepts the XMP `GPSCoordinate` forms
  /// "DDD,MM,SSk" and "DDD,MM.mmk" (k = N/S/E/W) [XMP Part 2 (EXIF schema), GPSCoordinate],
  /// plain decimal degrees ("-33.86", "+151.2") and the same numbers separated by spaces.
  /// S and W, or a leading minus, make the result negative.
  static func coordinate(_ text: String, isLatitude: Bool) -> Double? {
    var numbers: [Double] = []
    var negative = false
    var current = ""
    func flush() -> Bool {
      guard !current.isEmpty else { return true }
      guard let v = Double(current), v.isFinite else { return false }
      if numbers.isEmpty, v < 0 || current.hasPrefix("-") { negative = true }
      numbers.append(abs(v))
      current = ""
      return true
    }
    for ch in text {
      switch ch {
      case "0"..."9", ".":
        current.append(ch)
      case "-", "+":
        guard current.isEmpty, numbers.isEmpty else { return nil }
        current.append(ch)
      case "N", "n", "E", "e":
        guard flush() else { return nil }
      case "S", "s", "W", "w":
        guard flush() else { return nil }
        negative = true
      case ",", " ", "\t", "\n", "\r", "°", "'", "\"", ":":
        guard flush() else { return nil }
      default:
        return nil
      }
    }
    guard flush(), let degrees = numbers.first, numbers.count <= 3 else { return nil }
    let minutes = numbers.count > 1 ? numbers[1] : 0
    let seconds = numbers.count > 2 ? numbers[2] : 0
    let value = degrees + minutes / 60 + seconds / 3600
    guard value.isFinite, value <= (isLatitude ? 90 : 180) else { return nil }
    return negative ? -value : value
  }

  /// "125/10" → 12.5; also plain decimals. [XMP Part 2 (EXIF schema), Rational]
  static func rational(_ text: String) -> Double? {
    let t = text.trimmingXMLSpace
    if let slash = t.firstIndex(of: "/") {
      guard let n = Double(t[..<slash]), let d = Double(t[t.index(after: slash)...]), d != 0 else { return nil }
      let v = n / d
      return v.isFinite ? v : nil
    }
    guard let v = Double(t), v.isFinite else { return nil }
    return v
  }

  /// An XMP/ISO 8601 date-time ("2025-01-01T10:20:30+08:00", "2025-01-01T02:20Z",
  /// "2025:01:01 02:20:30") converted to UTC as "YYYY-MM-DDThh:mm:ssZ". A value without a
  /// zone is taken as UTC (EXIF GPS time is UTC). Fractional seconds are dropped. Returns nil
  /// without a date and a time. [XMP Part 1 8.2.1.1 Date; ISO 8601]
  static func utcTimestamp(_ text: String) -> String? {
    var s = Scanner(Array(text.trimmingXMLSpace.utf8))
    guard let year = s.digits(4), s.separator("-:"), let month = s.digits(2), s.separator("-:"),
      let day = s.digits(2), s.separator("T "), let hour = s.digits(2), s.separator(":"),
      let minute = s.digits(2)
    else { return nil }
    var second = 0
    if s.peek(UInt8(ascii: ":")) {
      _ = s.separator(":")
      guard let sec = s.digits(2) else { return nil }
      second = sec
      if s.peek(UInt8(ascii: ".")) {
        _ = s.separator(".")
        while s.digits(1) != nil {}
      }
    }
    var offsetMinutes = 0
    if s.peek(UInt8(ascii: "Z")) {
      _ = s.separator("Z")
    } else if s.peek(UInt8(ascii: "+")) || s.peek(UInt8(ascii: "-")) {
      let sign = s.peek(UInt8(ascii: "-")) ? -1 : 1
      _ = s.separator("+-")
      guard let oh = s.digits(2) else { return nil }
      _ = s.separator(":")
      let om = s.digits(2) ?? 0
      guard oh <= 14, om < 60 else { return nil }
      offsetMinutes = sign * (oh * 60 + om)
    }
    guard s.atEnd, (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let total = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
    let dayCount = Int((Double(total) / 86400).rounded(.down))
    var rest = total - dayCount * 86400
    let (y, m, d) = civilFromDays(dayCount)
    let hh = rest / 3600
    rest %= 3600
    return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(hh, 2)):\(pad(rest / 60, 2)):\(pad(rest % 60, 2))Z"
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
  }

  /// The inverse of `daysFromCivil`.
  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  static func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  /// A cursor over ASCII bytes for the date parser.
  struct Scanner {
    package let b: [UInt8]
    package var i = 0
    init(_ b: [UInt8]) { self.b = b }
    var atEnd: Bool { i >= b.count }
    func peek(_ c: UInt8) -> Bool { i < b.count && b[i] == c }
    /// Exactly `n` decimal digits.
    mutating func digits(_ n: Int) -> Int? {
      guard i + n <= b.count else { return nil }
      var v = 0
      for k in 0..<n {
        let c = b[i + k]
        guard c >= 0x30, c <= 0x39 else { return nil }
        v = v * 10 + Int(c - 0x30)
      }
      i += n
      return v
    }
    /// One byte out of `set`.
    package mutating func separator(_ set: String) -> Bool {
      guard i < b.count, set.utf8.contains(b[i]) else { return false }
      i += 1
      return true
    }
  }
}

extension String {
  /// The string without leading and trailing XML whitespace.
  var trimmingXMLSpace: String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return "" }
    let end = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) ?? start
    return String(scalars[start...end])
  }
}
