import Foundation
import PhotoCLI
import Testing

/// Sidecars from the command line (issue 25, item 5): "a stripped JPEG beside its Google Takeout
/// sidecar `IMG_0001.jpg.supplemental-metadata.json` passes with exit 0" and "XMP sidecars from
/// Lightroom/digiKam/darktable with `exif:GPSLatitude` are refused as not an image (PA013)" —
/// both are PA001 with carrier `sidecar` now, on the photo's entry, in every command and report.
@Suite(.serialized, .enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema (python3-jsonschema)"))
struct SidecarCLITests {
  static let sidecars = SchemaTests.fixtures + "/sidecars"
  static let pairs = sidecars + "/pairs"

  /// The two reports, as a user met them: a stripped photo beside its sidecar.
  @Test(arguments: [
    ("IMG_0001.jpg.supplemental-metadata.json", "takeout/geodata.json", "geoData"),
    ("IMG_0001.xmp", "xmp/lightroom-gps.xmp", "GPSLatitude/GPSLongitude"),
    ("IMG_0001.jpg.xmp", "xmp/digikam-gps.xmp", "GPSLatitude/GPSLongitude"),
    ("IMG_0001.jpg.xmp", "xmp/darktable-gps.NEF.xmp", "GPSLatitude/GPSLongitude"),
  ])
  func aStrippedPhotoBesideALocatedSidecarFails(_ name: String, _ sidecar: String, _ tag: String) throws {
    let scratch = try ScratchDirectory("sidecar-issue")
    defer { scratch.remove() }
    try FileManager.default.copyItem(atPath: SchemaTests.fixtures + "/jpeg/clean.jpg", toPath: scratch.path + "/IMG_0001.jpg")
    try FileManager.default.copyItem(atPath: Self.sidecars + "/" + sidecar, toPath: scratch.path + "/" + name)
    for command in [["audit", scratch.path], ["verify", scratch.path + "/IMG_0001.jpg"]] {
      let r = PhotoCLI.runCapturing(command + ["--no-pixels", "--format", "csv", "--quiet"])
      #expect(r.status == 1, "\(command[0]): \(r.err)")
      let rows = r.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",", maxSplits: 7, omittingEmptySubsequences: false).map(String.init) }
      // One entry, the photo's: PA001 in the sidecar, naming it; no PA013 for the sidecar.
      #expect(rows.map { "\(PathNameText.last($0[0])) \($0[2]) \($0[5]) \($0[6])" }.first == "IMG_0001.jpg PA001 sidecar \(tag)", "\(command[0])")
      #expect(rows.allSatisfy { PathNameText.last($0[0]) == "IMG_0001.jpg" && $0[2] != "PA013" }, "\(command[0]): \(rows)")
      #expect(rows.first?[7].contains(scratch.path + "/" + name) == true, "the evidence names the sidecar")
    }
  }

  @Test func aCleanPhotoWithCleanSidecarsPasses() throws {
    let scratch = try ScratchDirectory("sidecar-clean")
    defer { scratch.remove() }
    try FileManager.default.copyItem(atPath: SchemaTests.fixtures + "/jpeg/clean.jpg", toPath: scratch.path + "/IMG_0001.jpg")
    try FileManager.default.copyItem(atPath: Self.sidecars + "/takeout/zeros.json", toPath: scratch.path + "/IMG_0001.jpg.supplemental-metadata.json")
    try FileManager.default.copyItem(atPath: Self.sidecars + "/real/darktable/DSC_9034.NEF.xmp", toPath: scratch.path + "/IMG_0001.jpg.xmp")
    let r = PhotoCLI.runCapturing(["audit", scratch.path, "--no-pixels", "--format", "json", "--quiet"])
    #expect(r.status == 0, "Takeout's zeros are no location: \(r.out)")
    #expect(r.out.contains("\"sidecars\": [\n        \"\(scratch.path)/IMG_0001.jpg.supplemental-metadata.json\",\n        \"\(scratch.path)/IMG_0001.jpg.xmp\"\n      ]"))
    #expect(r.out.contains("\"gps_removed\": true"))
  }

  @Test func auditReportsEachSidecarWithItsPhotoAndTheRestOnTheirOwn() throws {
    let r = PhotoCLI.runCapturing(["audit", Self.pairs, "--no-pixels", "--format", "json", "--quiet"])
    #expect(r.status == 1)
    try SchemaTests.expectValid(r.out, "report-v1.json", "audit of photos with sidecars")
    #expect(r.out.contains("\"sidecars\": [\n        \"\(Self.pairs)/IMG_1001.xmp\"\n      ]"))
    #expect(!r.out.contains("\"output\": \"\(Self.pairs)/IMG_1001.xmp\""), "a sidecar with its photo is no entry of its own")
    for own in ["IMG_1009.xmp", "IMG_2009.jpg.supplemental-metadata.json"] {
      #expect(r.out.contains("\"output\": \"\(Self.pairs)/\(own)\""), "\(own): a sidecar without its photo is an entry")
    }
    #expect(r.out.contains("\"format\": \"takeout-json\"") && r.out.contains("\"format\": \"xmp\""))
    let lines = PhotoCLI.runCapturing(["audit", Self.pairs, "--no-pixels", "--format", "jsonl", "--quiet"])
    try SchemaTests.expectValid(lines.out, "report-v1-record.json", lines: true, "audit --format jsonl with sidecars")
    // report.html names the sidecars of each entry.
    let reports = try ScratchDirectory("sidecar-html")
    defer { reports.remove() }
    #expect(PhotoCLI.runCapturing(["audit", Self.pairs, "--quiet", "--no-pixels", "--report-dir", reports.path]).status == 1)
    #expect(try String(contentsOfFile: reports.path + "/report.html", encoding: .utf8).contains("sidecar: \(Self.pairs)/IMG_1001.xmp"))
  }

  @Test func shardsMergeIntoTheUnshardedReport() throws {
    let scratch = try ScratchDirectory("sidecar-shards")
    defer { scratch.remove() }
    let whole = ScaleOutTests.audit([Self.pairs])
    var shards: [String] = []
    for k in 1...3 {
      let r = ScaleOutTests.audit([Self.pairs, "--shard", "\(k)/3", "--fail-on", "none"])
      shards.append(try ScaleOutTests.file(scratch.path, "s\(k).jsonl", r.out))
    }
    let merged = PhotoCLI.runCapturing(["merge", "--expect", "3", "--format", "jsonl"] + shards)
    #expect(merged.status == 1, "\(merged.err)")
    #expect(merged.out == whole.out, "a sidecar is read in one shard, never twice, never lost")
  }

  @Test func filesFromListsIncludeSidecars() throws {
    let list = ["IMG_1002.jpg", "IMG_1002.jpg.xmp", "IMG_1009.xmp", "IMG_2009.jpg.supplemental-metadata.json", "IMG_2001.jpg"]
      .map { Self.pairs + "/" + $0 }.joined(separator: "\n") + "\n"
    let r = ScaleOutTests.audit(["--files-from", "-"], stdin: Array(list.utf8))
    #expect(r.status == 1)
    let outputs = ScaleOutTests.fileLines(r.out).compactMap { line -> String? in
      guard let range = line.range(of: "\"output\":\"") else { return nil }
      return String(line[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: Self.pairs + "/", with: "")
    }
    // The listed XMP goes with its listed photo; the others without a photo are entries; the
    // photo listed alone has its sidecar found beside it.
    #expect(outputs == ["IMG_1002.jpg", "IMG_1009.xmp", "IMG_2001.jpg", "IMG_2009.jpg.supplemental-metadata.json"])
    #expect(r.out.contains("\"sidecars\":[\"\(Self.pairs)/IMG_2001.jpg.supplemental-metadata.json\"]"))
  }

  @Test func verifyFindsTheSidecarsBesideAPhotoAndTakesASidecarAlone() {
    let named = PhotoCLI.runCapturing(["verify", Self.pairs + "/IMG_1001.jpg", Self.pairs + "/IMG_1001.xmp", "--no-pixels"])
    #expect(named.out.hasPrefix("1 file, 0 pairs: 1 error"), "the photo and its sidecar named together are one entry: \(named.out)")
    #expect(named.out.contains("sidecars: \(Self.pairs)/IMG_1001.xmp"))
    let alone = PhotoCLI.runCapturing(["verify", Self.pairs + "/IMG_1001.xmp", "--no-pixels", "--format", "csv"])
    #expect(alone.status == 1)
    #expect(alone.out.contains("\(Self.pairs)/IMG_1001.xmp,,PA001,gps-present,error,sidecar,GPSLatitude/GPSLongitude,"))
  }

  @Test func inspectReadsASidecarAlone() throws {
    let files = ["xmp/lightroom-gps.xmp", "xmp/utf16-gps.xmp", "takeout/geodata.json", "real/exiftool/XMP3.xmp"].map { Self.sidecars + "/" + $0 }
    let json = PhotoCLI.runCapturing(["inspect", "--all", "--format", "json"] + files)
    #expect(json.status == 0, "\(json.err)")
    try SchemaTests.expectValid(json.out, "inspect-v2.json", "inspect of sidecars")
    try SchemaTests.expectValid(PhotoCLI.runCapturing(["inspect", "--map", "--format", "json"] + files).out, "inspect-v2.json",
                                "inspect --map of sidecars")
    let table = PhotoCLI.runCapturing(["inspect", Self.sidecars + "/takeout/geodata.json"]).out
    #expect(table == """
      \(Self.sidecars)/takeout/geodata.json  TAKEOUT-JSON
        GPS       sidecar 31.230416, 121.473701 alt 12.5 m
        GPS       sidecar 37.331686, -122.030656
        carriers  sidecar@0+731

      """)
    // Every byte of a sidecar is its one structure: nothing for PA014.
    let map = PhotoCLI.runCapturing(["inspect", "--map", Self.sidecars + "/xmp/lightroom-gps.xmp"]).out
    #expect(map.contains("XMP packet") && !map.contains("unaccounted"))
  }
}

/// Path helpers for the rows above.
enum PathNameText {
  static func last(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}
