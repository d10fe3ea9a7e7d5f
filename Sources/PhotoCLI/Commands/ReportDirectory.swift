import Foundation
import PhotoCore

/// `audit --report-dir DIR`: report.json, report.md, junit.xml and report.html, each written
/// atomically.
enum ReportDirectory {
  static func write(_ report: AuditReport, to directory: String, failOn: Severity?, jobs: Int, maxPixels: Int,
                    context: HTMLReport.Context) throws(SystemError) {
    try SystemError.createFolder(directory)
    let paths = report.files.flatMap { [$0.output] + ($0.original.map { [$0] } ?? []) }.uniqued()
    let uris = ParallelMap.map(paths, jobs: jobs) { ($0, Thumbnailer.dataURI($0, maxPixels: maxPixels)) }
    let thumbnails = Dictionary(uris.compactMap { p in p.1.map { (p.0, $0) } }, uniquingKeysWith: { a, _ in a })
    // PA005 cards show the embedded thumbnail beside the output.
    let leaking = report.files.filter { $0.findings.contains { $0.id == .thumbnailLeak } }.map(\.output)
    let embedded = Dictionary(ParallelMap.map(leaking, jobs: jobs) { ($0, Thumbnailer.embeddedDataURI($0)) }
      .compactMap { p in p.1.map { (p.0, $0) } }, uniquingKeysWith: { a, _ in a })
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    try AtomicFile.write(ReportJSON.document(report, jobs: jobs).serializedBytes(jobs: jobs, suffix: "\n"), to: folder + "report.json")
    try AtomicFile.write(ReportText.markdown(report), to: folder + "report.md")
    try AtomicFile.write(JUnitReport.render(report, failOn: failOn), to: folder + "junit.xml")
    try AtomicFile.write(HTMLReport.render(report, thumbnails: thumbnails, embeddedThumbnails: embedded, context: context),
                         to: folder + "report.html")
  }

  /// When the report was written: SOURCE_DATE_EPOCH when set (reproducible builds), else now,
  /// as "2025-01-01 10:20 UTC".
  static func date(_ environment: [String: String]) -> String {
    let seconds = environment["SOURCE_DATE_EPOCH"].flatMap(Double.init) ?? Date().timeIntervalSince1970
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }

  /// The command line as a shell would take it: words with spaces or shell characters quoted.
  static func commandLine(_ arguments: [String]) -> String {
    (["photoaudit"] + arguments).map { word in
      let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
      return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }
}
