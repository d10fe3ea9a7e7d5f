import Foundation
import Testing
@testable import PhotoCore

/// ICC profile descriptions and header fields from real files against ExifTool.
@Suite(.enabled(if: CarrierOracle.available, CarrierOracle.skipMessage))
struct ICCOracleTests {
  static func profile(_ s: CarrierOracle.Sample) -> (ICCProfileInfo?, [String]) {
    if let png = s.pngICC { return (ICCProfileDecoder.decode(png), []) }
    guard !s.iccChunks.isEmpty else { return (nil, []) }
    let (bytes, warnings) = ICCChunks.assemble(s.iccChunks)
    return (bytes.flatMap(ICCProfileDecoder.decode), warnings)
  }

  @Test func descriptionsAgreeWithExifTool() {
    var description = CarrierOracle.Tally(), header = CarrierOracle.Tally()
    for s in CarrierOracle.samples {
      let (info, warnings) = Self.profile(s)
      let exifToolHasICC = s.oracle.keys.contains { $0.hasPrefix("ICC") }
      var why = "value differs"
      if !warnings.isEmpty {
        why = "chunks: \(warnings[0])"
      } else if s.iccChunks.isEmpty, s.pngICC == nil {
        why = "no ICC carrier found by the minimal scan"
      } else if !exifToolHasICC, !s.pngICCComplete {
        why = "iCCP zlib stream ends without its Adler-32: ExifTool drops the profile, we decode the complete profile data"
      } else if !exifToolHasICC, info?.warnings.contains(where: { $0.contains("declares") }) == true {
        why = "header size is nonsense (\(info?.size ?? 0)): ExifTool refuses the profile, we decode it with a warning"
      }
      let theirs = s.oracle["ICC_Profile:ProfileDescription"]?.text
      if info?.description != nil || theirs != nil {
        description.record(s.path, "ProfileDescription", agree: info?.description == theirs,
                           ours: info?.description, theirs: theirs, reason: why)
      }
      guard let info else { continue }
      for name in ["ProfileClass", "ColorSpaceData", "ProfileConnectionSpace", "ProfileVersion", "RenderingIntent",
                   "ProfileCreator", "ProfileCMMType"] {
        let ours = info.tags.first { $0.group == "ICC-header" && $0.name == name }?.value.display
        let theirs = s.oracle["ICC-header:\(name)"]?.text
        header.record(s.path, name, agree: ours == theirs, ours: ours, theirs: theirs, reason: why)
      }
    }
    description.print("ICC ProfileDescription")
    header.print("ICC header fields")
    #expect(description.compared >= 20)
    #expect(description.rate >= 0.9)
    #expect(header.rate >= 0.9)
    // Every disagreement has a known cause.
    #expect((description.disagreements + header.disagreements).allSatisfy { !$0.hasSuffix("value differs") })
  }
}
