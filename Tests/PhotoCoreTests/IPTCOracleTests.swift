import Foundation
import Testing
@testable import PhotoCore

/// IPTC location fields from real APP13 segments against ExifTool.
@Suite(.enabled(if: CarrierOracle.available, CarrierOracle.skipMessage))
struct IPTCOracleTests {
  static let fields = ["City", "Sub-location", "Province-State", "Country-PrimaryLocationName", "Country-PrimaryLocationCode"]

  /// The tags of the first IPTC-IIM resource (ExifTool's "IPTC" group; later ones are "IPTC2").
  static func decode(_ s: CarrierOracle.Sample) -> (tags: [MetadataTag], warnings: [String]) {
    for payload in s.app13 {
      let (resources, warnings) = PhotoshopResources.parse(payload)
      if let iptc = resources.first(where: { $0.id == PhotoshopResources.iptcID }) {
        let decoded = IPTCDecoder.decode(iptc.data)
        return (decoded.tags, warnings + decoded.warnings)
      }
    }
    return ([], [])
  }

  /// Why two strings differ, when we can tell.
  static func reason(ours: String?, theirs: String?, sample: CarrierOracle.Sample) -> String {
    guard let ours, let theirs else {
      return sample.app13.isEmpty ? "no APP13 Photoshop segment found by the minimal scan" : "present on one side only"
    }
    if IPTCText.windows1252(Array(ours.utf8)) == theirs {
      return "no 1:90 CodedCharacterSet: ExifTool decodes the bytes as Windows-1252, ours sees valid UTF-8 and reads UTF-8"
    }
    if theirs.count < ours.count, ours.hasPrefix(theirs) {
      return "ExifTool's value is a prefix of ours (a fuzzed PoC whose APP13 segments ExifTool splits differently: see its 'Skipped unknown bytes after JPEG APP13' warnings)"
    }
    if theirs.contains("?"), ours.unicodeScalars.contains(where: { $0.value >= 0x80 }) {
      return "invalid UTF-8 in a record-1 string: ExifTool prints '?', ours decodes Windows-1252"
    }
    return "value differs"
  }

  @Test func locationFieldsAgreeWithExifTool() {
    var tally = CarrierOracle.Tally()
    var explained = 0
    for s in CarrierOracle.samples where s.format != "PNG" {
      let (tags, _) = Self.decode(s)
      for field in Self.fields {
        let ours = tags.first { $0.name == field }?.value.display
        let theirs = s.oracle["IPTC:\(field)"]?.text
        guard ours != nil || theirs != nil else { continue }
        let why = Self.reason(ours: ours, theirs: theirs, sample: s)
        if ours != theirs, why.hasPrefix("no 1:90") { explained += 1 }
        tally.record(s.path, field, agree: ours == theirs, ours: ours.map { "\"\($0)\"" }, theirs: theirs.map { "\"\($0)\"" },
                     reason: why)
      }
    }
    tally.print("IPTC location fields")
    #expect(tally.compared >= 30)
    // Every disagreement must be the documented charset choice.
    #expect(tally.compared - tally.agreed == explained)
  }

  /// Every IPTC tag name ExifTool reports for the first block, and its value, as text.
  @Test func allDatasetsAgreeWithExifTool() {
    var tally = CarrierOracle.Tally()
    for s in CarrierOracle.samples where s.format != "PNG" {
      let (tags, _) = Self.decode(s)
      for (key, value) in s.oracle where key.hasPrefix("IPTC:") {
        let name = String(key.dropFirst(5))
        let theirs = value.text
        guard let tag = tags.first(where: { $0.name == name }) else {
          tally.record(s.path, name, agree: false, ours: nil, theirs: theirs, reason: Self.reason(ours: nil, theirs: theirs, sample: s))
          continue
        }
        let ours: String
        switch tag.value {
        case .list(let items) where items.count > 1: ours = items.map(\.display).joined(separator: ", ")
        case .binary(let n): ours = "(Binary data \(n) bytes, use -b option to extract)"
        default: ours = tag.value.display
        }
        let agree = ours == theirs || (value.number != nil && tag.value.number == value.number)
          || theirs.map { ours == $0.replacingOccurrences(of: "\"", with: "") } == true
        tally.record(s.path, name, agree: agree || theirs == nil, ours: ours, theirs: theirs,
                     reason: Self.reason(ours: ours, theirs: theirs, sample: s))
      }
    }
    tally.print("IPTC datasets (all names and values)")
    #expect(tally.rate >= 0.95)
    #expect(tally.disagreements.allSatisfy { !$0.hasSuffix("value differs") })
  }
}
