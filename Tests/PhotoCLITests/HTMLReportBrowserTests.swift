import Foundation
import Testing

/// Loads reports/report.html in headless Chromium and checks the rendered DOM: every pair,
/// every thumbnail decoded, every finding shown. Runs where Chromium is installed (.ci/run
/// installs it); skipped with a message elsewhere.
@Suite struct HTMLReportBrowserTests {
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
  func renderedPageShowsEveryPairImageAndFinding() throws {
    let html = CLITests.packageRoot.appendingPathComponent("reports/report.html")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: CLITests.packageRoot.appendingPathComponent("reports/report.json"))) as? [String: Any]
    let files = (report?["files"] as? [[String: Any]]) ?? []
    let findings = (report?["findings"] as? [Any])?.count ?? 0
    let images = files.reduce(0) { $0 + 1 + ($1["original"] is String ? 1 : 0) }
    let dom = try Self.dumpDOM(html)
    func attribute(_ name: String) -> Int? {
      guard let range = dom.range(of: "\(name)=\"") else { return nil }
      return Int(dom[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(attribute("data-pairs") == files.count, "pairs rendered")
    #expect(attribute("data-findings") == findings, "findings rendered")
    #expect(attribute("data-images-loaded") == images, "thumbnails decoded by the browser")
    for file in files {
      #expect(dom.contains((file["output"] as? String) ?? "<none>"))
    }
  }

  static func dumpDOM(_ page: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium!)
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-chromium-\(UUID())")
    defer { try? FileManager.default.removeItem(at: profile) }
    process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
                         "--virtual-time-budget=5000", "--dump-dom", page.absoluteString]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
