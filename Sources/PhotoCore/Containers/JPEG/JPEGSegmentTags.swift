import Bytes
/// Tags of the small fixed-layout JPEG segments. [JFIF 1.02; Adobe TN 5116 (APP14)]
enum JPEGSegmentTags {
  /// APP0 "JFIF\0": version, density unit, X and Y density.
  static func jfif(_ c: Carrier) -> [MetadataTag] {
    var r = ByteReader(c.payload, base: c.offset, what: "JFIF segment")
    guard let major = try? r.u8(), let minor = try? r.u8(), let unit = try? r.u8(),
          let x = try? r.u16be(), let y = try? r.u16be() else { return [] }
    func tag(_ name: String, _ value: TagValue) -> MetadataTag { MetadataTag(carrier: .jfif, item: c.item, group: "JFIF", name: name, value: value) }
    return [tag("JFIFVersion", .text("\(major).\(minor < 10 ? "0" : "")\(minor)")), tag("ResolutionUnit", .integer(Int64(unit))),
            tag("XResolution", .integer(Int64(x))), tag("YResolution", .integer(Int64(y)))]
  }

  /// APP14 "Adobe": DCT encode version, flags, colour transform.
  static func adobe(_ c: Carrier) -> [MetadataTag] {
    var r = ByteReader(c.payload, base: c.offset, what: "Adobe APP14 segment")
    guard let version = try? r.u16be(), let flags0 = try? r.u16be(), let flags1 = try? r.u16be(), let transform = try? r.u8()
    else { return [] }
    func tag(_ name: String, _ value: Int) -> MetadataTag {
      MetadataTag(carrier: .adobe, item: c.item, group: "Adobe", name: name, value: .integer(Int64(value)))
    }
    return [tag("DCTEncodeVersion", Int(version)), tag("APP14Flags0", Int(flags0)), tag("APP14Flags1", Int(flags1)),
            tag("ColorTransform", Int(transform))]
  }
}
