/// Latitude and longitude written with their names, as apps put them into captions, comments
/// and JSON: "lat: 31.2304, lon: 121.4737", "Latitude 31.230416 Longitude 121.473701",
/// `{"lat":31.2304,"lng":121.4737}`, "lng=121.4737&lat=31.2304", `<lat>31.2304</lat><lon>…`.
///
/// The names make the numbers specific, so two decimals are enough (about 1 km); each value may
/// also be written in degrees, minutes and seconds. The second name follows the first value
/// within 32 bytes (room for `,"alt":12.5,"lng":`).
extension CoordinateText {
  /// Which coordinate a name introduces.
  package enum Axis { case latitude, longitude }

  /// Names, longest first; matched without regard to case, never inside a longer word.
  package static let axisNames: [(name: [UInt8], axis: Axis)] = [
    (Array("latitude".utf8), .latitude), (Array("longitude".utf8), .longitude),
    (Array("long".utf8), .longitude), (Array("lat".utf8), .latitude),
    (Array("lng".utf8), .longitude), (Array("lon".utf8), .longitude),
  ]

  /// Decimals a labelled value needs.
  package static let labelledFractionDigits = 2

  /// Longest stretch between the first value and the second name.
  package static let maximumLabelGap = 32

  package static func labelledPair(_ bytes: [UInt8], at start: Int) -> Match? {
    var i = start
    guard let first = axisName(bytes, &i), let firstValue = labelledValue(bytes, &i, axis: first) else { return nil }
    let gapStart = i
    while i < bytes.count, i - gapStart <= maximumLabelGap {
      var j = i
      if bytes[i] | 0x20 == UInt8(ascii: "l"), !isWordByte(bytes[i - 1]),
         let second = axisName(bytes, &j), second != first, let secondValue = labelledValue(bytes, &j, axis: second) {
        let (lat, lon) = first == .latitude ? (firstValue, secondValue) : (secondValue, firstValue)
        guard endsCoordinate(bytes, at: j), isLocation(lat, lon) else { return nil }
        return Match(form: .labelledPair, latitude: lat, longitude: lon, range: start..<j)
      }
      i += 1
    }
    return nil
  }

  /// The coordinate name at `i` (not followed by a letter); moves `i` past it.
  package static func axisName(_ bytes: [UInt8], _ i: inout Int) -> Axis? {
    for (name, axis) in axisNames where bytes.count - i >= name.count {
      guard zip(bytes[i..<i + name.count], name).allSatisfy({ $0 | 0x20 == $1 }) else { continue }
      let end = i + name.count
      if end < bytes.count, isLetter(bytes[end]) { continue }
      i = end
      return axis
    }
    return nil
  }

  /// The value after a name: up to 6 bytes of spaces, quotes, `:`, `=` or `>`, then degrees,
  /// minutes and seconds, or a decimal number with an optional hemisphere letter.
  package static func labelledValue(_ bytes: [UInt8], _ i: inout Int, axis: Axis) -> Double? {
    var j = i
    while j < bytes.count, j - i < 6, labelPunctuation.contains(bytes[j]) { j += 1 }
    let (positive, negative) = axis == .latitude ? (UInt8(ascii: "N"), UInt8(ascii: "S")) : (UInt8(ascii: "E"), UInt8(ascii: "W"))
    var k = j
    if let value = sexagesimal(bytes, &k, positive: positive, negative: negative) {
      i = k
      return value
    }
    guard var value = decimal(bytes, &j, fractionDigits: labelledFractionDigits) else { return nil }
    if let letter = hemisphere(bytes, &j, letters: axis == .latitude ? "NS" : "EW") {
      value = letter == negative ? -abs(value) : abs(value)
    }
    i = j
    return value
  }

  /// What may stand between a name and its value.
  package static let labelPunctuation: Set<UInt8> = Set(" \t:=\"'>".utf8)

  package static func isLetter(_ b: UInt8) -> Bool { b | 0x20 >= 0x61 && b | 0x20 <= 0x7A }
}
