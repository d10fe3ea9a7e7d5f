import Foundation
import PhotoCLI
import TestSupport
import Testing

/// What people read: summaries counted by (id, severity), one prefix per message, nothing that
/// reads like a clean file under an error, a last stderr line when the result went elsewhere,
/// folders walked by inspect, camera values and places in words.
@Suite struct ReportSummaryTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  /// Fixtures/hidden has PA014 at two severities: an image or text after the end (error) and an
  /// unknown APPn segment (warning). Every summary counts them apart, as the findings list says.
  /// (Its six GPS leaks are PA001: the trailing JPEG's EXIF, the bare TIFF APP1, and four found
  /// by the fail-closed sweep in text, a `free` box and `mdat` bytes.)
  @Test func summariesCountByIDAndSeverity() throws {
    let hidden = Self.fixtures + "/hidden"
    let json = PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--quiet", "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let findings = try #require(document["findings"] as? [[String: Any]])
    var tally: [String: Int] = [:]
    for f in findings { tally["\(f["id"]!) \(f["severity"]!)", default: 0] += 1 }
    #expect(tally["PA014 error"] == 5)
    #expect(tally["PA014 warning"] == 1)
    let summary = try #require(document["summary"] as? [String: Any])
    let rows = try #require(summary["by_id_severity"] as? [[String: Any]])
    #expect(Dictionary(uniqueKeysWithValues: rows.map { ("\($0["id"]!) \($0["severity"]!)", $0["count"] as! Int) }) == tally)

    let table = PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--quiet"]).out
    #expect(table.contains("  PA014    unaccounted-bytes         error     5\n"), "\(table)")
    #expect(table.contains("  PA014    unaccounted-bytes         warning   1\n"))
    let markdown = PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--quiet", "--format", "markdown"]).out
    #expect(markdown.contains("| PA014 | unaccounted-bytes | error | 5 |\n| PA014 | unaccounted-bytes | warning | 1 |\n"))
    // A policy that lowers a severity moves the count with it.
    let scratch = try ScratchDirectory("policy")
    defer { scratch.remove() }
    try Data(#"{"severity": {"PA014": "info"}}"#.utf8).write(to: URL(fileURLWithPath: scratch.path + "/policy.json"))
    let relaxed = PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--quiet", "--policy", scratch.path + "/policy.json"])
    #expect(relaxed.out.contains("  PA014    unaccounted-bytes         info      6\n"), "\(relaxed.out)")
  }

  /// Each message names its file once: "descriptor d.json: descriptor d.json: …" and "coordinates
  /// are in xmp: xmp: latitude" were doubled.
  @Test func noDoubledPrefixes() throws {
    let scratch = try ScratchDirectory("prefixes")
    defer { scratch.remove() }
    let output = scratch.path + "/out.jpg"
    try FileManager.default.copyItem(atPath: Self.fixtures + "/defects/correct-6.jpg", toPath: output)
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: scratch.path + "/out.json"))
    let r = PhotoCLI.runCapturing(["verify", output, "--format", "csv"])
    let descriptor = scratch.path + "/out.json"
    #expect(r.out.contains(",PA013,unreadable,error,descriptor,,descriptor \(descriptor): "), "\(r.out)")
    #expect(!r.out.contains("descriptor \(descriptor): descriptor"))
    let gps = PhotoCLI.runCapturing(["verify", Self.fixtures + "/defects/gps-in-mpf.jpg", "--no-pixels", "--reveal"]).out
    #expect(gps.contains("PA002 error   gps-claim-false: descriptor says gps_removed: true, but coordinates are in mpf-image#2/exif (latitude 31.230416, longitude 121.473701, altitude 12.5 m, time 2025-01-01T02:20:30Z)\n"))
    #expect(!gps.contains("mpf-image#2/exif: mpf-image#2/exif"))
  }

  /// An unreadable path gets its error and nothing that reads like a clean file.
  @Test func unreadablePathShowsOnlyItsError() throws {
    let scratch = try ScratchDirectory("unreadable")
    defer { scratch.remove() }
    let text = scratch.path + "/notes.jpg"
    try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
    let r = PhotoCLI.runCapturing(["inspect", text, scratch.path + "/missing.jpg"])
    #expect(r.out == """
      \(text)  ?
        error  not a JPEG, HEIF/AVIF, PNG, WebP, GIF, JPEG XL, TIFF or DNG file (starts with 68 65 6c 6c 6f)

      \(scratch.path)/missing.jpg  ?
        error  cannot open: no such file

      """)
  }

  /// With -o, --report-dir or a JSON stream, a terminal gets one last line saying where the
  /// result went and what it holds; never with --quiet, never when stderr is not a terminal.
  @Test func endOfRunLineWhenTheResultWentElsewhere() throws {
    let scratch = try ScratchDirectory("end-line")
    defer { scratch.remove() }
    let hidden = Self.fixtures + "/hidden"
    let toFile = PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "-o", scratch.path + "/r.json", "--format", "json"], terminal: true)
    #expect(toFile.status == 1)
    #expect(toFile.err.hasSuffix("photoaudit audit: wrote \(scratch.path)/r.json: 12 errors, 1 warning, 0 info in 7 of 7 files\n"), "\(toFile.err)")
    let reports = PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--report-dir", scratch.path + "/reports"], terminal: true)
    #expect(reports.err.hasSuffix("photoaudit audit: wrote \(scratch.path)/reports/: 12 errors, 1 warning, 0 info in 7 of 7 files\n"), "\(reports.err)")
    let stream = PhotoCLI.runCapturing(["verify", Self.fixtures + "/defects/dropped-6.jpg", "--format", "jsonl"], terminal: true)
    #expect(stream.err == "photoaudit verify: 1 error, 0 warnings, 0 info in 1 of 1 file\n")
    #expect(PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--format", "json", "--quiet"], terminal: true).err.isEmpty)
    #expect(PhotoCLI.runCapturing(["audit", hidden, "--no-pixels", "--format", "json"]).err.isEmpty)
    // A table on the terminal is the result itself: no extra line.
    #expect(PhotoCLI.runCapturing(["verify", Self.fixtures + "/defects/dropped-6.jpg"], terminal: true).err.isEmpty)
    let inspect = PhotoCLI.runCapturing(["inspect", Self.fixtures + "/jpeg", "--format", "json", "-o", scratch.path + "/i.json"], terminal: true)
    #expect(inspect.err.hasSuffix("photoaudit inspect: wrote \(scratch.path)/i.json: 13 files inspected, 0 could not be read\n"), "\(inspect.err)")
  }

  /// `inspect DIR` walks the folder as audit does: every picture, descriptors skipped.
  @Test func inspectWalksFolders() throws {
    let r = PhotoCLI.runCapturing(["inspect", Self.fixtures + "/defects", "--format", "json"])
    #expect(r.status == 0, "\(r.err)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let paths = ((document["files"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }
    let pictures = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/defects").filter { !$0.hasSuffix(".json") }
    #expect(paths.count == pictures.count)
    #expect(paths == paths.sorted())
    #expect(paths.allSatisfy { !$0.hasSuffix(".json") })
  }

  /// The place named in XMP and IPTC text (Fixtures/README: City Shanghai, Sub-location Huangpu,
  /// Country China) is a row of its own, and in the JSON.
  @Test func locationRow() throws {
    let image = Self.fixtures + "/jpeg/orient-6.jpg"
    #expect(PhotoCLI.runCapturing(["inspect", image]).out.contains("\n  location     Huangpu, Shanghai, China (iptc, xmp)\n"))
    let json = PhotoCLI.runCapturing(["inspect", image, "--format", "json"]).out
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    let location = try #require(file["location"] as? [String: Any])
    #expect(location["city"] as? String == "Shanghai")
    #expect(location["sublocation"] as? String == "Huangpu")
    #expect(location["country"] as? String == "China")
    #expect(document["schema"] as? String == "photoaudit/inspect/v2")
  }
}
