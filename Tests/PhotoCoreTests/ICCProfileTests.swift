import Testing
@testable import PhotoCore

/// ICC profiles built in the test: v2 (textDescriptionType) and v4 (multiLocalizedUnicodeType).
struct ICCProfileTests {
  static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func utf16(_ s: String) -> [UInt8] { s.utf16.flatMap { be16(Int($0)) } }

  /// v2 'desc': ASCII count (with NUL), ASCII, then empty Unicode and ScriptCode parts.
  static func desc(_ s: String) -> [UInt8] {
    Array("desc".utf8) + [0, 0, 0, 0] + be32(s.utf8.count + 1) + Array(s.utf8) + [0]
      + be32(0) + be32(0) + [0, 0, 0] + [UInt8](repeating: 0, count: 67)
  }

  /// v4 'mluc' with (language, country, text) records.
  static func mluc(_ records: [(String, String, String)]) -> [UInt8] {
    var head = Array("mluc".utf8) + [0, 0, 0, 0] + be32(records.count) + be32(12)
    var strings: [UInt8] = []
    let base = 16 + 12 * records.count
    for (lang, country, text) in records {
      let data = utf16(text)
      head += Array(lang.utf8) + Array(country.utf8) + be32(data.count) + be32(base + strings.count)
      strings += data
    }
    return head + strings
  }

  static func xyz(_ values: [Int32]) -> [UInt8] {
    Array("XYZ ".utf8) + [0, 0, 0, 0] + values.flatMap { be32(Int(UInt32(bitPattern: $0))) }
  }

