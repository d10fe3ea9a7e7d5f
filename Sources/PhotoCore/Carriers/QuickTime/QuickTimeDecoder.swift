import Bytes
/// What one QuickTime/MP4 metadata carrier holds: tags named as ExifTool names them and every
/// location it gives.
public struct QuickTimeContents: Sendable, Equatable {
  /// Every item, as a tag of group "UserData", "Keys" or "ItemList".
  public var tags: [MetadataTag] = []
  /// Each location (`©xyz`, `loci`, `location.ISO6709`), in order; one that is there but cannot
  /// be read is still GPS (`unreadable` set).
  public var gps: [GPSFix] = []
  /// What did not parse (a `keys` table shorter than it says, stray bytes).
  public var warnings: [String] = []
}

/// Decodes the metadata boxes of QuickTime movies and MP4 files: user data (`udta`: QuickTime
/// text items such as `©xyz`, 3GPP asset boxes such as `loci`), QuickTime metadata (`meta` with
/// `mdta` `keys` and `ilst`), and iTunes-style item lists (`meta`/`ilst` without keys).
/// Payloads are the carriers' child boxes as the walker located them. [Apple QTFF "User data
/// atoms", "Metadata"; 3GPP TS 26.244 8; ExifTool QuickTime.pm]
public enum QuickTimeDecoder {
  /// Decodes one carrier of kind `.userData`, `.keys` or `.itemList`.
  public static func decode(_ payload: [UInt8], kind: CarrierKind) -> QuickTimeContents {
    switch kind {
    case .userData: return userData(payload[...])
    case .keys: return keyed(payload[...])
    default: return itemList(payload[...])
    }
  }

  /// `udta`: each child box an item. `meta` and `XMP_` are carriers of their own (skipped).
  static func userData(_ payload: ArraySlice<UInt8>) -> QuickTimeContents {
    var out = QuickTimeContents()
    let (boxes, complete) = QuickTimeAtoms.children(of: payload)
    if !complete { out.warnings.append("'udta' has bytes that are not a box after its last item") }
    for box in boxes where box.type != "meta" && box.type != "XMP_" {
      let (type, content) = (box.type, box.payload)
      let name = QuickTimeTagNames.item(type, group: "UserData")
      if type == "loci" {
        loci(content, into: &out)
      } else if type.hasPrefix("©") {
        let value = textItem(content)
        add(value, name: name, group: "UserData", kind: .userData, into: &out)
      } else if QuickTimeBoxTypes.userData.contains(type), type != "kywd", type != "yrrc" {
        // 3GPP asset box: FullBox, 2-byte language, string. [26.244 8.3]
        guard content.count >= 6 else { continue }
        var i = content.startIndex + 6
        add(.text(QuickTimeAtoms.string3GPP(content, &i)), name: name, group: "UserData", kind: .userData, into: &out)
      } else if type == "yrrc", content.count >= 6 {
        add(.integer(Int64(content[content.startIndex + 4]) << 8 | Int64(content[content.startIndex + 5])), name: name,
            group: "UserData", kind: .userData, into: &out)
      }
    }
    return out
  }

  /// A QuickTime user-data text item: [size, language, text]…; or an iTunes `data` atom; else
  /// the bytes as text. [QTFF "User data text strings"]
  static func textItem(_ content: ArraySlice<UInt8>) -> TagValue {
    let start = content.startIndex
    if content.count >= 16, ISOBMFFBox.fourCC(content[start + 4..<start + 8]) == "data",
       let value = QuickTimeAtoms.dataValue(content[(start + 8)...]) {
      return value
    }
    if content.count >= 4 {
      let size = Int(content[start]) << 8 | Int(content[start + 1])
      let language = Int(content[start + 2]) << 8 | Int(content[start + 3])
      if size <= content.count - 4 {
        let text = content[start + 4..<start + 4 + size]
        // A Macintosh language code (below 0x400) means Mac Roman text. [QTFF "Language code values"]
        if language < 0x400, String(validating: text, as: UTF8.self) == nil, let roman = QuickTimeAtoms.macRoman(text) {
          return .text(roman)
        }
        return .text(QuickTimeAtoms.text(text))
      }
    }
    return .text(QuickTimeAtoms.text(content))
  }

