import Bytes
/// A location as QuickTime and Android write it, ISO 6709 Annex H: signed latitude, signed
/// longitude, optional signed altitude, optional "CRS…", then "/" ("+52.2097-000.8955+103.640/").
/// Read as writers write it, not only as the standard pads it: Android leaves out the leading
/// zeros of the longitude ("+51.5932-0.2431/"), as ExifTool accepts. Integer parts of 4 or 6
/// (latitude) and 5 or 7 (longitude) digits are degrees-minutes(-seconds). Unlike the sweep's
/// detector (`CoordinateText`), 0, 0 counts: it is what the file says.
/// [ISO 6709:2008 Annex H; Apple QTFF "ISO 6709 location"; ExifTool QuickTime.pm ConvertISO6709]
public struct ISO6709Point: Sendable, Equatable {
  /// Degrees, north positive.
  public var latitude: Double
  /// Degrees, east positive.
  public var longitude: Double
  /// Metres, when given.
  public var altitude: Double?

  /// Parses the point at the start of `text` (leading spaces and NULs skipped); nil when it is
  /// not one or out of range.
  public static func parse(_ text: [UInt8]) -> ISO6709Point? {
    var i = 0
    while i < text.count, text[i] == 0x20 || text[i] == 0 { i += 1 }
    guard let lat = field(text, &i, degreeDigits: 2), let lon = field(text, &i, degreeDigits: 3),
          abs(lat) <= 90, abs(lon) <= 180 else { return nil }
    var point = ISO6709Point(latitude: lat, longitude: lon)
    if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
      var j = i + 1
      while j < text.count, CoordinateText.isDigit(text[j]) || text[j] == UInt8(ascii: ".") { j += 1 }
      if let altitude = Double(String(decoding: text[i..<j], as: UTF8.self)), altitude.isFinite { point.altitude = altitude }
    }
    return point
  }

  /// ±D[.f], ±DDMM[.f] or ±DDMMSS[.f] (longitude: one more degree digit); the sign is required.
  package static func field(_ text: [UInt8], _ i: inout Int, degreeDigits: Int) -> Double? {
    guard i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") else { return nil }
    let negative = text[i] == UInt8(ascii: "-")
    var j = i + 1
    let start = j
    while j < text.count, CoordinateText.isDigit(text[j]), j - start < 9 { j += 1 }
    let digits = text[start..<j].map { Double($0 - 0x30) }
    guard !digits.isEmpty else { return nil }
    var fraction = 0.0, scale = 1.0
    if j < text.count, text[j] == UInt8(ascii: ".") {
      j += 1
      while j < text.count, CoordinateText.isDigit(text[j]) {
        if scale < 1e15 { scale *= 10; fraction += Double(text[j] - 0x30) / scale }
        j += 1
      }
    }
    func number(_ range: Range<Int>) -> Double { digits[range].reduce(0) { $0 * 10 + $1 } }
    var value: Double
    switch digits.count - degreeDigits {
    case 2:
      let minutes = number(degreeDigits..<degreeDigits + 2) + fraction
      guard minutes < 60 else { return nil }
      value = number(0..<degreeDigits) + minutes / 60
    case 4:
      let minutes = number(degreeDigits..<degreeDigits + 2), seconds = number(degreeDigits + 2..<degreeDigits + 4) + fraction
      guard minutes < 60, seconds < 60 else { return nil }
      value = number(0..<degreeDigits) + minutes / 60 + seconds / 3600
    case ...0:
      value = number(0..<digits.count) + fraction
    default:
      return nil
    }
    i = j
    return negative ? -value : value
  }
}
