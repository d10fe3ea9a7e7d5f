/// Coordinates written as text: ISO 6709 strings ("+31.2304+121.4737+012.5/", what QuickTime
/// `©xyz` and Apple's `location.ISO6709` hold) and decimal pairs ("31.230416, 121.473701", what
/// people and exporters write into comments). [ISO 6709:2008 Annex H]
enum TextCoordinates {
  /// Fewest decimals of each number of a decimal pair: "31.2304, 121.4737" and finer.
  static let minimumPairDecimals = 4

  /// Every ISO 6709 string and decimal pair in `bytes`, in order.
  static func find(in bytes: UnsafeRawBufferPointer) -> [GPSSignatures.Hit] {
    var hits: [GPSSignatures.Hit] = []
    var i = 0
    let count = bytes.count
    while i < count, hits.count < GPSSignatures.maxHits {
      let byte = bytes[i]
      let startsNumber = isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      let previous = i > 0 ? bytes[i - 1] : 0x20
      guard startsNumber, !isDigit(previous), previous != UInt8(ascii: "."), i + 1 < count,
            isDigit(byte) || isDigit(bytes[i + 1]) else {
        i += 1
        continue
      }
      if byte != UInt8(ascii: "+"), let (hit, end) = decimalPair(bytes, at: i) {
        hits.append(hit)
        i = end
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"), let (hit, end) = iso6709(bytes, at: i) {
        hits.append(hit)
        i = end
      } else {
        i += 1
      }
    }
    return hits
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// A number at `i`: optional sign, digits, optional fraction. (value, integer digits,
  /// fraction digits, fraction all zero, end offset).
  static func number(_ bytes: UnsafeRawBufferPointer, at start: Int, signed: Bool = true)
    -> (value: Double, integerDigits: Int, fractionDigits: Int, zeroFraction: Bool, end: Int)? {
    var i = start
    var negative = false
    if signed, i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    var value = 0.0
    var integerDigits = 0
    while i < bytes.count, isDigit(bytes[i]), integerDigits < 9 {
      value = value * 10 + Double(bytes[i] - 0x30)
      integerDigits += 1
      i += 1
    }
    guard integerDigits > 0 else { return nil }
    var fractionDigits = 0
    var zeroFraction = true
    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "."), isDigit(bytes[i + 1]) {
      i += 1
      var scale = 0.1
      while i < bytes.count, isDigit(bytes[i]), fractionDigits < 15 {
        let digit = Double(bytes[i] - 0x30)
        if digit != 0 { zeroFraction = false }
        value += digit * scale
        scale /= 10
        fractionDigits += 1
        i += 1
      }
    }
    return (negative ? -value : value, integerDigits, fractionDigits, zeroFraction, i)
  }

  /// "31.230416, 121.473701" (a comma or semicolon between, spaces allowed), in printable text.
  static func decimalPair(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (GPSSignatures.Hit, Int)? {
    guard let lat = number(bytes, at: start), lat.fractionDigits >= minimumPairDecimals, lat.integerDigits <= 2 else { return nil }
    var i = lat.end
    while i < bytes.count, bytes[i] == 0x20 { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: ";") else { return nil }
    i += 1
    while i < bytes.count, bytes[i] == 0x20 { i += 1 }
    guard i < bytes.count, isDigit(bytes[i]) || bytes[i] == UInt8(ascii: "-"),
          let lon = number(bytes, at: i), lon.fractionDigits >= minimumPairDecimals, lon.integerDigits <= 3 else { return nil }
    guard abs(lat.value) <= 90, abs(lon.value) <= 180, !(lat.zeroFraction && lon.zeroFraction),
          lon.end >= bytes.count || !isDigit(bytes[lon.end]) else { return nil }
    let text = String(decoding: bytes[start..<lon.end], as: UTF8.self)
    return (GPSSignatures.Hit(offset: start, description: "coordinates in text \"\(text)\"", latitude: lat.value, longitude: lon.value),
            lon.end)
  }

  /// "±DD[MM[SS]][.f]±DDD[MM[SS]][.f][±alt][CRS…]/": the terminating slash, or decimals in both
  /// coordinates, is required. [ISO 6709:2008 H.3]
  static func iso6709(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (GPSSignatures.Hit, Int)? {
    guard let lat = number(bytes, at: start), [2, 4, 6].contains(lat.integerDigits), lat.end < bytes.count,
          bytes[lat.end] == UInt8(ascii: "+") || bytes[lat.end] == UInt8(ascii: "-"),
          let lon = number(bytes, at: lat.end), [3, 5, 7].contains(lon.integerDigits) else { return nil }
    var end = lon.end
    if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-"),
       let altitude = number(bytes, at: end) {
      end = altitude.end
    }
    let slash = end < bytes.count && bytes[end] == UInt8(ascii: "/")
    guard slash || (lat.fractionDigits >= 2 && lon.fractionDigits >= 2) else { return nil }
    let latitude = degrees(lat.value, integerDigits: lat.integerDigits, degreeDigits: 2)
    let longitude = degrees(lon.value, integerDigits: lon.integerDigits, degreeDigits: 3)
    guard abs(latitude) <= 90, abs(longitude) <= 180, latitude != 0 || longitude != 0 else { return nil }
    let text = String(decoding: bytes[start..<(slash ? end + 1 : end)], as: UTF8.self)
    return (GPSSignatures.Hit(offset: start, description: "an ISO 6709 location \"\(text)\"", latitude: latitude, longitude: longitude),
            slash ? end + 1 : end)
  }

  /// Degrees from ±DD.d, ±DDMM.m or ±DDMMSS.s (the sign kept).
  static func degrees(_ value: Double, integerDigits: Int, degreeDigits: Int) -> Double {
    let magnitude = abs(value)
    let sign: Double = value < 0 ? -1 : 1
    switch integerDigits - degreeDigits {
    case 2:
      let d = (magnitude / 100).rounded(.down)
      return sign * (d + (magnitude - d * 100) / 60)
    case 4:
      let d = (magnitude / 10_000).rounded(.down)
      let m = ((magnitude - d * 10_000) / 100).rounded(.down)
      return sign * (d + m / 60 + (magnitude - d * 10_000 - m * 100) / 3600)
    default:
      return value
    }
  }
}