  /// A whole profile with `tags` (signature, data), 4-byte aligned.
  static func profile(version: (UInt8, UInt8), cmm: String = "appl", cls: String = "mntr", space: String = "RGB ",
                      tags: [(String, [UInt8])]) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 128)
    func put(_ at: Int, _ bytes: [UInt8]) { header.replaceSubrange(at..<at + bytes.count, with: bytes) }
    put(4, Array(cmm.utf8)); put(8, [version.0, version.1, 0, 0]); put(12, Array(cls.utf8))
    put(16, Array(space.utf8)); put(20, Array("XYZ ".utf8)); put(24, [2022, 1, 2, 3, 4, 5].flatMap { be16($0) })
    put(36, Array("acsp".utf8)); put(40, Array("APPL".utf8)); put(64, be32(1))
    put(68, be32(63190) + be32(65536) + be32(54061)); put(80, Array("appl".utf8))
    var table = be32(tags.count)
    var data: [UInt8] = []
    let dataStart = 128 + 4 + 12 * tags.count
    for (sig, bytes) in tags {
      table += Array(sig.utf8) + be32(dataStart + data.count) + be32(bytes.count)
      data += bytes
      while data.count % 4 != 0 { data.append(0) }
    }
    var all = header + table + data
    all.replaceSubrange(0..<4, with: be32(all.count))
    return all
  }

  static func value(_ info: ICCProfileInfo, _ group: String, _ name: String) -> TagValue? {
    info.tags.first { $0.group == group && $0.name == name }?.value
  }

  @Test func version2DescriptionAndHeader() throws {
    let p = Self.profile(version: (2, 0x10), cmm: "Lino", tags: [
      ("desc", Self.desc("sRGB IEC61966-2.1")), ("cprt", Array("text".utf8) + [0, 0, 0, 0] + Array("Copyright (c) 1998 HP\0".utf8)),
      ("wtpt", Self.xyz([63190, 65536, 54061])), ("rTRC", Array("curv".utf8) + [0, 0, 0, 0] + Self.be32(0)),
      ("tech", Array("sig ".utf8) + [0, 0, 0, 0] + Array("CRT ".utf8)),
    ])
    let info = try #require(ICCProfileDecoder.decode(p))
    #expect(info.description == "sRGB IEC61966-2.1")
    #expect(info.copyright == "Copyright (c) 1998 HP")
    #expect(info.version == "2.1.0" && info.versionNumber == 528)
    #expect(info.cmm == "Lino" && info.deviceClass == "mntr" && info.colorSpace == "RGB " && info.connectionSpace == "XYZ ")
    #expect(info.renderingIntent == 1 && info.creator == "appl" && info.size == p.count)
    #expect(info.warnings.isEmpty)
    #expect(!info.isDisplayP3)
    #expect(Self.value(info, "ICC_Profile", "ProfileDescription") == .text("sRGB IEC61966-2.1"))
    #expect(Self.value(info, "ICC_Profile", "MediaWhitePoint") == .text("0.9642 1 0.82491"))
    #expect(Self.value(info, "ICC_Profile", "RedTRC") == .binary(count: 12))
    #expect(Self.value(info, "ICC_Profile", "Technology") == .text("CRT "))
    #expect(Self.value(info, "ICC-header", "ProfileVersion") == .integer(528))
    #expect(Self.value(info, "ICC-header", "ProfileDateTime") == .text("2022:01:02 03:04:05"))
    #expect(Self.value(info, "ICC-header", "ConnectionSpaceIlluminant") == .text("0.9642 1 0.82491"))
    #expect(Self.value(info, "ICC-header", "ColorSpaceData") == .text("RGB "))
    #expect(Self.value(info, "ICC-header", "DeviceModel") == .text(""))
    #expect(info.tags.allSatisfy { $0.carrier == .icc })
  }

  @Test func version4MultiLocalizedDescription() throws {
    let p = Self.profile(version: (4, 0x30), tags: [
      ("desc", Self.mluc([("de", "DE", "Anzeige P3"), ("en", "US", "Display P3")])),
      ("cprt", Self.mluc([("en", "US", "Copyright Apple Inc., 2017")])),
    ])
    let info = try #require(ICCProfileDecoder.decode(p))
    #expect(info.description == "Display P3")
    #expect(info.isDisplayP3)
    #expect(info.version == "4.3.0")
    #expect(Self.value(info, "ICC_Profile", "ProfileDescription") == .text("Display P3"))
    #expect(Self.value(info, "ICC_Profile", "ProfileDescription-de-DE") == .text("Anzeige P3"))
    #expect(Self.value(info, "ICC_Profile", "ProfileCopyright") == .text("Copyright Apple Inc., 2017"))
    let untagged = Self.profile(version: (4, 0x20), tags: [("desc", Self.mluc([("\0\0", "\0\0", "Generic")]))])
    #expect(ICCProfileDecoder.decode(untagged)?.description == "Generic")
    let noEnglish = Self.profile(version: (4, 0x20), tags: [("desc", Self.mluc([("fr", "FR", "Générique")]))])
    #expect(ICCProfileDecoder.decode(noEnglish)?.description == "Générique")
  }

  @Test func damagedProfilesGiveWarningsNotTraps() throws {
    #expect(ICCProfileDecoder.decode([UInt8](repeating: 0, count: 127)) == nil)
    let p = Self.profile(version: (2, 0), tags: [("desc", Self.desc("Gray"))])
    var badTable = p
    badTable.replaceSubrange(132 + 4..<132 + 8, with: Self.be32(100_000))
    let info = try #require(ICCProfileDecoder.decode(badTable))
    #expect(info.description == nil && info.warnings.count == 1)
    var hugeCount = p
    hugeCount.replaceSubrange(128..<132, with: Self.be32(0x7FFF_FFFF))
    #expect(ICCProfileDecoder.decode(hugeCount)?.warnings.isEmpty == false)
    var noSignature = p
    noSignature[36] = 0
    #expect(ICCProfileDecoder.decode(noSignature)?.warnings.count == 1)
    for n in 0...p.count { _ = ICCProfileDecoder.decode(Array(p.prefix(n))) }
    var rng = XMPSplitMix(seed: 99)
    for _ in 0..<2000 {
      var m = p
      for _ in 0..<3 { m[Int(rng.next() % UInt64(m.count))] = UInt8(truncatingIfNeeded: rng.next()) }
      _ = ICCProfileDecoder.decode(m)
    }
  }
}
