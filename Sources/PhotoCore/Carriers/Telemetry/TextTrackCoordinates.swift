import Bytes
/// Coordinates in the text of a text or subtitle track (`tx3g`, QuickTime `text`): each sample
/// is a 16-bit big-endian length, that many bytes of text (UTF-8, or UTF-16 after a byte-order
/// mark), then modifier boxes (style, highlight, karaoke, scroll delay, hyperlink, text box,
/// blink, wrap). Drones and dashcams write their telemetry this way, as DJI's SRT does:
/// "[latitude: 22.543300] [longitude: 113.955500]", "GPS (113.9555, 22.5433, 15)" (longitude
/// first), Yuneec's "Lat:22.5433 Lon:113.9555", NMEA sentences; ordinary subtitles hold none.
/// The text is searched as the text sweep searches decoded fields (`CoordinateText`), plus NMEA
/// and DJI's `GPS(…)`. A modifier box of another type is a problem (PA015).
/// [3GPP TS 26.245 5.16–5.17; Apple QTFF "Text media"; ExifTool QuickTimeStream.pl Process_tx3g]
enum TextTrackCoordinates {
  /// Modifier boxes after the text whose layout is fixed and holds no text of its own. `href`
  /// holds a URL and alternate text: searched too.
  static let modifierBoxes: Set<String> = ["styl", "hlit", "hclr", "krok", "dlay", "tbox", "blnk", "twrp", "href"]

  /// Reads one sample.
  package static func read(_ sample: [UInt8], into reading: inout TelemetryReading) {
    guard sample.count >= 2 else {
      if !sample.isEmpty { reading.problem("a text sample of \(sample.count) byte that holds no length") }
      return
    }
    let length = Int(sample[0]) << 8 | Int(sample[1])
    guard 2 + length <= sample.count else {
      reading.problem("text of \(length) bytes runs past its sample (\(sample.count) bytes)")
      return
    }
    var text = Array(sample[2..<2 + length])
    if text.count >= 2, (text[0] == 0xFE && text[1] == 0xFF) || (text[0] == 0xFF && text[1] == 0xFE) {
      text = Array(String(decoding: MEBXReader.utf16(text), as: UTF16.self).utf8)
    }
    var pos = 2 + length
    while pos < sample.count {
      guard sample.count - pos >= 8 else {
        reading.problem("ends with \(sample.count - pos) bytes after its text that are not a box")
        return
      }
      let size = sample[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = ISOBMFFBox.fourCC(sample[pos + 4..<pos + 8])
      guard size >= 8, pos + size <= sample.count else {
        reading.problem("its modifier box '\(type)' runs past the sample")
        return
      }
      if !modifierBoxes.contains(type) { reading.problem("its modifier box '\(type)' is not one photoaudit reads") }
      if type == "href" { text += [0x0A] + sample[pos + 8..<pos + size] }
      pos += size
    }
    search(text, into: &reading)
  }

  /// Every coordinate in `text`, each position once.
  static func search(_ text: [UInt8], into reading: inout TelemetryReading) {
    var found: [(TelemetryPoint, String)] = []
    for match in CoordinateText.find(in: text) {
      found.append((TelemetryPoint(latitude: match.latitude, longitude: match.longitude), match.form.rawValue + " in the text"))
    }
    for sentence in NMEASentence.find(in: text) {
      switch sentence {
      case .fix(let point): found.append((point, "NMEA sentence in the text"))
      case .noFix: reading.withoutFix += 1
      }
    }
    found += djiGPS(text).map { ($0, "DJI GPS(longitude, latitude, altitude) in the text") }
    var seen: [TelemetryPoint] = []
    for (point, what) in found where !seen.contains(where: { abs($0.latitude - point.latitude) < 1e-6 && abs($0.longitude - point.longitude) < 1e-6 }) {
      seen.append(point)
      reading.add(point, from: what)
    }
  }

  /// DJI's "GPS(113.9555,22.5433,15)" or "GPS (113.9555, 22.5433, 15)": longitude first.
  static func djiGPS(_ text: [UInt8]) -> [TelemetryPoint] {
    var out: [TelemetryPoint] = []
    let key = Array("GPS".utf8)
    var i = 0
    while i + 3 < text.count {
      guard text[i..<i + 3].elementsEqual(key) else {
        i += 1
        continue
      }
      var j = i + 3
      while j < text.count, text[j] == 0x20 { j += 1 }
      i += 3
      guard j < text.count, text[j] == UInt8(ascii: "(") else { continue }
      let close = text[j...].firstIndex(of: UInt8(ascii: ")")) ?? text.count
      let parts = text[(j + 1)..<close].split(separator: UInt8(ascii: ",")).map { part in
        Double(String(decoding: part.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed(), as: UTF8.self))
      }
      guard parts.count >= 2, let longitude = parts[0], let latitude = parts[1] else { continue }
      out.append(TelemetryPoint(latitude: latitude, longitude: longitude, altitude: parts.count > 2 ? parts[2] : nil))
    }
    return out
  }
}
