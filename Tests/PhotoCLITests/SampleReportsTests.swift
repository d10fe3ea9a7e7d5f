import Foundation
import PhotoCLI
import TestSupport
import Testing

/// `reports/` holds the sample reports of `make demo` (audit over Fixtures/defects); this test
/// fails when they are out of date. Re-record with RECORD_GOLDEN=1.
@Suite(.serialized) struct SampleReportsTests {
  static let root = Repository.root
  static let names = ["report.json", "report.md", "junit.xml", "report.html"]

  /// The HTML embeds JPEG thumbnails; their bytes depend on the libjpeg-turbo build, so the
  /// comparison drops them (their presence is checked separately). Its date is fixed by
  /// SOURCE_DATE_EPOCH, as `make demo` sets it.
  static func comparable(_ name: String, _ text: String) -> String {
    guard name == "report.html" else { return text }
    return text.replacingOccurrences(of: #"data:image/jpeg;base64,[A-Za-z0-9+/=]+"#, with: "data:…", options: .regularExpression)
  }

  @Test func reportsAreCurrent() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-reports-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    // `make demo` runs from the repository root with relative paths; the test names the same
    // folder by its absolute path (changing the directory would change it for every test running
    // in parallel in this process) and takes the root off what the reports say.
    let r = PhotoCLI.runCapturing(["audit", Self.root.path + "/Fixtures/defects", "--report-dir", directory.path, "--quiet", "-j", "2"],
                                  environment: ["SOURCE_DATE_EPOCH": "1735689600"])
    #expect(r.status == 1, "planted defects must fail the audit: \(r.err)")
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    for name in Self.names {
      // The HTML shows the command line: `make demo` writes to reports/.
      let fresh = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        .replacingOccurrences(of: directory.path, with: "reports")
        .replacingOccurrences(of: Self.root.path + "/", with: "")
      let golden = Self.root.appendingPathComponent("reports/\(name)")
      if record {
        try fresh.write(to: golden, atomically: true, encoding: .utf8)
        continue
      }
      let kept = try String(contentsOf: golden, encoding: .utf8)
      #expect(Self.comparable(name, fresh) == Self.comparable(name, kept), "reports/\(name) is out of date: run RECORD_GOLDEN=1 swift test --filter SampleReports (or make demo)")
    }
    let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    // Reports never spread the leak: each output's thumbnail, never an original's, and no
    // embedded thumbnail without --reveal.
    #expect(html.components(separatedBy: "data:image/jpeg;base64,").count - 1 == 32, "each output shows its thumbnail, and nothing else")
    #expect(!html.contains("original (as displayed)") && !html.contains("class=\"embedded\""))
    #expect(!html.contains("31.23") && !html.contains("Shanghai"), "the sample reports are redacted")
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"), "self-contained")
  }

  @Test(.enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema"))
  func reportJSONMatchesTheSchema() throws {
    let report = try String(contentsOf: Self.root.appendingPathComponent("reports/report.json"), encoding: .utf8)
    let errors = try SchemaValidator.validate(report, schema: Self.root.appendingPathComponent("docs/schema/report-v1.json"))
    #expect(errors.isEmpty, "\(errors)")
    // A verify report of a single file too.
    let verify = PhotoCLI.runCapturing(["verify", "--format", "json", Self.root.appendingPathComponent("Fixtures/defects/double-6.jpg").path])
    #expect(verify.status == 1)
    #expect(try SchemaValidator.validate(verify.out, schema: Self.root.appendingPathComponent("docs/schema/report-v1.json")).isEmpty)
  }

  /// -j 1, -j 2 and three merged shards give byte-identical JSON reports.
  @Test func parallelAndShardedRunsAreIdentical() throws {
    let defects = Self.root.path + "/Fixtures/defects"
    let one = PhotoCLI.runCapturing(["audit", defects, "--format", "json", "-j", "1", "--no-pixels"])
    let two = PhotoCLI.runCapturing(["audit", defects, "--format", "json", "-j", "2", "--no-pixels"])
    #expect(one.out == two.out)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-shards-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var shardFiles: [String] = []
    var total = 0
    for k in 1...3 {
      let shard = PhotoCLI.runCapturing(["audit", defects, "--format", "jsonl", "--shard", "\(k)/3", "--no-pixels"])
      total += shard.out.split(separator: "\n").filter { $0.contains(#""type":"file""#) }.count
      let path = directory.appendingPathComponent("s\(k).jsonl").path
      try shard.out.write(toFile: path, atomically: true, encoding: .utf8)
      shardFiles.append(path)
    }
    let merged = PhotoCLI.runCapturing(["merge", "--expect", "3", "--format", "json"] + shardFiles)
    #expect(total == 32, "every file lands in exactly one shard")
    #expect(merged.out == one.out)
    #expect(merged.status == one.status)
  }
}
