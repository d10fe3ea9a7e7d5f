/// DJI's telemetry (the samples of a `djmd` track, Osmo Action, Avata, Mavic, Mini, Air…): one
/// protobuf message per sample, in a protocol named by a string field ("dvtm_ac203.proto",
/// usually field 1-1-1, often only in the first sample). Where the GPS message lies depends on
/// the protocol (`gpsPaths`); in it field 1 says the units (0 radians, 1 degrees), fields 2 and
/// 3 are latitude and longitude as doubles.
///
/// Decoded: every sample parses as protobuf, the protocol is one of `gpsPaths`, and the GPS
/// message is read wherever that path leads. A sample that is not protobuf, a protocol photoaudit
/// does not know (its GPS field cannot be located), or no protocol at all is a problem (PA015).
/// [ExifTool DJI.pm `%knownProtocol`, `%DJI::Protobuf`, `%DJI::GPSInfo` (13.x); Protobuf.pm]
struct DJIMetaReader {
  /// A protocol's GPS message: the field numbers that lead to it, and whether it stores degrees
  /// whatever its units field says (Mavic 4 Pro, Mini 5 Pro).
  struct GPSPath: Sendable {
    package var fields: [Int]
    package var degrees = false
  }

  /// The protocols whose GPS message ExifTool locates, by name without ".proto".
  static let gpsPaths: [String: GPSPath] = [
    "dvtm_ac203": GPSPath(fields: [3, 4, 2, 1]),       // Osmo Action 4
    "dvtm_ac204": GPSPath(fields: [3, 4, 2, 1]),       // Osmo Action 5
    "dvtm_ac206": GPSPath(fields: [3, 4, 2, 1]),       // Osmo Action 6
    "dvtm_AVATA2": GPSPath(fields: [3, 4, 4, 1]),      // Avata 2
    "dvtm_wm265e": GPSPath(fields: [3, 3, 4, 1]),      // Mavic 3
    "dvtm_pm320": GPSPath(fields: [3, 3, 4, 1]),       // Matrice 30
    "dvtm_Mini4_Pro": GPSPath(fields: [3, 3, 4, 1]),   // Mini 4 Pro
    "dvtm_dji_neo": GPSPath(fields: [3, 4, 4, 1]),     // Neo
    "dvtm_Air3": GPSPath(fields: [3, 3, 4, 1]),        // Air 3
    "dvtm_Air3s": GPSPath(fields: [3, 3, 4, 1]),       // Air 3s
    "dvtm_oq101": GPSPath(fields: [3, 4, 2, 1]),       // Osmo 360
    "dvtm_wa345e": GPSPath(fields: [3, 3, 4, 1]),      // Matrice 4E
    "dvtm_wm261": GPSPath(fields: [3, 3, 4, 1]),       // Mavic 3 Pro
    "dvtm_Mavic4": GPSPath(fields: [3, 3, 4, 1], degrees: true),    // Mavic 4 Pro
    "dvtm_Mini5Pro": GPSPath(fields: [3, 3, 4, 1], degrees: true),  // Mini 5 Pro
  ]

  /// Deepest message searched for the protocol name.
  static let maxDepth = 6

  /// The protocol named so far in this track (the first sample names it).
  private(set) var protocolName: String?

  /// Reads one sample.
  package mutating func read(_ sample: [UInt8], into reading: inout TelemetryReading) {
    guard let top = ProtobufReader.fields(sample, in: 0..<sample.count) else {
      reading.problem("\(sample.count) bytes that are not a protobuf message")
      return
    }
    if let named = Self.protocolName(sample, top, depth: 1) { protocolName = named }
    guard let name = protocolName else {
      reading.problem("no DJI protocol name ('….proto') before it: where its GPS lies is unknown")
      return
    }
    guard let path = Self.gpsPaths[name] else {
      reading.problem("DJI protocol '\(name).proto' is not one photoaudit knows: its GPS field cannot be located", sampleLevel: false)
      return
    }
    for message in Self.messages(sample, top, path: path.fields[...]) {
      var units: UInt64 = 0, latitude = 0.0, longitude = 0.0
      for field in message {
        switch (field.number, field.value) {
        case (1, .varint(let v)): units = v
        case (2, .fixed64(let v)): latitude = Double(bitPattern: v)
        case (3, .fixed64(let v)): longitude = Double(bitPattern: v)
        default: break
        }
      }
      // Field 1 is 0 (the default, left out) when the values are radians. [ExifTool DJI.pm GPSInfo]
      let factor = path.degrees || units == 1 ? 1 : 180 / Double.pi
      reading.add(TelemetryPoint(latitude: latitude * factor, longitude: longitude * factor), from: "DJI '\(name)' GPS field \(path.fields.map(String.init).joined(separator: "-"))")
    }
  }

  /// The messages at the end of `path` (every repeat of each field on the way).
  static func messages(_ bytes: [UInt8], _ fields: [ProtobufReader.Field], path: ArraySlice<Int>) -> [[ProtobufReader.Field]] {
    guard let number = path.first else { return [fields] }
    var out: [[ProtobufReader.Field]] = []
    for field in fields where field.number == number {
      guard case .bytes(let range) = field.value, let inner = ProtobufReader.fields(bytes, in: range) else { continue }
      out += messages(bytes, inner, path: path.dropFirst())
    }
    return out
  }

  /// The first string ending in ".proto" (printable ASCII), depth first; without the suffix.
  static func protocolName(_ bytes: [UInt8], _ fields: [ProtobufReader.Field], depth: Int) -> String? {
    for field in fields {
      guard case .bytes(let range) = field.value else { continue }
      let value = bytes[range]
      if value.count > 6, value.count < 128, value.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
         value.suffix(6).elementsEqual(".proto".utf8) {
        return String(decoding: value.dropLast(6), as: UTF8.self)
      }
      if depth < maxDepth, let inner = ProtobufReader.fields(bytes, in: range),
         let name = protocolName(bytes, inner, depth: depth + 1) {
        return name
      }
    }
    return nil
  }
}
