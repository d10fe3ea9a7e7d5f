import Bytes
/// Reads an ICC profile's header, tag table and text tags.
public enum ICCProfileDecoder {
  /// Header length. [ICC.1:2010 7.2]
  package static let headerLength = 128
  /// Most tag-table entries read.
  static let maxTags = 1024

  /// Decodes `profile`; nil when it is shorter than the 128-byte header. A missing "acsp"
  /// signature, a wrong declared size, or tags outside the profile give warnings, not failure.
  public static func decode(_ profile: [UInt8]) -> ICCProfileInfo? {
    guard profile.count >= headerLength else { return nil }
    var warnings: [String] = []
    var r = ByteReader(profile, what: "ICC profile")
    guard let declared = try? r.u32be() else { return nil }
    var size = Int(declared)
    if size != profile.count {
      warnings.append("ICC profile declares \(size) bytes but \(profile.count) are present.")
      size = min(max(size, headerLength), profile.count)
    }
    let bytes = Array(profile[0..<size])
    if fourCC(bytes, 36) != "acsp" { warnings.append("ICC profile has no 'acsp' signature at byte 36.") }
    let versionNumber = Int(bytes[8]) << 8 | Int(bytes[9])
    let version = "\(bytes[8]).\(bytes[9] >> 4).\(bytes[9] & 0x0F)"
    var tags = headerTags(bytes, versionNumber: versionNumber)
    var description: String?
    var copyright: String?
    for entry in tagTable(bytes, warnings: &warnings) {
      let name = ICCTagNames.name(entry.signature)
      let data = bytes[entry.offset..<entry.offset + entry.size]
      let decoded = ICCTagValue.decode(data)
      switch decoded {
      case .localized(let records):
        var mainDone = false
        for rec in records {
          if rec.isEnglishOrUntagged {
            guard !mainDone else { continue }
            mainDone = true
            tags.append(tag(name, .text(rec.text)))
          } else {
            tags.append(tag("\(name)-\(rec.languageTag)", .text(rec.text)))
          }
        }
      case .value(let v):
        tags.append(tag(name, v))
      }
      if entry.signature == "desc" { description = decoded.preferredText }
      if entry.signature == "cprt" { copyright = decoded.preferredText }
    }
    return ICCProfileInfo(
      size: Int(declared), cmm: fourCC(bytes, 4), version: version, versionNumber: versionNumber,
      deviceClass: fourCC(bytes, 12), colorSpace: fourCC(bytes, 16), connectionSpace: fourCC(bytes, 20),
      renderingIntent: Int(u32(bytes, 64)), creator: fourCC(bytes, 80), manufacturer: fourCC(bytes, 48),
      model: fourCC(bytes, 52), description: description, copyright: copyright, tags: tags, warnings: warnings)
  }

  /// One tag-table entry whose data lies inside the profile. [ICC.1:2010 7.3]
  struct Entry {
    package var signature: String
    package var offset: Int
    package var size: Int
  }

  /// The tag table (read by `ICCWalker.tags`, the one reader of it).
  static func tagTable(_ bytes: [UInt8], warnings: inout [String]) -> [Entry] {
    (ICCWalker.tags(bytes, warnings: &warnings)?.tags ?? []).map {
      Entry(signature: $0.signature, offset: $0.data.lowerBound, size: $0.data.count)
    }
  }

  /// Header fields as ExifTool shows them with -G1 -n (group "ICC-header").
  static func headerTags(_ b: [UInt8], versionNumber: Int) -> [MetadataTag] {
    func h(_ name: String, _ value: TagValue) -> MetadataTag {
      MetadataTag(carrier: .icc, group: "ICC-header", name: name, value: value)
    }
    let date = (0..<6).map { Int(u16(b, 24 + 2 * $0)) }
    let dateText = "\(ICCTagValue.pad(date[0], 4)):\(ICCTagValue.pad(date[1], 2)):\(ICCTagValue.pad(date[2], 2)) "
      + "\(ICCTagValue.pad(date[3], 2)):\(ICCTagValue.pad(date[4], 2)):\(ICCTagValue.pad(date[5], 2))"
    let illuminant = (0..<3).map { ICCTagValue.fixed(Int32(bitPattern: u32(b, 68 + 4 * $0))) }.joined(separator: " ")
    return [
      h("ProfileCMMType", .text(fourCC(b, 4))),
      h("ProfileVersion", .integer(Int64(versionNumber))),
      h("ProfileClass", .text(fourCC(b, 12))),
      h("ColorSpaceData", .text(fourCC(b, 16))),
      h("ProfileConnectionSpace", .text(fourCC(b, 20))),
      h("ProfileDateTime", .text(dateText)),
      h("ProfileFileSignature", .text(fourCC(b, 36))),
      h("PrimaryPlatform", .text(fourCC(b, 40))),
      h("CMMFlags", .integer(Int64(u32(b, 44)))),
      h("DeviceManufacturer", .text(fourCC(b, 48))),
      h("DeviceModel", .text(fourCC(b, 52))),
      h("DeviceAttributes", .text("\(u32(b, 56)) \(u32(b, 60))")),
      h("RenderingIntent", .integer(Int64(u32(b, 64)))),
      h("ConnectionSpaceIlluminant", .text(illuminant)),
      h("ProfileCreator", .text(fourCC(b, 80))),
      h("ProfileID", .text((84..<100).map { String(b[$0]) }.joined(separator: " "))),
    ]
  }

  package static func tag(_ name: String, _ value: TagValue) -> MetadataTag {
    MetadataTag(carrier: .icc, group: "ICC_Profile", name: name, value: value)
  }

  /// Four bytes as text, cut at the first NUL (ExifTool's string[4]). Callers check bounds.
  static func fourCC(_ b: [UInt8], _ at: Int, trimNUL: Bool = true) -> String {
    guard at >= 0, at + 4 <= b.count else { return "" }
    var s = b[at..<at + 4]
    if trimNUL, let nul = s.firstIndex(of: 0) { s = s[s.startIndex..<nul] }
    return String(decoding: s, as: UTF8.self)
  }

  static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
    guard at >= 0, at + 4 <= b.count else { return 0 }
    return UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
  }

  static func u16(_ b: [UInt8], _ at: Int) -> UInt16 {
    guard at >= 0, at + 2 <= b.count else { return 0 }
    return UInt16(b[at]) << 8 | UInt16(b[at + 1])
  }
}
