import Bytes
/// Apple's timed metadata (the samples of a `mebx` track, as iPhones write for Live Photos and
/// AVFoundation for timed locations). The sample description declares the keys: a `keys` box of
/// boxes named by a local key ID, each with `keyd` (namespace and key name) and `dtyp` (a
/// well-known data type, or a reverse-DNS type name). A sample is a run of boxes named by those
/// IDs, each holding one value.
///
/// Decoded: `com.apple.quicktime.location.ISO6709` (a position); values of text types (searched
/// for coordinates written as text); values of number types (a pair of keys named …latitude and
/// …longitude is a position); Apple's keys that hold no location (`knownKeys`: orientation,
/// Live Photo data, detected faces and bodies). Any other key — a binary or image type, an
/// unknown reverse-DNS type — is not decoded: a problem (PA015) naming it.
/// [Apple QTFF "Metadata" (well-known types), "Timed metadata media"; AVFoundation
/// AVMetadataIdentifier; ExifTool QuickTimeStream.pl Process_mebx]
struct MEBXReader {
  /// One key of the sample description.
  package struct Key: Sendable, Equatable {
    var namespace: String
    package var name: String
    /// Well-known data type (namespace 0 of `dtyp`).
    var wellKnownType: UInt32?
    /// Reverse-DNS data type (namespace 1).
    var typeName: String?
  }

  /// The keys that hold a position as ISO 6709 text.
  static let locationKeys: Set<String> = ["com.apple.quicktime.location.ISO6709"]

  /// Apple's keys that hold no location, with what they hold (their values are not read).
  static let knownKeys: [String: String] = [
    "com.apple.quicktime.video-orientation": "the display orientation",
    "com.apple.quicktime.still-image-time": "the time of a Live Photo's still",
    "com.apple.quicktime.live-photo-info": "Live Photo stabilisation numbers",
    "com.apple.quicktime.live-photo.vitality-score": "a Live Photo score",
    "com.apple.quicktime.live-photo.vitality-scoring-version": "a Live Photo score version",
    "com.apple.quicktime.scene-illuminance": "the scene's brightness",
  ]

  /// Key name prefixes of Apple's detected-object regions (faces, bodies, salient objects):
  /// rectangles in the picture, angles and IDs.
  static let regionPrefixes = ["com.apple.quicktime.detected-"]

  /// Well-known types: UTF-8 (1, 4), UTF-16 (2, 5).
  static let textTypes: Set<UInt32> = [1, 4]
  static let utf16Types: Set<UInt32> = [2, 5]
  /// Well-known number types: signed and unsigned integers, floats, points, sizes, rectangles,
  /// matrices. [Apple QTFF "Well-known types"]
  static let numberTypes: Set<UInt32> = [21, 22, 23, 24, 65, 66, 67, 70, 71, 72, 74, 75, 76, 77, 78, 79, 80]

  /// The keys by local ID.
  package var keys: [UInt32: Key] = [:]
  /// Why the description could not be read, when it could not.
  var descriptionProblem: String?

