import Bytes
/// Google's Camera Motion Metadata (the samples of a `camm` track): packets of a 2-byte reserved
/// field, a 2-byte type and the type's fixed-size data, little-endian; a sample holds one packet
/// or several (Insta360 writes several). Types 5 (latitude, longitude, altitude as doubles) and
/// 6 (GPS time, fix type, latitude, longitude as doubles, altitude and accuracies as floats) are
/// positions; 0–4 and 7 are orientation, exposure, gyroscope, acceleration, position in metres
/// and magnetic field. A type outside 0–7 has no known size, so the rest of its sample is not
/// read (a problem, PA015). [developers.google.com/streetview/publish/camm-spec; ExifTool
/// QuickTimeStream.pl camm0–camm7, ProcessCAMM]
enum CAMMReader {
  /// Data bytes of each packet type, after the 4-byte header.
  static let dataSizes: [UInt16: Int] = [0: 12, 1: 8, 2: 12, 3: 12, 4: 12, 5: 24, 6: 56, 7: 12]

  /// Seconds from 1970-01-01 to the GPS epoch, 1980-01-06 (type 6 counts from there).
  static let gpsEpoch = 315_964_800.0

  /// GPS time runs ahead of UTC by the leap seconds since 1980: from each date on (GPS seconds
  /// since the GPS epoch), the offset. [IERS Bulletin C; USNO "GPS time"]
  static let leapSeconds: [(since: Double, offset: Double)] = [
    (1_167_264_018, 18), (1_119_744_017, 17), (1_025_136_016, 16), (914_803_215, 15), (820_108_814, 14),
  ]

  /// UTC of a GPS time (seconds since the GPS epoch).
  static func utc(gpsSeconds: Double) -> String? {
    let offset = leapSeconds.first { gpsSeconds >= $0.since }?.offset ?? 13
    return TelemetryTime.iso(unixSeconds: gpsSeconds + gpsEpoch - offset)
  }

  /// Reads one sample.
  package static func read(_ sample: [UInt8], into reading: inout TelemetryReading) {
    var r = ByteReader(sample, what: "camm sample")
    while r.remaining > 0 {
      let start = r.position
      guard r.remaining >= 4, (try? r.skip(2)) != nil, let type = try? r.u16(bigEndian: false) else {
        reading.problem("camm packet at +\(start) is cut short (\(sample.count - start) bytes)")
        return
      }
      guard let size = dataSizes[type] else {
        reading.problem("camm packet type \(type) at +\(start) is not in the specification: the rest of the sample was not read")
        return
      }
      guard r.remaining >= size else {
        reading.problem("camm packet of type \(type) at +\(start) needs \(size) bytes, \(r.remaining) are left")
        return
      }
      do throws(ByteError) {
        switch type {
        case 5:
          let latitude = try r.f64(bigEndian: false), longitude = try r.f64(bigEndian: false), altitude = try r.f64(bigEndian: false)
          reading.add(TelemetryPoint(latitude: latitude, longitude: longitude, altitude: altitude), from: "camm packet type 5")
        case 6:
          let time = try r.f64(bigEndian: false)
          let fix = try r.u32(bigEndian: false)
          let latitude = try r.f64(bigEndian: false), longitude = try r.f64(bigEndian: false)
          let altitude = try r.f32(bigEndian: false)
          try r.skip(24)  // accuracies, velocities
          guard fix != 0 else {
            // gps_fix_type 0: no fix, "the rest of the fields are invalid" (spec).
            reading.withoutFix += 1
            break
          }
          reading.add(TelemetryPoint(latitude: latitude, longitude: longitude, altitude: altitude,
                                     time: utc(gpsSeconds: time)), from: "camm packet type 6")
        default:
          try r.skip(size)
        }
      } catch {
        reading.problem("camm packet of type \(type) at +\(start) is cut short")
        return
      }
    }
  }
}
