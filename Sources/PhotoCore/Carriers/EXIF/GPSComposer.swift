/// Computes the signed decimal-degree GPS composite from GPS IFD values, as ExifTool's
/// Composite:GPSLatitude/GPSLongitude/GPSAltitude/GPSDateTime do. [EXIF 2.32 4.6.6]
enum GPSComposer {
  package static func fix(from gps: [String: TagValue], carrier: CarrierKind, item: Int?) -> GPSFix {
    var fix = GPSFix(carrier: carrier, item: item)
    fix.latitude = degrees(gps["GPSLatitude"], ref: gps["GPSLatitudeRef"], negative: "S")
    fix.longitude = degrees(gps["GPSLongitude"], ref: gps["GPSLongitudeRef"], negative: "W")
    if !fix.hasCoordinates {
      // Without the photo's own position, the destination's (the subject's, or where the camera
      // pointed) locates it all the same. [EXIF 2.32 4.6.6 GPSDestLatitude…]
      fix.latitude = degrees(gps["GPSDestLatitude"], ref: gps["GPSDestLatitudeRef"], negative: "S")
      fix.longitude = degrees(gps["GPSDestLongitude"], ref: gps["GPSDestLongitudeRef"], negative: "W")
      if fix.hasCoordinates { fix.tag = "GPSDestLatitude/GPSDestLongitude" }
    }
    if let altitude = gps["GPSAltitude"]?.number, altitude.isFinite {
      let below = gps["GPSAltitudeRef"]?.number == 1
      fix.altitude = below ? -altitude : altitude
    }
    fix.timestamp = timestamp(date: gps["GPSDateStamp"], time: gps["GPSTimeStamp"])
    return fix
  }

  /// Degrees from a (d, m, s) list or a single number; nil when absent or undefined.
  package static func degrees(_ value: TagValue?, ref: TagValue?, negative: String) -> Double? {
    guard let value else { return nil }
    let parts: [Double?]
    switch value {
    case .list(let items): parts = items.map(\.number)
    default: parts = [value.number]
    }
    guard let first = parts.first, let d = first, d.isFinite else { return nil }
    var result = d
    if parts.count > 1, let m = parts[1], m.isFinite { result += m / 60 }
    if parts.count > 2, let s = parts[2], s.isFinite { result += s / 3600 }
    if case .text(let r)? = ref, r.uppercased().hasPrefix(negative) { result = -result }
    return result
  }

  /// "YYYY-MM-DDTHH:MM:SSZ" (or only the time, "HH:MM:SSZ") from GPSDateStamp and GPSTimeStamp.
  package static func timestamp(date: TagValue?, time: TagValue?) -> String? {
    var clock: String?
    if case .list(let items)? = time, items.count == 3,
       let h = items[0].number, let m = items[1].number, let s = items[2].number,
       h.isFinite, m.isFinite, s.isFinite, h >= 0, h < 25, m >= 0, m < 61, s >= 0, s < 62 {
      let whole = Int(s)
      let fraction = s - Double(whole)
      let seconds = fraction > 0.0005
        ? String(format: "%02d.%03d", whole, Int((fraction * 1000).rounded()))
        : String(format: "%02d", whole)
      clock = String(format: "%02d:%02d:", Int(h), Int(m)) + seconds
    }
    var day: String?
    if case .text(let d)? = date {
      let digits = d.split(whereSeparator: { $0 == ":" || $0 == "-" })
      if digits.count == 3 { day = digits.joined(separator: "-") }
    }
    switch (day, clock) {
    case (let d?, let c?): return "\(d)T\(c)Z"
    case (let d?, nil): return d
    case (nil, let c?): return "\(c)Z"
    default: return nil
    }
  }
}

import Foundation
