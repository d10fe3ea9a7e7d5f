/// Positions in NMEA 0183 sentences, as dashcams and GPS loggers write them into text tracks and
/// GPS blocks: `$GPRMC` (any talker: GP, GN, GL…) "hhmmss.ss,A,ddmm.mmmm,N,dddmm.mmmm,E,speed,
/// course,ddmmyy" and `$GPGGA` "hhmmss.ss,ddmm.mmmm,N,dddmm.mmmm,E,quality,satellites,hdop,
/// altitude,M". RMC with status V ("void") and GGA with quality 0 are no fix.
/// [NMEA 0183 4.10 RMC, GGA; ExifTool QuickTimeStream.pl Process_text]
enum NMEASentence {
  /// A position found, or a sentence without a fix.
  enum Reading: Equatable {
    case fix(TelemetryPoint)
    case noFix
  }

  /// Every RMC and GGA sentence in `text`, in order.
  package static func find(in text: [UInt8]) -> [Reading] {
    var out: [Reading] = []
    var i = 0
    while i + 6 < text.count, out.count < 100_000 {
      guard text[i] == UInt8(ascii: "$"), let kind = sentenceKind(text, i + 1) else {
        i += 1
        continue
      }
      var end = i + 6
      while end < text.count, text[end] != UInt8(ascii: "*"), text[end] != 0x0D, text[end] != 0x0A, text[end] != UInt8(ascii: "$"), end - i < 256 { end += 1 }
      let fields = text[(i + 6)..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
      if let reading = kind == "RMC" ? rmc(fields) : gga(fields) { out.append(reading) }
      i = end
    }
    return out
  }

  /// "RMC" or "GGA" after a two-letter talker ID at `at`.
  static func sentenceKind(_ text: [UInt8], _ at: Int) -> String? {
    guard at + 5 <= text.count, text[at..<at + 2].allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else { return nil }
    let kind = String(decoding: text[at + 2..<at + 5], as: UTF8.self)
    return kind == "RMC" || kind == "GGA" ? kind : nil
  }

  /// ",hhmmss,A,lat,N,lon,E,speed,course,ddmmyy".
  static func rmc(_ f: [String]) -> Reading? {
    guard f.count >= 7, f[0].isEmpty else { return nil }
    if f[2] == "V" { return .noFix }
    guard f[2] == "A" || f[2].isEmpty, let lat = angle(f[3], f[4], "N", "S"), let lon = angle(f[5], f[6], "E", "W") else {
      return f[3].isEmpty && f[5].isEmpty ? .noFix : nil
    }
    var time: String?
    if f.count >= 10 { time = dateTime(date: f[9], time: f[1]) }
    return .fix(TelemetryPoint(latitude: lat, longitude: lon, time: time))
  }

  /// ",hhmmss,lat,N,lon,E,quality,satellites,hdop,altitude,M".
  static func gga(_ f: [String]) -> Reading? {
    guard f.count >= 7, f[0].isEmpty else { return nil }
    if f[6] == "0" { return .noFix }
    guard let lat = angle(f[2], f[3], "N", "S"), let lon = angle(f[4], f[5], "E", "W") else {
      return f[2].isEmpty && f[4].isEmpty ? .noFix : nil
    }
    return .fix(TelemetryPoint(latitude: lat, longitude: lon, altitude: f.count >= 10 ? Double(f[9]) : nil))
  }

  /// "ddmm.mmmm" with its hemisphere letter, as signed degrees.
  static func angle(_ value: String, _ hemisphere: String, _ positive: String, _ negative: String) -> Double? {
    guard let raw = Double(value), raw >= 0, hemisphere == positive || hemisphere == negative else { return nil }
    let degrees = (raw / 100).rounded(.down)
    let minutes = raw - degrees * 100
    guard minutes < 60 else { return nil }
    let result = degrees + minutes / 60
    return hemisphere == negative ? -result : result
  }

  /// RMC's "ddmmyy" and "hhmmss.ss" as ISO 8601 (years 1970–2069).
  static func dateTime(date: String, time: String) -> String? {
    let d = Array(date.utf8), t = Array(time.utf8)
    guard d.count == 6, t.count >= 6, (d + t.prefix(6)).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    func pair(_ a: [UInt8], _ i: Int) -> Int { Int(a[i] - 0x30) * 10 + Int(a[i + 1] - 0x30) }
    let year = pair(d, 4)
    return TelemetryTime.iso(year: year >= 70 ? 1900 + year : 2000 + year, month: pair(d, 2), day: pair(d, 0),
                             hour: pair(t, 0), minute: pair(t, 2), second: pair(t, 4))
  }
}
