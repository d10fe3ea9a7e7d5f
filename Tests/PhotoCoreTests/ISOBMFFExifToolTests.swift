import Bytes
import Foundation
import PhotoCore
import Testing

/// Cross-checks our HEIF walker against ExifTool 12.57's output for every HEIF/AVIF file of the
/// shared corpus: primary item, stored size (`File:ImageWidth/Height`, the primary's ispe),
/// rotation (`QuickTime:Rotation` = irot × 90, anti-clockwise), clean aperture
/// (`QuickTime:CleanAperture` = width height horizOff vertOff) and the displayed size derived from
/// those fields. ExifTool does not decode `imir`, which does not change the size.
@Suite(.enabled(if: ContainerCorpus.isAvailable, ContainerCorpus.skipMessage))
struct ISOBMFFExifToolTests {
  /// Disagreements we understand: "path field" → whose and why.
  static let explained: [String: String] = [
    "metadata-extractor-images/IllegalArgumentException.HeifReader.processBoxes.heif stored":
      "fuzzed: the only 'ispe' lies outside 'ipco' and there is no 'ipma', so no size is associated with the primary; ExifTool takes the first ispe it meets (libheif rejects the file)",
    "metadata-extractor-images/IllegalArgumentException.HeifReader.processBoxes.heif displayed": "same as stored",
    "libheif/clusterfuzz-testcase-minimized-file-fuzzer-4616081830051840.heic rotation":
      "ExifTool shows the 'irot' it finds in 'ipco', which 'ipma' associates with item 50 (an iovl), not with the primary 32; libheif agrees with us (item 32: 512×512, not rotated; item 50: 240×320)",
  ]

  /// Item IDs that `ipma` lists more than once (from the walker's warning).
  static func duplicatedInIPMA(_ warnings: [String]) -> Set<Int> {
    var ids = Set<Int>()
    for w in warnings where w.contains("'ipma' lists item(s) ") {
      guard let start = w.range(of: "item(s) ")?.upperBound, let end = w.range(of: " more than once")?.lowerBound else { continue }
      ids.formUnion(w[start..<end].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }
    return ids
  }

  @Test func agreesWithExifToolOnCorpusHEIF() throws {
    let paths = ContainerCorpus.files(sniffedAs: [.heic, .heif, .avif])
    try #require(paths.count >= 60)
    var compared = 0
    var agreed: [String: Int] = [:]
    var notes: [String] = []
    var unexplained: [String] = []
    for path in paths {
      let oracle = ContainerCorpus.oracle(path)
      guard oracle["ExifTool:Error"] == nil, let width = ContainerCorpus.int(oracle["File:ImageWidth"]),
            let height = ContainerCorpus.int(oracle["File:ImageHeight"]) else { continue }
      let scan: ContainerScan
      do { scan = try HEIFWalker.scan(MemorySource(ContainerCorpus.bytes(path))) } catch {
        notes.append("\(path): we reject (\(error)), ExifTool reads \(width)×\(height)")
        continue
      }
      compared += 1
      let geometry = scan.heifDisplayGeometry
      let rotation = ContainerCorpus.int(oracle["QuickTime:Rotation"])
      // ExifTool's displayed size: clap size (rounded), then a quarter-turn swap.
      var theirDisplayed = PixelSize(width: width, height: height)
      var theirClap: [Double]?
      var clapComparable = true
      if let text = oracle["QuickTime:CleanAperture"] as? String {
        let v = text.split(separator: " ").compactMap { Double($0) }
        clapComparable = v.count == 4
        if v.count == 4 {
          theirClap = v
          theirDisplayed = PixelSize(width: Int(v[0].rounded()), height: Int(v[1].rounded()))
        }
      }
      if let rotation, rotation % 180 == 90 { theirDisplayed = theirDisplayed.transposed }
      var ourClap: [Double]?
      for case .cleanAperture(let c) in scan.transforms where c.widthD != 0 && c.heightD != 0 && c.horizOffD != 0 && c.vertOffD != 0 {
        ourClap = [Double(c.widthN) / Double(c.widthD), Double(c.heightN) / Double(c.heightD),
                   Double(c.horizOffN) / Double(c.horizOffD), Double(c.vertOffN) / Double(c.vertOffD)]
      }
      let checks: [(String, Bool, String)] = [
        ("primary", ContainerCorpus.int(oracle["Meta:PrimaryItemReference"]).map { $0 == scan.heifPrimaryItemID } ?? true,
         "\(String(describing: scan.heifPrimaryItemID)) vs \(String(describing: oracle["Meta:PrimaryItemReference"]))"),
        ("stored", scan.storedSize == PixelSize(width: width, height: height),
         "\(String(describing: scan.storedSize)) vs \(width)×\(height)"),
        ("rotation", (geometry?.irotDegreesCCW ?? 0) == (rotation ?? 0),
         "\(String(describing: geometry?.irotDegreesCCW)) vs \(String(describing: rotation))"),
        ("clap", zip(ourClap ?? [], theirClap ?? []).allSatisfy { abs($0 - $1) < 0.01 } && (ourClap == nil) == (theirClap == nil),
         "\(String(describing: ourClap)) vs \(String(describing: theirClap))"),
        ("displayed", geometry?.displayed == theirDisplayed,
         "\(String(describing: geometry?.displayed)) vs \(theirDisplayed)"),
      ]
      for (field, ok, detail) in checks {
        if ok {
          agreed[field, default: 0] += 1
        } else if let reason = Self.explained["\(path) \(field)"] {
          notes.append("\(path) \(field): \(detail) — \(reason)")
        } else if let primary = scan.heifPrimaryItemID, Self.duplicatedInIPMA(scan.warnings).contains(primary),
                  ["stored", "rotation", "displayed"].contains(field) {
          notes.append("\(path) \(field): \(detail) — fuzzed 'ipma' lists the primary item \(primary) twice; we use the first list, as libheif 1.15 does (Box_ipma::get_properties_for_item_ID returns the first match), ExifTool the last")
        } else if field == "clap" || field == "displayed", !clapComparable {
          notes.append("\(path) \(field): ExifTool prints \((oracle["QuickTime:CleanAperture"] as? String)?.split(separator: " ").count ?? 0) numbers for a fuzzed clap box (it reads every 32-bit pair of the oversized box); not comparable")
        } else {
          unexplained.append("\(path) \(field): ours \(detail)")
        }
      }
    }
    let summary = ["primary", "stored", "rotation", "clap", "displayed"].map { "\($0) \(agreed[$0, default: 0])/\(compared)" }
    print("HEIF cross-check vs ExifTool 12.57: \(compared) files compared; agree on " + summary.joined(separator: ", "))
    for note in notes { print("  note: \(note)") }
    for problem in unexplained { print("  DISAGREE: \(problem)") }
    #expect(unexplained.isEmpty, "unexplained disagreements with ExifTool: \(unexplained)")
  }
}

extension ContainerScan {
  /// The HEIF primary item ID from the structure tags.
  var heifPrimaryItemID: Int? {
    structureTags.first { $0.group == "HEIF" && $0.name == "PrimaryItemID" }?.value.number.map { Int($0) }
  }
}
