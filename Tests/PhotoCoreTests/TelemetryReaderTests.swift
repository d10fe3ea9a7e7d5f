@testable import Bytes
import Foundation
@testable import PhotoCore
import Testing

/// The readers of timed metadata on samples built here from the documented layouts (GoPro's
/// GPMF README, Google's CAMM spec, Apple's QTFF, protobuf's encoding, NMEA 0183): what each
/// decodes, and that what it cannot read is a problem (PA015), never silence.
@Suite struct TelemetryReaderTests {
  // MARK: GPMF

  /// A GPMF entry: key, type, structure size, repeat count, value padded to 4 bytes.
  static func klv(_ key: String, _ type: Character?, size: Int, _ values: [[UInt8]]) -> [UInt8] {
    let payload = values.flatMap { $0 }
    let repeatCount = size == 0 ? 0 : payload.count / size
    return Array(key.utf8) + [type.map { UInt8(ascii: $0.unicodeScalars.first!) } ?? 0, UInt8(size), UInt8(repeatCount >> 8), UInt8(repeatCount & 0xFF)]
      + payload + [UInt8](repeating: 0, count: (4 - payload.count % 4) % 4)
  }

  static func nest(_ key: String, _ children: [UInt8]...) -> [UInt8] { klv(key, nil, size: 4, [children.flatMap { $0 }]) }
  static func be32(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
  static func be16(_ v: Int16) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
  static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

  /// GPS5 records of (latitude, longitude, altitude) scaled by 1e7, 1e7, 1000.
  static func gps5(_ points: [(Double, Double, Double)], name: String = "GPS (Lat., Long., Alt., 2D speed, 3D speed)",
                   units: [String] = ["deg", "deg", "m\0\0", "m/s", "m/s"], key: String = "GPS5") -> [UInt8] {
    nest("STRM", klv("GPSU", "U", size: 16, [text("250101022030.000")]), klv("STNM", "c", size: 1, [text(name)]),
         klv("UNIT", "c", size: 3, units.map(text)),
         klv("SCAL", "l", size: 4, [10_000_000, 10_000_000, 1000, 1000, 100].map { be32($0) }),
         klv(key, "l", size: 20, points.map { p in
           be32(Int32((p.0 * 1e7).rounded())) + be32(Int32((p.1 * 1e7).rounded())) + be32(Int32(p.2 * 1000)) + be32(0) + be32(0)
         }))
  }

  static func gpmf(_ sample: [UInt8]) -> TelemetryReading {
    var reading = TelemetryReading()
    var reader = GPMFReader()
    reader.read(sample, into: &reading)
    return reading
  }

  @Test func gps5IsScaledAndTimed() {
    let sample = Self.nest("DEVC", Self.klv("DVNM", "c", size: 1, [Self.text("Camera")]),
                           Self.gps5([(31.2304, 121.4737, 12.5), (-33.8688, 151.2093, 3)]))
    let r = Self.gpmf(sample)
    #expect(r.problems.isEmpty)
    #expect(r.points == 2 && r.source == "GPS5")
    #expect(r.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737, altitude: 12.5, time: "2025-01-01T02:20:30Z"))
  }

  @Test func gps9CarriesItsOwnTime() {
    // days since 2000 (9132 = 2025-01-01) and milliseconds since midnight (02:20:30).
    let record = [312_304_000, 1_214_737_000, 12_500, 0, 0, 9132, 8_430_000].flatMap { Self.be32(Int32($0)) } + Self.be16(150) + Self.be16(3)
    let sample = Self.nest("DEVC", Self.nest("STRM", Self.klv("SCAL", "l", size: 4, [10_000_000, 10_000_000, 1000, 1000, 100, 1, 1000, 100, 1].map { Self.be32($0) }),
                                             Self.klv("TYPE", "c", size: 1, [Self.text("lllllllSS")]), Self.klv("GPS9", "?", size: 32, [record])))
    let r = Self.gpmf(sample)
    #expect(r.problems.isEmpty)
    #expect(r.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737, altitude: 12.5, time: "2025-01-01T02:20:30Z"))
  }

  @Test func karmaPositionsAfterATimeField() {
    // GLPI: TYPE LllllsssS, the time first; GPRI's layout differs only in the time's type.
    let record = Self.be32(1000) + Self.be32(312_304_000) + Self.be32(1_214_737_000) + Self.be32(12_500) + Self.be32(0) + [0, 0, 0, 0, 0, 0, 0, 0]
    let sample = Self.nest("DEVC", Self.nest("STRM", Self.klv("STNM", "c", size: 1, [Self.text("Position")]),
                                             Self.klv("UNIT", "c", size: 3, ["s\0\0", "deg", "deg", "m\0\0", "m\0\0", "m/s", "m/s", "m/s", "deg"].map(Self.text)),
                                             Self.klv("TYPE", "c", size: 1, [Self.text("LllllsssS")]),
                                             Self.klv("SCAL", "l", size: 4, [1000, 10_000_000, 10_000_000, 1000, 1000, 100, 100, 100, 100].map { Self.be32($0) }),
                                             Self.klv("GLPI", "?", size: 28, [record])))
    let r = Self.gpmf(sample)
    #expect(r.problems.isEmpty && r.points == 1 && r.source == "GLPI")
    #expect(r.first?.latitude == 31.2304 && r.first?.longitude == 121.4737 && r.first?.altitude == 12.5)
  }

  @Test func sensorDataAloneHoldsNoLocation() {
    let sample = Self.nest("DEVC", Self.nest("STRM", Self.klv("STNM", "c", size: 1, [Self.text("Accelerometer")]),
                                             Self.klv("SCAL", "s", size: 2, [Self.be16(418)]),
                                             Self.klv("ACCL", "s", size: 6, [Self.be16(1) + Self.be16(2) + Self.be16(3)])),
                           Self.nest("STRM", Self.klv("STNM", "c", size: 1, [Self.text("Local Position NED")]),
                                     Self.klv("UNIT", "c", size: 1, [Self.text("m")]), Self.klv("LNED", "f", size: 4, [[0, 0, 0, 0]])))
    let r = Self.gpmf(sample)
    #expect(r.points == 0 && r.problems.isEmpty)
  }

  @Test func coordinatesInAStringAreFound() {
    let r = Self.gpmf(Self.nest("DEVC", Self.klv("RMRK", "c", size: 1, [Self.text("home at lat 31.2304 lon 121.4737")])))
    #expect(r.points == 1 && r.first?.latitude == 31.2304)
  }

  /// What GPMF it cannot read is a problem: an unknown type, an entry past its nest, nesting too
  /// deep, an unknown key in a GPS stream, a position not in degrees, a zero scale, bytes that
  /// are not GPMF.
  @Test func whatItCannotReadIsAProblem() {
    var deep = Self.klv("DVNM", "c", size: 1, [Self.text("x")])
    for _ in 0..<9 { deep = Self.nest("DEVC", deep) }
    var cut = Self.nest("DEVC", Self.gps5([(31.2304, 121.4737, 12.5)]))
    cut[7] = 0xFF  // DEVC repeat: runs past the sample
    let cases: [([UInt8], String)] = [
      (Self.nest("DEVC", Self.klv("ABCD", "x", size: 1, [[1]])), "unknown type 'x'"),
      (cut, "runs past its container"),
      (deep, "nesting deeper than 8 levels"),
      (Self.nest("DEVC", Self.gps5([(31.2304, 121.4737, 12.5)], key: "GPSX")), "holds 'GPSX', a key photoaudit does not decode"),
      (Self.nest("DEVC", Self.gps5([(31.2304, 121.4737, 12.5)], units: ["rad", "rad", "m\0\0", "m/s", "m/s"])), "not degrees"),
      ([0xDE, 0xAD, 0xBE, 0xEF, 0, 0, 0, 0, 1], "not GPMF"),
    ]
    for (sample, reason) in cases {
      let r = Self.gpmf(sample)
      #expect(r.problems.count == 1 && r.problems.first?.contains(reason) == true, "\(reason): \(r.problems)")
    }
    var zero = Self.nest("DEVC", Self.gps5([(31.2304, 121.4737, 12.5)]))
    let scal = zero.firstRange(of: Array("SCAL".utf8))!.lowerBound
    zero.replaceSubrange(scal + 8..<scal + 12, with: [0, 0, 0, 0])
    #expect(Self.gpmf(zero).problems.first?.contains("zero one") == true)
  }

  @Test func aPlaceholderIsNoFix() {
    let r = Self.gpmf(Self.nest("DEVC", Self.gps5([(0, 0, 0), (0, 0, 0)])))
    #expect(r.points == 0 && r.withoutFix == 2 && r.problems.isEmpty)
  }

  // MARK: CAMM

  static func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
  static func le(_ v: Double) -> [UInt8] { le(v.bitPattern) }
  static func le(_ v: Float) -> [UInt8] { le(v.bitPattern) }
  static func packet(_ type: UInt16, _ data: [UInt8]) -> [UInt8] { le(UInt16(0)) + le(type) + data }

  @Test func cammGPSPackets() {
    let type6 = Self.le(1_419_733_248.0) + Self.le(UInt32(3)) + Self.le(31.2304) + Self.le(121.4737) + Self.le(Float(12.5))
      + [UInt8](repeating: 0, count: 24)
    let sample = Self.packet(2, [UInt8](repeating: 0, count: 12)) + Self.packet(6, type6)
      + Self.packet(5, Self.le(31.2305) + Self.le(121.4738) + Self.le(13.0))
    var r = TelemetryReading()
    CAMMReader.read(sample, into: &r)
    #expect(r.problems.isEmpty && r.points == 2 && r.source == "camm packet type 6")
    // GPS seconds 1,419,733,248 less the 18 leap seconds of 2025 is 2025-01-01T02:20:30Z.
    #expect(r.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737, altitude: 12.5, time: "2025-01-01T02:20:30Z"))
    var noFix = TelemetryReading()
    CAMMReader.read(Self.packet(6, Self.le(0.0) + Self.le(UInt32(0)) + [UInt8](repeating: 0x40, count: 44)), into: &noFix)
    #expect(noFix.points == 0 && noFix.withoutFix == 1 && noFix.problems.isEmpty)
  }

  @Test func anUnknownCammTypeStopsTheSample() {
    var r = TelemetryReading()
    CAMMReader.read(Self.packet(9, [1, 2, 3, 4]) + Self.packet(5, Self.le(31.2305) + Self.le(121.4738) + Self.le(13.0)), into: &r)
    #expect(r.points == 0)
    #expect(r.problems == ["sample 1: camm packet type 9 at +0 is not in the specification: the rest of the sample was not read"])
    var cut = TelemetryReading()
    CAMMReader.read(Array(Self.packet(5, Self.le(31.2305) + Self.le(121.4738) + Self.le(13.0)).dropLast(3)), into: &cut)
    #expect(cut.problems == ["sample 1: camm packet of type 5 at +0 needs 24 bytes, 21 are left"])
  }

  // MARK: mebx

  static func box(_ type: [UInt8], _ payload: [UInt8]) -> [UInt8] { be32(Int32(payload.count + 8)) + type + payload }
  static func key(_ id: Int32, _ name: String, wellKnown: Int32? = nil, typeName: String? = nil) -> [UInt8] {
    var parts = box(text("keyd"), text("mdta") + text(name))
    if let wellKnown { parts += box(text("dtyp"), be32(0) + be32(wellKnown)) }
    if let typeName { parts += box(text("dtyp"), be32(1) + text(typeName)) }
    return box(be32(id), parts)
  }
  static func mebx(_ keys: [[UInt8]]) -> MEBXReader { MEBXReader(description: [UInt8](repeating: 0, count: 6) + [0, 1] + box(text("keys"), keys.flatMap { $0 })) }
  static func item(_ id: Int32, _ value: [UInt8]) -> [UInt8] { box(be32(id), value) }

  @Test func mebxKeysAndValues() {
    let reader = Self.mebx([Self.key(1, "com.apple.quicktime.location.ISO6709", wellKnown: 1),
                            Self.key(2, "com.apple.quicktime.video-orientation", wellKnown: 66),
                            Self.key(3, "com.apple.quicktime.detected-face", typeName: "com.apple.quicktime.detected-face"),
                            Self.key(4, "com.example.note", wellKnown: 1),
                            Self.key(5, "com.example.latitude", wellKnown: 24), Self.key(6, "com.example.longitude", wellKnown: 24)])
    #expect(reader.descriptionProblem == nil && reader.keys.count == 6)
    #expect(reader.keys[2] == MEBXReader.Key(namespace: "mdta", name: "com.apple.quicktime.video-orientation", wellKnownType: 66))
    var r = TelemetryReading()
    reader.read(Self.item(1, Self.text("+31.2304+121.4737+012.500/")) + Self.item(2, Self.be16(6)) + Self.item(3, [1, 2, 3]), into: &r)
    #expect(r.problems.isEmpty && r.points == 1 && r.source == "com.apple.quicktime.location.ISO6709")
    #expect(r.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737, altitude: 12.5))
    r.sample = 1
    reader.read(Self.item(4, Self.text("parked at 31.2306, 121.4739")), into: &r)
    r.sample = 2
    reader.read(Self.item(5, Self.le(31.2307).reversed()) + Self.item(6, Self.le(121.4740).reversed()) + [0, 0, 0, 8, 0, 0, 0, 0], into: &r)
    #expect(r.problems.isEmpty && r.points == 3)
  }

  @Test func mebxWhatItCannotRead() {
    let reader = Self.mebx([Self.key(1, "com.example.blob", typeName: "com.example.binary"), Self.key(2, "com.example.jpeg", wellKnown: 13)])
    var r = TelemetryReading()
    reader.read(Self.item(1, [1, 2, 3]) + Self.item(2, [0xFF, 0xD8]) + Self.item(7, [0]) + [0, 0, 0, 99, 0, 0, 0, 1], into: &r)
    #expect(r.problems == [
      "sample 1: 'mebx' key 'com.example.blob' (type 'com.example.binary') is not decoded",
      "sample 1: 'mebx' key 'com.example.jpeg' (well-known type 13) is not decoded",
      "sample 1: 'mebx' item at +21 names key 7, which the description does not declare",
      "sample 1: 'mebx' item at +30 declares 99 bytes and runs past the sample",
    ])
    var none = TelemetryReading()
    MEBXReader(description: [UInt8](repeating: 0, count: 8)).read([0, 0, 0, 8, 0, 0, 0, 1], into: &none)
    #expect(none.problems == ["'mebx' its sample description declares no keys"])
  }

  // MARK: protobuf and DJI

  static func varint(_ v: UInt64) -> [UInt8] {
    var v = v, out: [UInt8] = []
    repeat {
      out.append(UInt8(v & 0x7F) | (v > 0x7F ? 0x80 : 0))
      v >>= 7
    } while v > 0
    return out
  }
  static func pbBytes(_ n: UInt64, _ payload: [UInt8]) -> [UInt8] { varint(n << 3 | 2) + varint(UInt64(payload.count)) + payload }
  static func pbDouble(_ n: UInt64, _ v: Double) -> [UInt8] { varint(n << 3 | 1) + le(v) }
  static func pbVarint(_ n: UInt64, _ v: UInt64) -> [UInt8] { varint(n << 3) + varint(v) }

  @Test func protobufWireFormat() {
    let message = Self.pbVarint(1, 300) + Self.pbDouble(2, 1.5) + Self.pbBytes(3, Self.text("abc")) + [0x25, 1, 0, 0, 0]
    #expect(ProtobufReader.fields(message, in: 0..<message.count) == [
      .init(number: 1, value: .varint(300)), .init(number: 2, value: .fixed64(1.5.bitPattern)),
      .init(number: 3, value: .bytes(message.count - 8..<message.count - 5)), .init(number: 4, value: .fixed32(1)),
    ])
    for bad: [UInt8] in [[0x0A, 0x05, 1], [0x08] + [UInt8](repeating: 0xFF, count: 11), [0x0B], [0x00, 0x01], [0x09, 1, 2]] {
      #expect(ProtobufReader.fields(bad, in: 0..<bad.count) == nil, "\(bad)")
    }
  }

  static func djmd(_ protocolName: String?, units: UInt64?, _ lat: Double, _ lon: Double, path: [UInt64] = [3, 4, 2, 1]) -> [UInt8] {
    var gps = pbDouble(2, lat) + pbDouble(3, lon)
    if let units { gps = pbVarint(1, units) + gps }
    var body = gps
    for n in path.reversed() { body = pbBytes(n, body) }
    return (protocolName.map { pbBytes(1, pbBytes(1, pbBytes(1, text($0)))) } ?? []) + body
  }

  @Test func djiGPSByProtocol() {
    var reader = DJIMetaReader(), r = TelemetryReading()
    reader.read(Self.djmd("dvtm_ac203.proto", units: 1, 31.2304, 121.4737), into: &r)
    // Later samples rely on the first's protocol; radians (units 0, left out) are converted.
    reader.read(Self.djmd(nil, units: nil, 31.2304 * .pi / 180, 121.4737 * .pi / 180), into: &r)
    #expect(r.problems.isEmpty && r.points == 2 && r.source == "DJI 'dvtm_ac203' GPS field 3-4-2-1")
    #expect(r.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737))
    var mavic = DJIMetaReader(), m = TelemetryReading()
    mavic.read(Self.djmd("dvtm_Mavic4.proto", units: nil, 31.2304, 121.4737, path: [3, 3, 4, 1]), into: &m)
    #expect(m.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737))
  }

  @Test func djiWhatItCannotRead() {
    var unknown = DJIMetaReader(), u = TelemetryReading()
    unknown.read(Self.djmd("dvtm_wm999.proto", units: 1, 31.2304, 121.4737), into: &u)
    #expect(u.problems == ["DJI protocol 'dvtm_wm999.proto' is not one photoaudit knows: its GPS field cannot be located"])
    var none = DJIMetaReader(), n = TelemetryReading()
    none.read(Self.djmd(nil, units: 1, 31.2304, 121.4737), into: &n)
    #expect(n.problems == ["sample 1: no DJI protocol name ('….proto') before it: where its GPS lies is unknown"])
    var bad = DJIMetaReader(), b = TelemetryReading()
    bad.read([0x0A, 0x7F, 0x01], into: &b)
    #expect(b.problems == ["sample 1: 3 bytes that are not a protobuf message"])
  }

  // MARK: NMEA, Novatek, text, timecode

  @Test func nmeaSentences() {
    let text = Array("$GPRMC,022030.00,A,3113.824,N,12128.422,E,0.5,90.0,010125,,,A*6C\r\n$GNGGA,022031,3113.825,N,12128.423,E,1,08,0.9,12.5,M,,M,,*47\r\n$GPRMC,022032,V,,,,,,,010125,,,N*00".utf8)
    let readings = NMEASentence.find(in: text)
    #expect(readings.count == 3)
    guard case .fix(let rmc) = readings[0], case .fix(let gga) = readings[1] else { Issue.record("\(readings)"); return }
    #expect(abs(rmc.latitude - 31.230400) < 1e-6 && abs(rmc.longitude - 121.473700) < 1e-6 && rmc.time == "2025-01-01T02:20:30Z")
    #expect(gga.altitude == 12.5)
    #expect(readings[2] == .noFix)
  }

  static func freeGPS(status: UInt8, lat: Float, lon: Float, iqs: Bool = false) -> [UInt8] {
    var block = [UInt8](repeating: 0, count: 128)
    block.replaceSubrange(0..<16, with: be32(128) + text("freeGPS ") + [0x4C, 0, 0, 0])
    if iqs { block.replaceSubrange(16..<19, with: text("IQS")) }
    for (i, v) in [2, 20, 30, 25, 1, 1].enumerated() { block.replaceSubrange(0x30 + 4 * i..<0x34 + 4 * i, with: le(UInt32(v))) }
    block.replaceSubrange(0x48..<0x4C, with: [status, UInt8(ascii: "N"), UInt8(ascii: "W"), 0])
    block.replaceSubrange(0x4C..<0x54, with: iqs ? le(Int32(lat)) + le(Int32(lon)) : le(lat) + le(lon))
    return block
  }

  @Test func novatekBlocks() {
    var r = TelemetryReading()
    NovatekGPSList.read(Self.freeGPS(status: UInt8(ascii: "A"), lat: 3113.824, lon: 12128.422), into: &r)
    #expect(r.problems.isEmpty && r.points == 1)
    #expect(abs(r.first!.latitude - 31.2304) < 1e-4 && abs(r.first!.longitude + 121.4737) < 1e-4 && r.first?.time == "2025-01-01T02:20:30Z")
    var iqs = TelemetryReading()
    NovatekGPSList.read(Self.freeGPS(status: UInt8(ascii: "A"), lat: 312_304_000, lon: 1_214_737_000, iqs: true), into: &iqs)
    #expect(iqs.first.map { abs($0.latitude - 31.2304) < 1e-4 && abs($0.longitude + 121.4737) < 1e-4 } == true)
    var void = TelemetryReading()
    NovatekGPSList.read(Self.freeGPS(status: UInt8(ascii: "V"), lat: 0, lon: 0), into: &void)
    #expect(void.points == 0 && void.withoutFix == 1 && void.problems.isEmpty)
    var unknown = TelemetryReading()
    NovatekGPSList.read(Self.be32(64) + Self.text("freeGPS ") + [UInt8](repeating: 0xAA, count: 52), into: &unknown)
    #expect(unknown.problems == ["sample 1: a 'freeGPS ' block of 64 bytes in a layout photoaudit does not decode (a GPS record it cannot parse)"])
    var notABlock = TelemetryReading()
    NovatekGPSList.read([UInt8](repeating: 0, count: 20), into: &notABlock)
    #expect(notABlock.problems == ["sample 1: 20 bytes that are not a 'freeGPS ' block"])
  }

  static func tx3g(_ s: String, boxes: [UInt8] = []) -> [UInt8] { be16(Int16(s.utf8.count)) + text(s) + boxes }

  @Test func textSamples() {
    let cases: [(String, TelemetryPoint?)] = [
      ("F/2.8, SS 240 [latitude: 31.230400] [longitude: 121.473700] [rel_alt: 1.2]", TelemetryPoint(latitude: 31.2304, longitude: 121.4737)),
      ("GPS (121.4737, 31.2304, 13)", TelemetryPoint(latitude: 31.2304, longitude: 121.4737, altitude: 13)),
      ("Lat:31.2304 Lon:121.4737 Alt:12.5", TelemetryPoint(latitude: 31.2304, longitude: 121.4737)),
      ("Hello, world. Take 3 of 12.5", nil),
    ]
    for (text, expected) in cases {
      var r = TelemetryReading()
      TextTrackCoordinates.read(Self.tx3g(text, boxes: Self.box(Self.text("styl"), [0, 0])), into: &r)
      #expect(r.problems.isEmpty && r.first == expected, "\(text): \(r)")
    }
    var utf16 = TelemetryReading()
    let units: [UInt8] = [0xFE, 0xFF] + "lat 31.2304 lon 121.4737".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    TextTrackCoordinates.read(Self.be16(Int16(units.count)) + units, into: &utf16)
    #expect(utf16.first == TelemetryPoint(latitude: 31.2304, longitude: 121.4737))
    var odd = TelemetryReading()
    TextTrackCoordinates.read(Self.tx3g("x", boxes: Self.box(Self.text("priv"), [1])) + [0, 0, 0], into: &odd)
    #expect(odd.problems == ["sample 1: its modifier box 'priv' is not one photoaudit reads", "sample 1: ends with 3 bytes after its text that are not a box"])
    var long = TelemetryReading()
    TextTrackCoordinates.read([0, 50, 65], into: &long)
    #expect(long.problems == ["sample 1: text of 50 bytes runs past its sample (3 bytes)"])
  }

  // MARK: the track

  static func source(_ bytes: [UInt8]) -> MemorySource { MemorySource(bytes) }

  @Test func aFormatNobodyDecodesIsAProblem() {
    let track = TimedTrack(number: 5, handler: "meta", format: "fdsc", samples: [0..<10, 10..<20], declaredSamples: 2)
    let r = TelemetryDecoder.decode(track, source: Self.source([UInt8](repeating: 1, count: 20)))
    #expect(r.problems == ["'meta' track of 'fdsc' samples (GoPro file-recovery data (SOS track), an undocumented layout that holds a location on some cameras): 2 samples (20 bytes) that no decoder reads"])
    let empty = TelemetryDecoder.decode(TimedTrack(number: 2, handler: "meta", format: "xyzw"), source: Self.source([]))
    #expect(empty.problems.isEmpty, "a track without samples holds nothing unread")
  }

  @Test func samplesPastTheFileOrTheCapsAreProblems() {
    let timecode = TimedTrack(number: 2, handler: "tmcd", format: "tmcd", samples: [0..<4, 4..<7, 7..<30], declaredSamples: 3)
    let r = TelemetryDecoder.decode(timecode, source: Self.source([UInt8](repeating: 0, count: 10)))
    #expect(r.problems == ["sample 2: a timecode sample of 3 bytes (4 or 8 expected)", "its samples from sample 3 on lie past the end of the file"])
    let big = TimedTrack(number: 2, handler: "meta", format: "camm", samples: [0..<(TelemetryDecoder.maxSampleBytes + 1)], declaredSamples: 1)
    let b = TelemetryDecoder.decode(big, source: Self.source([UInt8](repeating: 0, count: TelemetryDecoder.maxSampleBytes + 1)))
    #expect(b.problems == ["sample 1: a sample of 16777217 bytes, over the 16 MiB cap; not read"])
    let two = TimedTrack(number: 2, handler: "meta", format: "camm", formats: ["camm", "gpmd"], samples: [], declaredSamples: 0,
                         unread: "the movie is fragmented ('moof' boxes): samples in movie fragments are not read")
    #expect(TelemetryDecoder.decode(two, source: Self.source([])).problems == [
      "the movie is fragmented ('moof' boxes): samples in movie fragments are not read",
      "its samples are described as 'camm', 'gpmd'; only the first format was decoded",
    ])
  }
}
