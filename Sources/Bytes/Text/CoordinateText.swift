/// Coordinates written as text: ISO 6709 strings ("+31.2304+121.4737/", as QuickTime `©xyz`
/// and Android write them), decimal latitude/longitude pairs ("31.230416, 121.473701",
/// ExifTool's "31.230416 121.473701", "31.230416 N, 121.473701 E"), degrees with minutes and
/// seconds (`CoordinateText+Sexagesimal`: "31°13'49.5\"N 121°28'25.3\"E", ExifTool's
/// "31 deg 13' 49.50\" N") and labelled pairs (`CoordinateText+Labelled`: "lat: 31.2304,
/// lon: 121.4737", `{"lat":31.2304,"lng":121.4737}`).
///
/// Works on bytes (ASCII matters, anything else is a boundary) so the same detector serves JSON
/// strings and raw regions. Built to miss little and to stay quiet on ordinary text:
/// - a decimal pair needs at least `minimumFractionDigits` decimals on both numbers (about 100 m),
///   a comma, semicolon or white space between them, latitude within ±90 and longitude within
///   ±180, and not both below 1 in magnitude (ratios such as "0.850, 0.900");
/// - an ISO 6709 point needs signed latitude (±DD, ±DDMM or ±DDMMSS) and longitude (±DDD,
///   ±DDDMM or ±DDDMMSS), minutes and seconds below 60, and either the "/" terminator or a
///   fraction on both parts [ISO 6709:2008 Annex H];
/// - degrees-minutes-seconds need a degree sign and minutes (or three decimals of a degree) on
///   both angles; labelled pairs need both names and two decimals (see their files);
/// - none may touch a letter, digit or dot on its outer sides (versions, IP addresses);
/// - 0, 0 is the usual "no location" placeholder, not a location.
public enum CoordinateText {
  /// Decimals a number of a decimal pair needs.
  public static let minimumFractionDigits = 3

  /// One coordinate found in text.
  public struct Match: Sendable, Equatable {
    /// How the coordinate is written.
    public enum Form: String, Sendable, Equatable {
      case iso6709 = "ISO 6709 string"
      case decimalPair = "decimal coordinate pair"
      case sexagesimalPair = "degrees, minutes and seconds"
      case labelledPair = "labelled latitude and longitude"
    }
    /// ISO 6709 or decimal pair.
    public var form: Form
    /// Degrees, north positive.
    public var latitude: Double
    /// Degrees, east positive.
    public var longitude: Double
    /// Where in the bytes searched.
    public var range: Range<Int>
  }

  /// Every coordinate in `text`, in order.
  public static func find(in text: String) -> [Match] { find(in: Array(text.utf8)) }

