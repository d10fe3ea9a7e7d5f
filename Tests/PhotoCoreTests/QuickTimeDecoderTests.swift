import PhotoCore
import Testing

/// The QuickTime metadata decoders on hand-built payloads: ISO 6709 as writers write it, track
/// matrices, `keys`/`ilst`, `loci`, and what a hostile payload gives (never a trap; a location
/// that cannot be read is still GPS).
@Suite struct QuickTimeDecoderTests {
  static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    let size = UInt32(payload.count + 8)
    return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
      + type.unicodeScalars.map { UInt8($0.value) } + payload
  }

  static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

  /// A `data` atom holding UTF-8 text.
  static func text(_ s: String) -> [UInt8] { box("data", be32(1) + be32(0) + Array(s.utf8)) }

  @Test(arguments: [
    ("+52.2097-000.8955+103.640/", 52.2097, -0.8955, 103.64),     // iPhone (train.mov)
    ("+51.5932-0.2431/", 51.5932, -0.2431, nil),                  // Android: longitude not padded
    ("+12.9603+077.7055/", 12.9603, 77.7055, nil),                // Samsung
    ("+3113.824+12128.422/", 31.230400, 121.473700, nil),         // degrees and minutes
    ("+311349.44+1212825.32+12.5CRSWGS_84/", 31.230400, 121.473700, 12.5),  // DMS, altitude, CRS
    ("-33.8688+151.2093/", -33.8688, 151.2093, nil),
  ] as [(String, Double, Double, Double?)])
  func iso6709(_ text: String, _ latitude: Double, _ longitude: Double, _ altitude: Double?) throws {
    let point = try #require(ISO6709Point.parse(Array(text.utf8)))
    #expect(abs(point.latitude - latitude) < 1e-6 && abs(point.longitude - longitude) < 1e-6)
    #expect(point.altitude == altitude)
  }

  @Test(arguments: ["", "52.2097-000.8955/", "+95.0000+010.0000/", "+10.0000+190.0000/", "+1060+010.0/", "+ab.cd+ef/", "+"])
  func notISO6709(_ text: String) {
    #expect(ISO6709Point.parse(Array(text.utf8)) == nil)
  }

  @Test(arguments: [
    (TrackMatrix(a: 1, b: 0, c: 0, d: 1), 0, false, Orientation.up),
    (TrackMatrix(a: 0, b: 1, c: -1, d: 0, tx: 720), 90, false, .right),  // iPhone portrait (dolbyVision-hdr.MOV)
    (TrackMatrix(a: -1, b: 0, c: 0, d: -1), 180, false, .down),
    (TrackMatrix(a: 0, b: -1, c: 1, d: 0), 270, false, .left),
    (TrackMatrix(a: -1, b: 0, c: 0, d: 1), 180, true, .upMirrored),
    (TrackMatrix(a: 1, b: 0, c: 0, d: -1), 0, true, .downMirrored),
    (TrackMatrix(a: 0, b: 1, c: 1, d: 0), 90, true, .leftMirrored),       // sample_rotate_and_reflect.mp4
    (TrackMatrix(a: 0, b: -1, c: -1, d: 0), 270, true, .rightMirrored),
    (TrackMatrix(a: 0, b: 2, c: -2, d: 0), 90, false, .right),            // scaled: still a quarter turn
  ] as [(TrackMatrix, Int, Bool, Orientation)])
  func matrices(_ matrix: TrackMatrix, _ rotation: Int, _ mirrored: Bool, _ orientation: Orientation) {
    #expect(matrix.rotationDegrees == rotation)
    #expect(matrix.isMirrored == mirrored)
    #expect(matrix.orientation == orientation)
    // The orientation maps the stored corners as the matrix does (a, b, c, d on unit vectors).
    let stored = PixelSize(width: 4, height: 2)
    let displayed = orientation.displayedSize(stored: stored)
    #expect(displayed == (matrix.b != 0 ? stored.transposed : stored))
  }

  @Test func oddMatricesAreNoOrientation() {
    #expect(TrackMatrix(a: 0.7071, b: 0.7071, c: -0.7071, d: 0.7071).orientation == nil)
    #expect(TrackMatrix(a: 0.7071, b: 0.7071, c: -0.7071, d: 0.7071).rotationDegrees == 45)
    #expect(TrackMatrix(a: 0, b: 0, c: 0, d: 0).orientation == nil)
  }

  @Test func keysAndItemList() {
    let keys = Self.box("keys", [0, 0, 0, 0] + Self.be32(3)
      + Self.box("mdta", Array("com.apple.quicktime.location.ISO6709".utf8))
      + Self.box("mdta", Array("com.apple.quicktime.content.identifier".utf8))
      + Self.box("mdta", Array("com.apple.quicktime.live-photo.auto".utf8)))
    let ilst = Self.box("ilst", Self.box("\u{0}\u{0}\u{0}\u{1}", Self.text("+31.2304+121.4737+012.500/"))
      + Self.box("\u{0}\u{0}\u{0}\u{2}", Self.text("ABC-123"))
      + Self.box("\u{0}\u{0}\u{0}\u{3}", Self.box("data", Self.be32(22) + Self.be32(0) + [1]))
      + Self.box("\u{0}\u{0}\u{0}\u{9}", Self.text("index past the keys")))
    let contents = QuickTimeDecoder.decode(Self.box("hdlr", [UInt8](repeating: 0, count: 25)) + keys + ilst, kind: .keys)
    #expect(contents.tags.map { "\($0.name)=\($0.value.display)" }
            == ["GPSCoordinates=+31.2304+121.4737+012.500/", "ContentIdentifier=ABC-123", "LivePhotoAuto=1", "Key9=index past the keys"])
    #expect(contents.gps.count == 1 && contents.gps[0].altitude == 12.5 && contents.gps[0].carrier == .keys)

    let list = QuickTimeDecoder.decode(Self.box("ilst", Self.box("©xyz", Self.text("+40.6892-074.0445+010.000/"))
                                                  + Self.box("©too", Self.text("Lavf"))), kind: .itemList)
    #expect(list.tags.map(\.name) == ["GPSCoordinates", "Encoder"])
    #expect(list.gps.first?.latitude == 40.6892)
  }

  @Test func userDataTextAndLoci() {
    // ©xyz as QuickTime user-data text: size, language, text.
    let xyz = Self.box("©xyz", [0, 18, 0x15, 0xC7] + Array("+12.9603+077.7055/".utf8))
    // loci: FullBox, language, name "", role 0, longitude, latitude, altitude (16.16), body, notes.
    let loci = Self.box("loci", [0, 0, 0, 0, 0x15, 0xC7, 0, 0] + Self.be32(UInt32(bitPattern: Int32(-74.5 * 65536)))
                          + Self.be32(UInt32(40.68 * 65536)) + Self.be32(0) + Array("earth".utf8) + [0, 0])
    let contents = QuickTimeDecoder.decode(xyz + loci + Self.box("SDLN", Array("SEQ_PLAY".utf8)), kind: .userData)
    #expect(contents.gps.count == 2)
    #expect(contents.gps[0].latitude == 12.9603 && contents.gps[0].longitude == 77.7055)
    #expect(abs(contents.gps[1].latitude! - 40.68) < 1e-4 && contents.gps[1].longitude == -74.5)
    #expect(contents.tags.map(\.name) == ["GPSCoordinates", "LocationInformation"])
  }

  @Test func aLocationThatCannotBeReadIsStillGPS() {
    let bad = QuickTimeDecoder.decode(Self.box("©xyz", [0, 9, 0, 0] + Array("somewhere".utf8)), kind: .userData)
    #expect(bad.gps.count == 1 && bad.gps[0].unreadable?.revealed.contains("is not an ISO 6709 location") == true)
    #expect(bad.gps[0].locates)
    let short = QuickTimeDecoder.decode(Self.box("loci", [0, 0, 0, 0, 0, 0, 0, 0]), kind: .userData)
    #expect(short.gps.count == 1 && short.gps[0].unreadable != nil)
  }

  @Test func hostilePayloadsNeverTrap() {
    var payloads: [[UInt8]] = [[], [0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF, 0x6B, 0x65, 0x79, 0x73],  // size past the end
                               Self.box("keys", [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]),           // 4 billion keys
                               Self.box("keys", [0, 0, 0, 0, 0, 0, 0, 1] + Self.be32(3) + Array("md".utf8)),  // key shorter than its header
                               Self.box("ilst", Self.box("\u{0}\u{0}\u{0}\u{1}", Self.box("data", [0, 0]))),   // data too short
                               [0, 0, 0, 1] + Array("ilst".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // largesize
                               Self.box("loci", [0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0x41, count: 100)),  // name never ends
                               Self.box("©nam", [0xFF, 0xFF, 0, 0, 0x41])]
    payloads.append([UInt8](repeating: 0, count: 4096))
    for payload in payloads {
      for kind in [CarrierKind.userData, .keys, .itemList] {
        let contents = QuickTimeDecoder.decode(payload, kind: kind)
        // Nothing here holds a location: a position read from these bytes would be invented.
        #expect(contents.gps.allSatisfy { $0.latitude == nil && $0.longitude == nil }, "\(kind) \(payload.prefix(8))")
      }
    }
  }
}
