import Bytes
/// Where dashcams built on Novatek chips keep GPS: `freeGPS ` blocks (a `free` box whose content
/// starts "GPS "), inside `mdat` at the offsets a `moov/gps ` list names, or as top-level boxes.
/// Decoded layouts, offsets from the start of the block:
/// - NMEA sentences anywhere in the block (NextBase and others: `$GPRMC`, `$GPGGA`);
/// - Novatek's binary record: hour, minute, second, year − 2000, month, day (little-endian
///   32-bit) at 0x30, then at 0x48 status `A` (fix) or `V` (void), `N`/`S`, `E`/`W`, and
///   latitude and longitude as little-endian floats in DDMM.MMMM at 0x4C and 0x50 — or, when
///   bytes 0x10… read "IQS", as 32-bit integers of degrees × 10⁷;
/// - the same record moved to 0x28 (status at 0x28, Viofo A119 v3 and Kenwood).
/// Every other layout (the enciphered ones of Azdome and BlueSkySea, Akaso, Vantrue…) is a
/// problem: "a GPS record photoaudit cannot parse" (PA015). [ExifTool QuickTimeStream.pl
/// ProcessFreeGPS types 1B, 1C, 1J and ProcessFreeGPS2 type 3]
enum NovatekGPSList {
  /// The format of the list's `TimedTrack`.
  package static let format = "gps "
  /// What a block starts with after its size: "freeGPS ".
  package static let mark: [UInt8] = Array("freeGPS ".utf8)

  /// Reads one block.
  package static func read(_ block: [UInt8], into reading: inout TelemetryReading) {
    guard block.count >= 12, block[4..<12].elementsEqual(mark) else {
      reading.problem("\(block.count) bytes that are not a 'freeGPS ' block")
      return
    }
    let sentences = NMEASentence.find(in: block)
    if !sentences.isEmpty {
      for sentence in sentences {
        switch sentence {
        case .fix(let point): reading.add(point, from: "NMEA in a 'freeGPS ' block")
        case .noFix: reading.withoutFix += 1
        }
      }
      return
    }
    if let record = binaryRecord(block, status: 0x48, time: 0x30, latitude: 0x4C) ?? binaryRecord(block, status: 0x28, time: 0x10, latitude: 0x2C) {
      switch record {
      case .fix(let point): reading.add(point, from: "Novatek GPS record")
      case .noFix: reading.withoutFix += 1
      }
      return
    }
    reading.problem("a 'freeGPS ' block of \(block.count) bytes in a layout photoaudit does not decode (a GPS record it cannot parse)")
  }

  /// The binary record with its status byte at `status`; nil when those bytes are not one.
  static func binaryRecord(_ block: [UInt8], status: Int, time: Int, latitude: Int) -> NMEASentence.Reading? {
    guard block.count >= latitude + 8 else { return nil }
    let state = block[status], north = block[status + 1], east = block[status + 2]
    if state == UInt8(ascii: "V") { return .noFix }
    guard state == UInt8(ascii: "A"), north == UInt8(ascii: "N") || north == UInt8(ascii: "S"),
          east == UInt8(ascii: "E") || east == UInt8(ascii: "W") else { return nil }
    var r = ByteReader(block, what: "freeGPS block")
    var lat: Double, lon: Double
    do throws(ByteError) {
      try r.seek(to: latitude)
      if block[16..<19].elementsEqual("IQS".utf8) {
        lat = Double(try r.i32(bigEndian: false)) / 1e7
        lon = Double(try r.i32(bigEndian: false)) / 1e7
      } else {
        lat = degrees(fromDDMM: try r.f32(bigEndian: false))
        lon = degrees(fromDDMM: try r.f32(bigEndian: false))
      }
      try r.seek(to: time)
      var t: [Int] = []
      for _ in 0..<6 { t.append(Int(try r.u32(bigEndian: false))) }
      let stamp = TelemetryTime.iso(year: t[3] < 2000 ? t[3] + 2000 : t[3], month: t[4], day: t[5], hour: t[0], minute: t[1], second: t[2])
      if north == UInt8(ascii: "S") { lat = -abs(lat) }
      if east == UInt8(ascii: "W") { lon = -abs(lon) }
      return .fix(TelemetryPoint(latitude: lat, longitude: lon, time: stamp))
    } catch {
      return nil
    }
  }

  /// DDMM.MMMM (degrees × 100 + minutes) as degrees.
  package static func degrees(fromDDMM value: Double) -> Double {
    let whole = (abs(value) / 100).rounded(.down)
    return whole + (abs(value) - whole * 100) / 60
  }
}