  /// Reads the keys of a `mebx` sample description (its bytes after the box header).
  init(description: [UInt8]) {
    guard description.count >= 8, let keysBox = Self.boxes(description, in: 8..<description.count).first(where: { $0.type == "keys" }) else {
      descriptionProblem = "its sample description declares no keys"
      return
    }
    for entry in Self.boxes(description, in: keysBox.payload) {
      let id = entry.id
      var key = Key(namespace: "", name: "")
      for part in Self.boxes(description, in: entry.payload) {
        let bytes = Array(description[part.payload])
        switch part.type {
        case "keyd" where bytes.count >= 4:
          key.namespace = String(decoding: bytes.prefix(4), as: UTF8.self)
          key.name = String(decoding: bytes.dropFirst(4).prefix { $0 != 0 }, as: UTF8.self)
        case "dtyp" where bytes.count >= 8:
          let namespace = bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
          if namespace == 0 {
            key.wellKnownType = bytes[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
          } else {
            key.typeName = String(decoding: bytes.dropFirst(4).prefix { $0 != 0 }, as: UTF8.self)
          }
        default:
          break
        }
      }
      keys[id] = key
    }
    if keys.isEmpty { descriptionProblem = "its sample description declares no keys" }
  }

  /// A box inside a description or sample: its type (or local key ID) and payload range.
  struct Box {
    package var type: String
    package var id: UInt32
    package var payload: Range<Int>
  }

  /// The boxes in `range`; stops at the first that does not fit.
  static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [Box] {
    var out: [Box] = []
    var pos = range.lowerBound
    while pos + 8 <= range.upperBound, out.count < 4096 {
      let size = bytes[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
      guard size >= 8, pos + size <= range.upperBound else { break }
      let id = bytes[pos + 4..<pos + 8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      out.append(Box(type: ISOBMFFBox.fourCC(bytes[pos + 4..<pos + 8]), id: id, payload: pos + 8..<pos + size))
      pos += size
    }
    return out
  }

  /// Reads one sample: every item, by its key.
  package func read(_ sample: [UInt8], into reading: inout TelemetryReading) {
    if let descriptionProblem {
      reading.problem("'mebx' \(descriptionProblem)", sampleLevel: false)
      return
    }
    var latitude: Double?, longitude: Double?
    var pos = 0
    while pos < sample.count {
      guard sample.count - pos >= 8 else {
        reading.problem("ends with \(sample.count - pos) bytes that are not a 'mebx' item")
        return
      }
      let size = sample[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
      let id = sample[pos + 4..<pos + 8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      guard size >= 8, pos + size <= sample.count else {
        reading.problem("'mebx' item at +\(pos) declares \(size) bytes and runs past the sample")
        return
      }
      let value = Array(sample[pos + 8..<pos + size])
      pos += size
      // Local key ID 0 is reserved: an empty item with it is a sample without metadata (iPhones
      // write one when no face is detected).
      if id == 0, value.isEmpty { continue }
      guard let key = keys[id] else {
        reading.problem("'mebx' item at +\(pos - size) names key \(id), which the description does not declare")
        continue
      }
      if Self.locationKeys.contains(key.name) {
        if let point = ISO6709Point.parse(value) {
          reading.add(TelemetryPoint(latitude: point.latitude, longitude: point.longitude, altitude: point.altitude), from: key.name)
        } else if value.contains(where: { $0 != 0 && $0 != 0x20 }) {
          reading.problem("'\(key.name)' holds \(value.count) bytes that are not an ISO 6709 location")
        }
        continue
      }
      if Self.knownKeys[key.name] != nil || Self.regionPrefixes.contains(where: key.name.hasPrefix) { continue }
      switch key.wellKnownType {
      case let type? where Self.textTypes.contains(type) || Self.utf16Types.contains(type):
        let text = Self.utf16Types.contains(type) ? Array(String(decoding: Self.utf16(value), as: UTF16.self).utf8) : value
        for match in CoordinateText.find(in: text) {
          reading.add(TelemetryPoint(latitude: match.latitude, longitude: match.longitude), from: "\(match.form.rawValue) in '\(key.name)'")
        }
      case let type? where Self.numberTypes.contains(type):
        let lower = key.name.lowercased()
        if lower.hasSuffix("latitude") { latitude = Self.number(value, type: type) }
        if lower.hasSuffix("longitude") { longitude = Self.number(value, type: type) }
      default:
        let type = key.typeName.map { "type '\($0)'" } ?? key.wellKnownType.map { "well-known type \($0)" } ?? "no declared type"
        reading.problem("'mebx' key '\(key.name)' (\(type)) is not decoded")
      }
    }
    if let latitude, let longitude {
      reading.add(TelemetryPoint(latitude: latitude, longitude: longitude), from: "'mebx' latitude and longitude keys")
    }
  }

  /// A big-endian number of a well-known type (the first of a point or rectangle).
  package static func number(_ value: [UInt8], type: UInt32) -> Double? {
    var r = ByteReader(value, what: "mebx value")
    switch (type, value.count) {
    case (23, 4...), (70...72, 4...), (80, 4...): return try? r.f32(bigEndian: true)
    case (24, 8...), (79, 8...): return try? r.f64(bigEndian: true)
    case (21, 1...8), (65...67, 1...8), (74, 8...):
      guard let raw = try? r.uintBE(size: min(value.count, 8)) else { return nil }
      let bits = min(value.count, 8) * 8
      return Double(Int64(bitPattern: raw << UInt64(64 - bits)) >> Int64(64 - bits))
    case (22, 1...8), (75...78, 1...8): return (try? r.uintBE(size: min(value.count, 8))).map(Double.init)
    default: return nil
    }
  }

  /// UTF-16 code units, big-endian unless a byte-order mark says otherwise.
  static func utf16(_ bytes: [UInt8]) -> [UInt16] {
    var little = false, start = 0
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { little = true; start = 2 }
    if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { start = 2 }
    return stride(from: start, to: bytes.count - 1, by: 2).map { i in
      little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
    }
  }
}
