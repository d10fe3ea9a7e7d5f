import Foundation
import TestSupport
import Testing

/// Loads reports/report.html in headless Chromium and checks the rendered page: every pair,
/// every thumbnail decoded, every finding shown; errors first and the "with findings" filter on;
/// nothing wider than a 420 px phone screen; screenshots at 1280 and 420 px (what
/// `make report-screenshot` makes). Runs where Chromium is installed (.ci/run installs it);
/// skipped with a message elsewhere.
@Suite struct HTMLReportBrowserTests {
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  static let page = Repository.root.appendingPathComponent("reports/report.html")

  static func report() throws -> (files: [[String: Any]], findings: Int) {
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.root.appendingPathComponent("reports/report.json"))) as? [String: Any]
    return ((report?["files"] as? [[String: Any]]) ?? [], (report?["findings"] as? [Any])?.count ?? 0)
  }

  static func attribute(_ name: String, in dom: String) -> String? {
    guard let range = dom.range(of: "\(name)=\"") else { return nil }
    return String(dom[range.upperBound...].prefix { $0 != "\"" })
  }

  static func findingIDs(_ file: [String: Any]) -> [String] {
    ((file["findings"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
  }

  @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
  func renderedPageShowsEveryPairImageAndFinding() throws {
    let (files, findings) = try Self.report()
    // The output of each card, never an original; the embedded thumbnail of a PA005 card only
    // with --reveal (reports/ is redacted).
    let images = files.count
    let dom = try Self.dumpDOM(Self.page, width: 1280)
    #expect(Self.attribute("data-pairs", in: dom).flatMap { Int($0) } == files.count, "pairs rendered")
    #expect(Self.attribute("data-findings", in: dom).flatMap { Int($0) } == findings, "findings rendered")
    #expect(Self.attribute("data-images-loaded", in: dom).flatMap { Int($0) } == images, "thumbnails decoded by the browser")
    for file in files {
      #expect(dom.contains((file["output"] as? String) ?? "<none>"))
    }
  }

  /// The reviewer sees errors first, and the page opens on the files with findings.
  @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
  func errorsComeFirstAndThePageOpensOnFindings() throws {
    let (files, _) = try Self.report()
    let dom = try Self.dumpDOM(Self.page, width: 1280)
    let rank = ["error": 3, "warning": 2, "info": 1, "ok": 0]
    let order = (Self.attribute("data-order", in: dom) ?? "").split(separator: " ").map { rank[String($0)] ?? -1 }
    #expect(order.count == files.count)
    #expect(order == order.sorted(by: >), "cards in the order error, warning, info, ok: \(order)")
    #expect(order.first == 3)
    #expect(Self.attribute("data-filter", in: dom) == "problem")
    let withFindings = files.filter { !Self.findingIDs($0).isEmpty }.count
    #expect(Self.attribute("data-shown", in: dom).flatMap { Int($0) } == withFindings, "only the files with findings are shown at first")
  }

  /// At a phone's width nothing overflows sideways: long paths and evidence wrap, figures shrink.
  @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
  func readsAt420Pixels() throws {
    let dom = try Self.dumpDOM(Self.page, width: 420)
    #expect(Self.attribute("data-overflow", in: dom) == "no", "the page is wider than 420 px")
  }

  /// The screenshots `make report-screenshot` takes: 1280 and 420 px wide, not blank.
  @Test(.enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"), arguments: [1280, 420])
  func screenshot(width: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-shot-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("report-\(width).png")
    _ = try Self.chromium(["--hide-scrollbars", "--window-size=\(width),1600", "--screenshot=\(png.path)", Self.page.absoluteString],
                          profile: folder.appendingPathComponent("profile"))
    let bytes = try [UInt8](Data(contentsOf: png))
    // PNG signature, then IHDR: width and height, big-endian, at bytes 16 and 20.
    #expect(bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let be32 = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be32(16) == width)
    #expect(be32(20) == 1600)
    // A blank page compresses to almost nothing; this one holds thumbnails and text.
    #expect(bytes.count > 50_000, "screenshot of \(bytes.count) bytes: blank?")
  }

  static func dumpDOM(_ page: URL, width: Int) throws -> String {
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-chromium-\(UUID())")
    defer { try? FileManager.default.removeItem(at: profile) }
    return try chromium(["--window-size=\(width),900", "--virtual-time-budget=5000", "--dump-dom", page.absoluteString], profile: profile)
  }

  static func chromium(_ arguments: [String], profile: URL) throws -> String {
    try Subprocess.run(chromium!, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)"] + arguments,
                       stderr: false).out
  }
}
