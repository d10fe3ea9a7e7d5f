import Bytes
/// GoPro's GPMF telemetry (the samples of a `gpmd` track): big-endian KLV entries — a FourCC
/// key, a type character, a structure size and a repeat count, the value padded to 4 bytes —
/// nested under `DEVC` (device) and `STRM` (stream) entries of type 0. Within a nest, `SCAL`,
/// `UNIT`/`SIUN`, `TYPE` and `GPSU` apply to the entries after them ("sticky" properties).
///
/// Every entry of every sample is walked (a sample that is not whole GPMF is a problem, PA015);
/// positions are read from the keys that hold them (`locationKeys`, scaled by `SCAL`), times
/// from `GPSU` or GPS9's own fields, and `c` strings are searched for coordinates written as
/// text. A stream named for GPS or a position, in angles or without units, whose data key
/// photoaudit does not know is a problem too, never silence. [gopro/gpmf-parser docs/README.md "KLV Design", "GPS5", "GPS9";
/// ExifTool GoPro.pm for GPRI, GLPI and BPOS (Karma)]
struct GPMFReader {
  /// Deepest nesting walked (GoPro nests 2 deep: DEVC, STRM; some streams one more).
  static let maxDepth = 8
  /// Most entries walked in one sample.
  static let maxEntries = 1 << 16

  /// Where a location key keeps latitude, longitude and altitude among its fields, and GPS9
  /// its day and second of the fix.
  struct LocationFields: Sendable {
    package var latitude: Int, longitude: Int, altitude: Int?
    var days: Int? = nil, seconds: Int? = nil
  }

  /// The keys whose records are positions. GPS5: latitude, longitude, altitude, 2D and 3D
  /// speed (HERO5–HERO12); GPS9: the same, days since 2000, seconds since midnight, DOP, fix
  /// (HERO11 on); GPRI (GPS raw) and GLPI (position) of the Karma drone after a time field;
  /// BPOS, the position of the Karma's controller (the pilot).
  static let locationKeys: [UInt32: LocationFields] = [
    fourCC("GPS5"): LocationFields(latitude: 0, longitude: 1, altitude: 2),
    fourCC("GPS9"): LocationFields(latitude: 0, longitude: 1, altitude: 2, days: 5, seconds: 6),
    fourCC("GPRI"): LocationFields(latitude: 1, longitude: 2, altitude: 3),
    fourCC("GLPI"): LocationFields(latitude: 1, longitude: 2, altitude: 3),
    fourCC("BPOS"): LocationFields(latitude: 0, longitude: 1, altitude: 2),
  ]

  /// Keys of a GPS stream that are not positions: time (GPSU), fix (GPSF), precision (GPSP),
  /// altitude system (GPSA), and the structure keys every stream has.
  static let streamProperties: Set<UInt32> = Set([
    "GPSU", "GPSF", "GPSP", "GPSA", "TSMP", "TICK", "TOCK", "EMPT", "STMP", "TIMO", "SCAL", "UNIT", "SIUN", "TYPE",
    "STNM", "RMRK", "DVID", "DVNM", "ORIN", "ORIO", "MTRX", "TMPC",
  ].map(fourCC))

