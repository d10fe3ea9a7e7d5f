/// Coordinates in degrees, minutes and seconds, as people copy them from maps and as ExifTool
/// prints them: "31°13'49.5\"N 121°28'25.3\"E", "31 deg 13' 49.50\" N, 121 deg 28' 25.32\" E",
/// "N 31° 13.825' E 121° 28.422'", "31.230416° N, 121.473701° E".
///
/// Each angle needs a degree sign (°, º, Latin-1 °, or "deg") and either minutes or at least
/// three decimals of a degree; minutes and seconds below 60; the hemisphere letter may come
/// before or after it, or a sign before it.
extension CoordinateText {
  package static func sexagesimalPair(_ bytes: [UInt8], at start: Int) -> Match? {
    var i = start
    guard let lat = sexagesimal(bytes, &i, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S")),
          pairSeparator(bytes, &i),
          let lon = sexagesimal(bytes, &i, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W")),
          endsCoordinate(bytes, at: i), isLocation(lat, lon) else { return nil }
    return Match(form: .sexagesimalPair, latitude: lat, longitude: lon, range: start..<i)
  }

  /// One angle at `i`: [H] [±] D[.f] ° [M[.f] ′ [S[.f] ″]] [H], in degrees (negative for the
  /// `negative` hemisphere). Moves `i` past it.
  package static func sexagesimal(_ bytes: [UInt8], _ i: inout Int, positive: UInt8, negative: UInt8) -> Double? {
    var j = i
    var sign = 1.0
    var hemisphereFirst = false
    if j < bytes.count, bytes[j] == positive || bytes[j] == negative {
      sign = bytes[j] == negative ? -1 : 1
      hemisphereFirst = true
      j += 1
      if j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
    } else if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
      sign = bytes[j] == UInt8(ascii: "-") ? -1 : 1
      j += 1
    }
    guard degreeSignFollows(bytes, j), let degrees = number(bytes, &j, integerDigits: 3),
          let afterDegrees = symbol(bytes, spaceBefore: j, degreeSigns) else { return nil }
    var end = afterDegrees
    var value = degrees.value
    var k = skipSpaces(bytes, afterDegrees)
    if degrees.fractionDigits == 0, let minutes = number(bytes, &k, integerDigits: 2),
       let afterMinutes = symbol(bytes, spaceBefore: k, minuteSigns), minutes.value < 60 {
      value += minutes.value / 60
      end = afterMinutes
      k = skipSpaces(bytes, afterMinutes)
      if minutes.fractionDigits == 0, let seconds = number(bytes, &k, integerDigits: 2),
         let afterSeconds = symbol(bytes, spaceBefore: k, secondSigns), seconds.value < 60 {
        value += seconds.value / 3600
        end = afterSeconds
      }
    } else if degrees.fractionDigits < minimumFractionDigits {
      return nil
    }
    if !hemisphereFirst {
      var h = end
      if h < bytes.count, bytes[h] == UInt8(ascii: " ") { h += 1 }
      if h < bytes.count, bytes[h] == positive || bytes[h] == negative, h + 1 == bytes.count || !isWordByte(bytes[h + 1]) {
        sign = bytes[h] == negative ? -1 : 1
        end = h + 1
      }
    }
    i = end
    return sign * value
  }

  /// True when the number at `i` (digits, maybe a fraction) is followed by what may begin a
  /// degree sign: the cheap test that keeps every other number in text and swept bytes from
  /// being parsed as an angle.
  package static func degreeSignFollows(_ bytes: [UInt8], _ i: Int) -> Bool {
    var j = i
    while j < bytes.count, j - i < 24, isDigit(bytes[j]) || bytes[j] == UInt8(ascii: ".") { j += 1 }
    if j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
    guard j > i, j < bytes.count else { return false }
    return bytes[j] == 0xC2 || bytes[j] == 0xB0 || bytes[j] == UInt8(ascii: "d")
  }

  /// Digits (1 to `integerDigits`) with an optional fraction (up to 16 decimals read): the
  /// value and its decimals.
  package static func number(_ bytes: [UInt8], _ i: inout Int, integerDigits: Int) -> (value: Double, fractionDigits: Int)? {
    var j = i, whole = 0
    while j < bytes.count, isDigit(bytes[j]), j - i <= integerDigits {
      whole = whole * 10 + Int(bytes[j] - 0x30)
      j += 1
    }
    guard (1...integerDigits).contains(j - i) else { return nil }
    var fractionDigits = 0, fraction: UInt64 = 0, scale = 1.0
    if j + 1 < bytes.count, bytes[j] == UInt8(ascii: "."), isDigit(bytes[j + 1]) {
      j += 1
      while j < bytes.count, isDigit(bytes[j]), fractionDigits < 16 {
        fraction = fraction * 10 + UInt64(bytes[j] - 0x30)
        scale *= 10
        j += 1
        fractionDigits += 1
      }
    }
    i = j
    return (Double(whole) + Double(fraction) / scale, fractionDigits)
  }

  // The signs, longest first (the first that matches is taken).
  /// "deg", ° (UTF-8), º, ° (Latin-1).
  package static let degreeSigns: [[UInt8]] = [Array("deg".utf8), [0xC2, 0xB0], [0xC2, 0xBA], [0xB0]]
  /// ′ ’ '
  package static let minuteSigns: [[UInt8]] = [[0xE2, 0x80, 0xB2], [0xE2, 0x80, 0x99], [0x27]]
  /// ″ ” '' "
  package static let secondSigns: [[UInt8]] = [[0xE2, 0x80, 0xB3], [0xE2, 0x80, 0x9D], [0x27, 0x27], [0x22]]

  /// The position after the first of `signs` at `i` (one space may come first); nil when none
  /// is there. A sign made of letters ("deg") may not run on into a word.
  package static func symbol(_ bytes: [UInt8], spaceBefore i: Int, _ signs: [[UInt8]]) -> Int? {
    let at = i < bytes.count && bytes[i] == UInt8(ascii: " ") ? i + 1 : i
    for sign in signs where bytes.count - at >= sign.count {
      guard bytes[at..<at + sign.count].elementsEqual(sign) else { continue }
      let end = at + sign.count
      if isLetter(sign[0]), end < bytes.count, isWordByte(bytes[end]) { continue }
      return end
    }
    return nil
  }

  /// `i` moved past at most two spaces.
  package static func skipSpaces(_ bytes: [UInt8], _ i: Int) -> Int {
    var j = i
    while j < bytes.count, j - i < 2, bytes[j] == UInt8(ascii: " ") { j += 1 }
    return j
  }
}