  /// 3GPP `loci`: FullBox, language, name, role, longitude, latitude, altitude (16.16 each),
  /// astronomical body, notes. [3GPP TS 26.244 8.10]
  static func loci(_ content: ArraySlice<UInt8>, into out: inout QuickTimeContents) {
    var i = content.startIndex + 6
    guard content.count >= 6 else { return unreadableLocation("LocationInformation", kind: .userData, into: &out) }
    let name = QuickTimeAtoms.string3GPP(content, &i)
    guard content.endIndex - i >= 13 else { return unreadableLocation("LocationInformation", kind: .userData, into: &out) }
    let role = content[i]
    func fixed(_ at: Int) -> Double { Double(Int32(bitPattern: QuickTimeAtoms.u32(content, at))) / 65536 }
    let longitude = fixed(i + 1), latitude = fixed(i + 5), altitude = fixed(i + 9)
    i += 13
    let body = QuickTimeAtoms.string3GPP(content, &i)
    let notes = QuickTimeAtoms.string3GPP(content, &i)
    let roles = ["shooting", "real", "fictional"]
    let text = "\(name.isEmpty ? "(none)" : name) Role=\(role < 3 ? roles[Int(role)] : "\(role)") "
      + "Lat=\(CFormat.fixed(latitude, places: 5)) Lon=\(CFormat.fixed(longitude, places: 5)) Alt=\(CFormat.fixed(altitude, places: 2)) "
      + "Body=\(body) Notes=\(notes)"
    out.tags.append(MetadataTag(carrier: .userData, group: "UserData", name: "LocationInformation", value: .text(text)))
    guard abs(latitude) <= 90, abs(longitude) <= 180 else {
      return unreadableLocation("LocationInformation", kind: .userData, into: &out, detail: "\(secret: SecretValue(display: "latitude \(latitude), longitude \(longitude)", canonical: "position \(latitude),\(longitude)", label: "latitude/longitude")) out of range")
    }
    out.gps.append(GPSFix(carrier: .userData, latitude: latitude, longitude: longitude, altitude: altitude))
  }

  /// `meta` with `keys`: each `ilst` child is named by its 1-based key index. [QTFF "Metadata"]
  static func keyed(_ payload: ArraySlice<UInt8>) -> QuickTimeContents {
    var out = QuickTimeContents()
    let (boxes, _) = QuickTimeAtoms.children(of: payload)
    var keys: [String] = []
    if let table = boxes.first(where: { $0.type == "keys" })?.payload, table.count >= 8 {
      let count = Int(QuickTimeAtoms.u32(table, table.startIndex + 4))
      var i = table.startIndex + 8
      while keys.count < min(count, QuickTimeAtoms.maxChildren), table.endIndex - i >= 8 {
        let size = Int(QuickTimeAtoms.u32(table, i))
        guard size >= 8, size <= table.endIndex - i else {
          out.warnings.append("'keys' entry \(keys.count + 1) has an impossible size \(size)")
          break
        }
        keys.append(QuickTimeAtoms.text(table[i + 8..<i + size]))
        i += size
      }
      if keys.count < count { out.warnings.append("'keys' declares \(count) keys, \(keys.count) are there") }
    }
    for item in items(boxes) {
      let index = Int(item.code)
      let key = index >= 1 && index <= keys.count ? keys[index - 1] : nil
      guard let value = dataAtoms(item.payload) else { continue }
      let name = key.map(QuickTimeTagNames.key) ?? "Key\(index)"
      add(value, name: name, group: "Keys", kind: .keys, into: &out)
    }
    return out
  }

  /// `meta` with an `ilst` and no `keys`: iTunes-style items named by their box type.
  static func itemList(_ payload: ArraySlice<UInt8>) -> QuickTimeContents {
    var out = QuickTimeContents()
    let (boxes, _) = QuickTimeAtoms.children(of: payload)
    for item in items(boxes) {
      guard let value = dataAtoms(item.payload) else { continue }
      add(value, name: QuickTimeTagNames.item(item.type, group: "ItemList"), group: "ItemList", kind: .itemList, into: &out)
    }
    return out
  }

  /// The children of the `ilst` box among `boxes`.
  static func items(_ boxes: [QuickTimeAtoms.Child]) -> [QuickTimeAtoms.Child] {
    guard let list = boxes.first(where: { $0.type == "ilst" })?.payload else { return [] }
    return QuickTimeAtoms.children(of: list).boxes
  }

  /// The value of the first `data` atom of an item (several values: a list).
  static func dataAtoms(_ content: ArraySlice<UInt8>) -> TagValue? {
    let values = QuickTimeAtoms.children(of: content).boxes.filter { $0.type == "data" }.compactMap { QuickTimeAtoms.dataValue($0.payload) }
    return values.count > 1 ? .list(values) : values.first
  }

  /// Adds a tag; a location item also becomes a GPS fix (unreadable when it does not parse).
  package static func add(_ value: TagValue, name: String, group: String, kind: CarrierKind, into out: inout QuickTimeContents) {
    out.tags.append(MetadataTag(carrier: kind, group: group, name: name, value: value))
    guard name == "GPSCoordinates" else { return }
    guard case .text(let text) = value, !text.trimmingWhitespace().isEmpty else {
      if case .text = value { return }  // an empty location: no position
      return unreadableLocation(name, kind: kind, into: &out, detail: "not text")
    }
    guard let point = ISO6709Point.parse(Array(text.utf8)) else {
      return unreadableLocation(name, kind: kind, into: &out, detail: "'\(secret: .text(String(text.prefix(64)), full: text))' is not an ISO 6709 location")
    }
    out.gps.append(GPSFix(carrier: kind, latitude: point.latitude, longitude: point.longitude, altitude: point.altitude))
  }

  /// A location that is there but cannot be read: GPS all the same. [SPEC "Fail closed"]
  static func unreadableLocation(_ name: String, kind: CarrierKind, into out: inout QuickTimeContents, detail: RedactableText = "too short") {
    var fix = GPSFix(carrier: kind)
    fix.unreadable = "\(name) is present but cannot be read (\(detail))"
    out.gps.append(fix)
  }
}