  /// A key as a big-endian integer: entries are matched without building strings (a GPMF
  /// sample holds hundreds of entries).
  static func fourCC(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
  static let scal = fourCC("SCAL"), unit = fourCC("UNIT"), siun = fourCC("SIUN"), typedef = fourCC("TYPE"),
             stnm = fourCC("STNM"), gpsu = fourCC("GPSU")

  /// Bytes of each type character. [gpmf-parser docs/README.md "Length (type-size-repeat structure)"]
  static let typeSizes: [UInt8: Int] = [
    UInt8(ascii: "b"): 1, UInt8(ascii: "B"): 1, UInt8(ascii: "c"): 1, UInt8(ascii: "d"): 8, UInt8(ascii: "f"): 4,
    UInt8(ascii: "F"): 4, UInt8(ascii: "G"): 16, UInt8(ascii: "j"): 8, UInt8(ascii: "J"): 8, UInt8(ascii: "l"): 4,
    UInt8(ascii: "L"): 4, UInt8(ascii: "q"): 4, UInt8(ascii: "Q"): 8, UInt8(ascii: "s"): 2, UInt8(ascii: "S"): 2,
    UInt8(ascii: "U"): 16, UInt8(ascii: "?"): 1,
  ]

  /// The sticky properties of one nest.
  struct Nest {
    package var scale: [Double]?
    var units: [String]?
    package var type: [UInt8]?
    package var name: String?
    /// The name says the stream holds positions (`namesLocation`), decided when it is read.
    var namesLocation = false
    package var time: String?
  }

  private var entries = 0

  /// Reads one sample.
  package mutating func read(_ sample: [UInt8], into reading: inout TelemetryReading) {
    entries = 0
    guard sample.count >= 8, sample.prefix(4).allSatisfy(Self.isKeyByte) else {
      reading.problem("\(sample.count) bytes that are not GPMF (no KLV entry at its start)")
      return
    }
    var nest = Nest()
    walk(sample, sample.startIndex..<sample.endIndex, depth: 1, nest: &nest, into: &reading)
  }

  static func isKeyByte(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }

  /// The entries in `range`, with the properties of their nest.
  mutating func walk(_ bytes: [UInt8], _ range: Range<Int>, depth: Int, nest: inout Nest, into reading: inout TelemetryReading) {
    var pos = range.lowerBound
    while pos < range.upperBound {
      guard range.upperBound - pos >= 8 else {
        if bytes[pos..<range.upperBound].contains(where: { $0 != 0 }) {
          reading.problem("GPMF ends with \(range.upperBound - pos) bytes that are not an entry")
        }
        return
      }
      let key = UInt32(bytes[pos]) << 24 | UInt32(bytes[pos + 1]) << 16 | UInt32(bytes[pos + 2]) << 8 | UInt32(bytes[pos + 3])
      if key == 0, bytes[pos..<range.upperBound].allSatisfy({ $0 == 0 }) { return }  // padding
      guard bytes[pos..<pos + 4].allSatisfy(Self.isKeyByte) else {
        reading.problem("GPMF entry at +\(pos) has a key that is not a FourCC")
        return
      }
      entries += 1
      guard entries <= Self.maxEntries else {
        reading.problem("more than \(Self.maxEntries) GPMF entries; the rest was not read")
        return
      }
      var name: String { String(decoding: bytes[pos..<pos + 4], as: UTF8.self) }
      let type = bytes[pos + 4], size = Int(bytes[pos + 5]), repeatCount = Int(bytes[pos + 6]) << 8 | Int(bytes[pos + 7])
      let length = size * repeatCount
      let value = pos + 8..<pos + 8 + length
      guard value.upperBound <= range.upperBound else {
        reading.problem("GPMF entry '\(name)' declares \(length) bytes and runs past its container")
        return
      }
      if type == 0 {
        guard depth < Self.maxDepth else {
          reading.problem("GPMF nesting deeper than \(Self.maxDepth) levels at '\(name)'; not read")
          return
        }
        var inner = Nest()
        walk(bytes, value, depth: depth + 1, nest: &inner, into: &reading)
      } else if Self.typeSizes[type] == nil {
        reading.problem("GPMF entry '\(name)' has an unknown type '\(Character(Unicode.Scalar(type)))'")
      } else {
        entry(key, type: type, size: size, repeatCount: repeatCount, bytes, value, nest: &nest, into: &reading)
      }
      pos = value.lowerBound + (length + 3) & ~3
    }
  }

  /// One entry that is not a nest: a sticky property, a location, a string, or other data.
  package func entry(_ key: UInt32, type: UInt8, size: Int, repeatCount: Int, _ bytes: [UInt8], _ range: Range<Int>, nest: inout Nest,
             into reading: inout TelemetryReading) {
    // Only the values read are copied out of the sample (not sensor data).
    var value: [UInt8] { Array(bytes[range]) }
    var name: String { String(decoding: withUnsafeBytes(of: key.bigEndian, Array.init), as: UTF8.self) }
    switch key {
    case Self.scal: nest.scale = Self.numbers(value, type: type, size: size, repeatCount: repeatCount)
    case Self.unit, Self.siun: nest.units = Self.strings(value, size: size, repeatCount: repeatCount)
    case Self.typedef: nest.type = Array(value.prefix { $0 != 0 })
    case Self.stnm:
      nest.name = Self.strings(value, size: value.count, repeatCount: 1).first
      nest.namesLocation = Self.namesLocation(bytes[range])
    case Self.gpsu: nest.time = Self.gpsTime(value)
    default:
      if let fields = Self.locationKeys[key] {
        positions(name, fields, type: type, size: size, repeatCount: repeatCount, value, nest: nest, into: &reading)
      } else if type == UInt8(ascii: "c"), range.count >= TextTagSweep.minimumLength {
        for match in CoordinateText.find(in: value) {
          reading.add(TelemetryPoint(latitude: match.latitude, longitude: match.longitude), from: "\(match.form.rawValue) in GPMF '\(name)'")
        }
      } else if nest.namesLocation, let stream = nest.name, !Self.streamProperties.contains(key),
                nest.units?.contains(where: { $0.hasPrefix("deg") || $0.hasPrefix("rad") }) ?? true {
        // A stream named for GPS or a position, in angles (or without units): coordinates
        // photoaudit cannot read. (The Karma's "Local Position NED" is in metres from home.)
        reading.problem("GPMF stream '\(stream)' holds '\(name)', a key photoaudit does not decode")
      }
    }
  }

  /// Words in a stream name that say it holds positions, lower case.
  static let locationWords: [[UInt8]] = ["gps", "position", "location", "latitude", "longitude"].map { Array($0.utf8) }

  /// True for a stream name that says it holds positions (ASCII, any case).
  static func namesLocation(_ name: ArraySlice<UInt8>) -> Bool {
    let lower = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    return locationWords.contains { word in lower.count >= word.count && (0...(lower.count - word.count)).contains { lower[$0..<$0 + word.count].elementsEqual(word) } }
  }

  /// The positions of a location key, one per repeat, scaled by `SCAL`.
  func positions(_ key: String, _ fields: LocationFields, type: UInt8, size: Int, repeatCount: Int, _ value: [UInt8],
                 nest: Nest, into reading: inout TelemetryReading) {
    let layout: [UInt8]
    if type == UInt8(ascii: "?") {
      guard let typedef = nest.type, let expanded = Self.expand(typedef) else {
        reading.problem("GPMF '\(key)' is a structure without a readable TYPE")
        return
      }
      layout = expanded
    } else {
      let width = Self.typeSizes[type] ?? 1
      layout = Array(repeating: type, count: size / width)
    }
    let structSize = layout.reduce(0) { $0 + (Self.typeSizes[$1] ?? 0) }
    let needed = [fields.latitude, fields.longitude, fields.altitude ?? 0, fields.days ?? 0, fields.seconds ?? 0].max() ?? 0
    guard structSize == size, layout.count > needed else {
      reading.problem("GPMF '\(key)' records of \(size) bytes do not match their type (\(String(decoding: layout, as: UTF8.self)))")
      return
    }
    if let units = nest.units, units.count == layout.count,
       !units[fields.latitude].hasPrefix("deg") || !units[fields.longitude].hasPrefix("deg") {
      reading.problem("GPMF '\(key)' gives its position in '\(units[fields.latitude])', not degrees")
      return
    }
    let scale = nest.scale ?? [1]
    guard scale.count == 1 || scale.count == layout.count, !scale.contains(0) else {
      reading.problem("GPMF '\(key)' has \(scale.count) scale factors for \(layout.count) fields (or a zero one)")
      return
    }
    func scaled(_ record: [Double], _ index: Int) -> Double { record[index] / (scale.count == 1 ? scale[0] : scale[index]) }
    for index in 0..<repeatCount {
      let record = Self.record(value, at: index * size, layout: layout)
      var point = TelemetryPoint(latitude: scaled(record, fields.latitude), longitude: scaled(record, fields.longitude),
                                 altitude: fields.altitude.map { scaled(record, $0) })
      if reading.first == nil {
        if let days = fields.days, let seconds = fields.seconds {
          // GPS9: days since 2000-01-01 (10,957 days after 1970) and seconds since midnight.
          point.time = TelemetryTime.iso(unixSeconds: (scaled(record, days) + 10_957) * 86_400 + scaled(record, seconds))
        } else {
          point.time = nest.time
        }
      }
      reading.add(point, from: key)
    }
  }

  /// The fields of record `index` as numbers (FourCC, GUID and string fields as 0).
  package static func record(_ value: [UInt8], at offset: Int, layout: [UInt8]) -> [Double] {
    var r = ByteReader(value, what: "GPMF record")
    try? r.seek(to: offset)
    return layout.map { number(&r, type: $0) ?? 0 }
  }

  /// One number of `type`, big-endian.
  package static func number(_ r: inout ByteReader, type: UInt8) -> Double? {
    do throws(ByteError) {
      switch type {
      case UInt8(ascii: "b"): return Double(Int8(bitPattern: try r.u8()))
      case UInt8(ascii: "B"): return Double(try r.u8())
      case UInt8(ascii: "s"): return Double(Int16(bitPattern: try r.u16be()))
      case UInt8(ascii: "S"): return Double(try r.u16be())
      case UInt8(ascii: "l"): return Double(try r.i32(bigEndian: true))
      case UInt8(ascii: "L"): return Double(try r.u32be())
      case UInt8(ascii: "j"): return Double(Int64(bitPattern: try r.u64(bigEndian: true)))
      case UInt8(ascii: "J"): return Double(try r.u64(bigEndian: true))
      case UInt8(ascii: "f"): return try r.f32(bigEndian: true)
      case UInt8(ascii: "d"): return try r.f64(bigEndian: true)
      case UInt8(ascii: "q"): return Double(try r.i32(bigEndian: true)) / 65_536
      case UInt8(ascii: "Q"): return Double(Int64(bitPattern: try r.u64(bigEndian: true))) / 4_294_967_296
      default:
        try r.skip(typeSizes[type] ?? 1)
        return nil
      }
    } catch {
      return nil
    }
  }

  /// Every number of a uniform entry (SCAL).
  static func numbers(_ value: [UInt8], type: UInt8, size: Int, repeatCount: Int) -> [Double] {
    guard let width = typeSizes[type], width > 0 else { return [] }
    var r = ByteReader(value, what: "GPMF value")
    return (0..<(size / width) * repeatCount).compactMap { _ in number(&r, type: type) }
  }

  /// The strings of a `c` entry: one per repeat, `size` bytes each, NULs trimmed.
  static func strings(_ value: [UInt8], size: Int, repeatCount: Int) -> [String] {
    guard size > 0 else { return [] }
    return (0..<repeatCount).map { index in
      let start = min(index * size, value.count), end = min(start + size, value.count)
      return String(decoding: value[start..<end].prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// A TYPE string with its arrays expanded ("f[3]L" → "fffL"); nil when malformed.
  static func expand(_ typedef: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    var i = 0
    while i < typedef.count {
      let c = typedef[i]
      if c == UInt8(ascii: "[") {
        guard let last = out.last, let close = typedef[i...].firstIndex(of: UInt8(ascii: "]")),
              let count = Int(String(decoding: typedef[(i + 1)..<close], as: UTF8.self)), (1...256).contains(count) else { return nil }
        out += Array(repeating: last, count: count - 1)
        i = close + 1
        continue
      }
      guard typeSizes[c] != nil, c != UInt8(ascii: "?") else { return nil }
      out.append(c)
      i += 1
    }
    return out.isEmpty ? nil : out
  }

  /// GPSU "yymmddhhmmss.sss" (UTC, years 20xx) as ISO 8601.
  static func gpsTime(_ value: [UInt8]) -> String? {
    let digits = value.prefix(12)
    guard digits.count == 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    let n = digits.map { Int($0 - 0x30) }
    func pair(_ i: Int) -> Int { n[i] * 10 + n[i + 1] }
    return TelemetryTime.iso(year: 2000 + pair(0), month: pair(2), day: pair(4), hour: pair(6), minute: pair(8), second: pair(10))
  }
}
