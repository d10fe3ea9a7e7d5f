import Bytes
/// Decodes the JSON or CBOR content of a C2PA assertion or claim: the value, the GPS it holds
/// and its leaves as tags. GPS comes from EXIF-style keys (`exif:GPSLatitude` in `stds.exif`
/// and `c2pa.metadata`, as JSON-LD or CBOR; values in XMP's "DDD,MM.mmk" or decimal degrees),
/// then from any other place coordinates can be written in JSON (`DescriptorCoordinates`:
/// latitude/longitude keys at any depth, ISO 6709 strings, coordinate pairs in text).
/// [C2PA Technical Specification 2.1 18.13 (stds.exif), 18.14 (c2pa.metadata)]
public enum C2PAAssertionDecoder {
  /// Most tags made from one assertion.
  public static let maxTags = 256

  /// The decoded value of a `json` or `cbor` content box (`type`); without a type, JSON when
  /// the content starts with `{` or `[`, else CBOR.
  public static func value(_ payload: [UInt8], type: String? = nil) throws -> JSONValue {
    let first = payload.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    if type == "json" || (type == nil && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))) {
      // JSON boxes may be NUL-padded.
      let end = payload.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0
      return try JSONParser.parse(Array(payload[..<end]))
    }
    return try CBORReader.read(payload)
  }

  /// The GPS the value holds, as a fix of `carrier` (nil when none).
  public static func gps(in value: JSONValue, carrier: CarrierKind = .c2paAssertion, item: Int? = nil) -> GPSFix? {
    var fields: [String: JSONValue] = [:]
    collectGPS(value, into: &fields, depth: 0)
    func coordinate(_ name: String, latitude: Bool) -> Double? {
      guard let field = fields[name] else { return nil }
      if let number = field.doubleValue, number.isFinite, abs(number) <= (latitude ? 90 : 180) { return number }
      return field.stringValue.flatMap { XMPValueParsing.coordinate($0, isLatitude: latitude) }
    }
    var fix = GPSFix(carrier: carrier, item: item)
    fix.latitude = coordinate("gpslatitude", latitude: true)
    fix.longitude = coordinate("gpslongitude", latitude: false)
    if let altitude = fields["gpsaltitude"] {
      fix.altitude = altitude.doubleValue ?? altitude.stringValue.flatMap(XMPValueParsing.rational)
      if fields["gpsaltituderef"]?.stringValue == "1" || fields["gpsaltituderef"]?.intValue == 1 { fix.altitude = fix.altitude.map { -$0 } }
    }
    fix.timestamp = (fields["gpsdatetime"] ?? fields["gpstimestamp"])?.stringValue.flatMap(XMPValueParsing.utcTimestamp)
    if fix.hasCoordinates { return fix }
    // Coordinates written any other way (schema.org geo, a location string).
    if let found = DescriptorCoordinates.find(in: value).first(where: { $0.latitude != nil || $0.longitude != nil }) {
      fix.latitude = found.latitude
      fix.longitude = found.longitude
      return fix
    }
    return fields.isEmpty ? nil : fix  // GPS fields without coordinates
  }

  /// Values of keys named GPS… (any namespace prefix, any case), the first of each, to a depth.
  static func collectGPS(_ value: JSONValue, into fields: inout [String: JSONValue], depth: Int) {
    guard depth < 16 else { return }
    switch value {
    case .object(let members):
      for (key, member) in members {
        let local = localName(key).lowercased()
        if local.hasPrefix("gps"), fields[local] == nil {
          switch member {
          case .string, .int, .number: fields[local] = member
          default: break
          }
        }
        collectGPS(member, into: &fields, depth: depth + 1)
      }
    case .array(let items):
      for item in items { collectGPS(item, into: &fields, depth: depth + 1) }
    default: break
    }
  }

  /// The leaves of the value as tags, named as ExifTool flattens JSON (the local names of the
  /// keys on the path, each capitalised: `author[0].name` → "AuthorName"), in group `group`.
  public static func tags(_ value: JSONValue, group: String, carrier: CarrierKind, item: Int?) -> [MetadataTag] {
    var out: [MetadataTag] = []
    flatten(value, name: "", depth: 0) { name, leaf in
      guard out.count < maxTags else { return }
      out.append(MetadataTag(carrier: carrier, item: item, group: group, name: name.isEmpty ? "Value" : name, value: leaf))
    }
    return out
  }

  /// Keys whose values are bookkeeping (hashes, padding, JSON-LD context), not content.
  static let skippedKeys: Set<String> = ["@context", "hash", "pad", "pad1", "pad2", "alg", "exclusions"]

  static func flatten(_ value: JSONValue, name: String, depth: Int, _ emit: (String, TagValue) -> Void) {
    guard depth < 16 else { return }
    switch value {
    case .object(let members):
      for (key, member) in members where !skippedKeys.contains(key) {
        flatten(member, name: name + capitalized(localName(key)), depth: depth + 1, emit)
      }
    case .array(let items):
      let scalars = items.compactMap(scalar)
      if scalars.count == items.count, !items.isEmpty { emit(name, .list(scalars)) } else {
        for item in items { flatten(item, name: name, depth: depth + 1, emit) }
      }
    default:
      if let leaf = scalar(value) { emit(name, leaf) }
    }
  }

  static func scalar(_ value: JSONValue) -> TagValue? {
    switch value {
    case .string(let s): .text(String(s.prefix(4096)))
    case .int(let v): .integer(v)
    case .number(let v): .real(v)
    case .bool(let b): .text(b ? "true" : "false")
    default: nil
    }
  }

  /// "exif:GPSLatitude" → "GPSLatitude"; "dc:title" → "title".
  static func localName(_ key: String) -> String {
    key.lastIndex(of: ":").map { String(key[key.index(after: $0)...]) } ?? key
  }

  package static func capitalized(_ word: String) -> String {
    let cleaned = word.filter { $0.isLetter || $0.isNumber }
    return cleaned.prefix(1).uppercased() + cleaned.dropFirst()
  }
}