  /// Every coordinate in `bytes`, in order, without overlaps.
  public static func find(in bytes: [UInt8]) -> [Match] {
    var matches: [Match] = []
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if i == 0 || !isWordByte(bytes[i - 1]) {
        let startsNumber = b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || isDigit(b)
        var m: Match?
        if startsNumber {
          m = iso6709(bytes, at: i) ?? sexagesimalPair(bytes, at: i) ?? decimalPair(bytes, at: i)
        } else if b | 0x20 == UInt8(ascii: "l") {
          m = labelledPair(bytes, at: i)
        } else if b == UInt8(ascii: "N") || b == UInt8(ascii: "S") {
          m = sexagesimalPair(bytes, at: i)
        }
        if let m {
          matches.append(m)
          i = m.range.upperBound
          continue
        }
      } else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-"), i + 2 < bytes.count, isDigit(bytes[i + 1]), isDigit(bytes[i + 2]),
                let m = iso6709(bytes, at: i),
                bytes[m.range.upperBound - 1] == UInt8(ascii: "/") {
        // A signed ISO 6709 string ending in "/" is specific enough to stand right after a
        // letter: a box type ("gpsd+37.3317-122.0307/"), a key name.
        matches.append(m)
        i = m.range.upperBound
        continue
      }
      i += 1
    }
    return matches
  }

  // MARK: ISO 6709

  package static func iso6709(_ bytes: [UInt8], at start: Int) -> Match? {
    var i = start
    guard let lat = signedField(bytes, &i, integerDigits: [2, 4, 6]),
          let lon = signedField(bytes, &i, integerDigits: [3, 5, 7]) else { return nil }
    // Optional altitude, then an optional coordinate reference system, then "/".
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
      var j = i + 1
      let digits = j
      while j < bytes.count, isDigit(bytes[j]) { j += 1 }
      if j > digits {
        if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
          j += 1
          while j < bytes.count, isDigit(bytes[j]) { j += 1 }
        }
        i = j
      }
    }
    if bytes[i..<min(i + 3, bytes.count)].elementsEqual("CRS".utf8) {
      var j = i
      while j < bytes.count, j - i < 64, bytes[j] != UInt8(ascii: "/") { j += 1 }
      guard j < bytes.count, bytes[j] == UInt8(ascii: "/") else { return nil }
      i = j
    }
    let terminated = i < bytes.count && bytes[i] == UInt8(ascii: "/")
    if terminated {
      i += 1
    } else {
      guard lat.hasFraction, lon.hasFraction, i == bytes.count || !isWordByte(bytes[i]) else { return nil }
    }
    guard abs(lat.degrees) <= 90, abs(lon.degrees) <= 180, lat.degrees != 0 || lon.degrees != 0 else { return nil }
    return Match(form: .iso6709, latitude: lat.degrees, longitude: lon.degrees, range: start..<i)
  }

  /// ±D…[.f]: degrees, or degrees-minutes, or degrees-minutes-seconds by the integer digit count.
  package static func signedField(_ bytes: [UInt8], _ i: inout Int, integerDigits allowed: [Int]) -> (degrees: Double, hasFraction: Bool)? {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
    let negative = bytes[i] == UInt8(ascii: "-")
    var j = i + 1
    let integerStart = j
    while j < bytes.count, isDigit(bytes[j]), j - integerStart < 8 { j += 1 }
    let count = j - integerStart
    guard allowed.contains(count) else { return nil }
    var fraction = 0.0, scale = 1.0, hasFraction = false
    if j < bytes.count, bytes[j] == UInt8(ascii: "."), j + 1 < bytes.count, isDigit(bytes[j + 1]) {
      j += 1
      while j < bytes.count, isDigit(bytes[j]), scale < 1e15 {
        scale *= 10
        fraction += Double(bytes[j] - 0x30) / scale
        hasFraction = true
        j += 1
      }
      while j < bytes.count, isDigit(bytes[j]) { j += 1 }
    }
    let digits = bytes[integerStart..<j].prefix(count).map { Int($0 - 0x30) }
    func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
    let degreeDigits = allowed[0]
    var value: Double
    switch count - degreeDigits {
    case 0: value = Double(number(0..<degreeDigits)) + fraction
    case 2:
      let minutes = Double(number(degreeDigits..<count)) + fraction
      guard minutes < 60 else { return nil }
      value = Double(number(0..<degreeDigits)) + minutes / 60
    default:
      let minutes = number(degreeDigits..<degreeDigits + 2)
      let seconds = Double(number(degreeDigits + 2..<count)) + fraction
      guard minutes < 60, seconds < 60 else { return nil }
      value = Double(number(0..<degreeDigits)) + Double(minutes) / 60 + seconds / 3600
    }
    if negative { value = -value }
    i = j
    return (value, hasFraction)
  }

  // MARK: Decimal pairs

  package static func decimalPair(_ bytes: [UInt8], at start: Int) -> Match? {
    var i = start
    guard var lat = decimal(bytes, &i) else { return nil }
    if let hemisphere = hemisphere(bytes, &i, letters: "NS") { lat = hemisphere == UInt8(ascii: "S") ? -abs(lat) : abs(lat) }
    guard pairSeparator(bytes, &i), var lon = decimal(bytes, &i) else { return nil }
    if let hemisphere = hemisphere(bytes, &i, letters: "EW") { lon = hemisphere == UInt8(ascii: "W") ? -abs(lon) : abs(lon) }
    guard endsCoordinate(bytes, at: i), isLocation(lat, lon) else { return nil }
    return Match(form: .decimalPair, latitude: lat, longitude: lon, range: start..<i)
  }

  /// Between the two numbers of a pair: spaces, at most one comma or semicolon, spaces; at
  /// least one of them and at most 8 bytes. Moves `i` past it; false when there is none.
  package static func pairSeparator(_ bytes: [UInt8], _ i: inout Int) -> Bool {
    let separatorStart = i
    while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: ";") { i += 1 }
    while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
    return i > separatorStart && i - separatorStart <= 8
  }

  /// True when a coordinate may end at `i`: the end, or a byte that is no letter, digit or dot.
  /// A full stop may end the sentence the pair is in ("… at 31.230416, 121.473701."), but a
  /// dot before a digit continues a number (a version, an address).
  package static func endsCoordinate(_ bytes: [UInt8], at i: Int) -> Bool {
    i == bytes.count || !isWordByte(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && !isDigit(at: i + 1, in: bytes))
  }

  /// True for a latitude and longitude in range that are not both below 1 in magnitude (ratios
  /// such as "0.850, 0.900", and 0, 0, the usual "no location" placeholder).
  package static func isLocation(_ latitude: Double, _ longitude: Double) -> Bool {
    abs(latitude) <= 90 && abs(longitude) <= 180 && (abs(latitude) >= 1 || abs(longitude) >= 1)
  }

  /// [±]D{1,3}.F{n,}: a decimal number with at least `fractionDigits` decimals (by default,
  /// enough to be a coordinate on its own).
  package static func decimal(_ bytes: [UInt8], _ i: inout Int, fractionDigits: Int = minimumFractionDigits) -> Double? {
    var j = i
    if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
    let integerStart = j
    while j < bytes.count, isDigit(bytes[j]), j - integerStart < 4 { j += 1 }
    guard (1...3).contains(j - integerStart), j < bytes.count, bytes[j] == UInt8(ascii: ".") else { return nil }
    j += 1
    let fractionStart = j
    while j < bytes.count, isDigit(bytes[j]), j - fractionStart < 16 { j += 1 }
    guard j - fractionStart >= fractionDigits else { return nil }
    if j < bytes.count, isDigit(bytes[j]) || (bytes[j] == UInt8(ascii: ".") && isDigit(at: j + 1, in: bytes)) { return nil }
    guard let value = Double(String(decoding: bytes[i..<j], as: UTF8.self)) else { return nil }
    i = j
    return value
  }

  /// An optional " N" / "S" after a number (one space at most); the letter when there is one.
  package static func hemisphere(_ bytes: [UInt8], _ i: inout Int, letters: String) -> UInt8? {
    var j = i
    if j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
    guard j < bytes.count else { return nil }
    let letter = bytes[j] & 0xDF  // upper case
    guard letters.utf8.contains(letter), j + 1 == bytes.count || !isWordByte(bytes[j + 1]) else { return nil }
    i = j + 1
    return letter
  }

  package static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// True when `bytes` has a digit at `index`.
  package static func isDigit(at index: Int, in bytes: [UInt8]) -> Bool { index < bytes.count && isDigit(bytes[index]) }

  /// Letters, digits and the dot: what may not touch a coordinate's outer sides.
  package static func isWordByte(_ b: UInt8) -> Bool {
    isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: ".")
  }
}
