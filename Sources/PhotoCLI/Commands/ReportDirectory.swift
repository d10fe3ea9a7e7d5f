import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform
import Runtime

/// `audit --report-dir DIR`: report.json, report.md, junit.xml and report.html, replacing the
/// folder as a whole (`FolderReplacement`): a stopped or killed run leaves the old reports or
/// the new ones, never a mix.
enum ReportDirectory {
  /// The file names written.
  static let names = ["report.json", "report.md", "junit.xml", "report.html"]

  static func write(_ report: AuditReport, to directory: String, failOn: Severity?, jobs: Int, thumbnails: Thumbnails?,
                    context: HTMLReport.Context) throws(SystemError) {
    // report.json keeps what the config allows and the baseline has, marked; the others leave
    // them out and count them.
    let counting = report.counting
    let html = HTMLReport.render(counting, thumbnails: thumbnails?.displayed ?? [:], embeddedThumbnails: thumbnails?.embedded ?? [:],
                                 context: context, figures: thumbnails != nil)
    let json = ReportJSON.document(report, jobs: jobs).serializedBytes(jobs: jobs, suffix: "\n")
    let texts = [ReportText.markdown(counting), JUnitReport.render(counting, failOn: failOn), html].map { Array($0.utf8) }
    try FolderReplacement.replace(directory, with: Array(zip(names, [json] + texts)))
  }

  /// The pictures report.html shows: each output as displayed and, for PA005 cards under
  /// `--reveal`, the embedded thumbnail beside it (`data:` URIs by path). Never an original: a
  /// report goes where the originals must not (SPEC "Reports never spread the leak").
  struct Thumbnails {
    var displayed: [String: String] = [:]
    var embedded: [String: String] = [:]
  }

  /// Makes the thumbnails — in worker processes when there is a pool, each under the per-file
  /// time budget: a thumbnail decodes the picture, which a hostile file can make blow up. The
  /// embedded thumbnail of a PA005 card shows what the output was to remove (the uncropped,
  /// unrotated original): made only with `reveal`.
  static func thumbnails(_ report: AuditReport, jobs: Int, maxPixels: Int, pool: WorkerPool?, budget: Double,
                         reveal: Bool) -> Thumbnails {
    // A file given up on (over its budget, or its decoder crashed) is not decoded again.
    let stopped = Set(report.files.filter { $0.findings.contains { $0.id == .incompleteCheck && $0.carrier == "file" } }.map(\.output))
    let paths = report.files.map(\.output).uniqued().filter { !stopped.contains($0) }
    let leaking = reveal ? report.files.filter { $0.findings.contains { $0.id == .thumbnailLeak } }.map(\.output) : []
    let work = paths.map { ($0, false) } + leaking.map { ($0, true) }
    let made = BudgetedParallelMap.map(work, jobs: jobs, seconds: budget) { item, token -> String? in
      let job = WorkerJob.thumbnail(path: item.0, maxPixels: maxPixels, embedded: item.1)
      guard case .success(.thumbnail(let uri)) = WorkerPool.run(job, in: pool, token: token) else { return nil }
      return uri
    } overBudget: { _ in nil }
    var thumbnails = Thumbnails()
    for ((path, embedded), uri) in zip(work, made) {
      guard let uri else { continue }
      if embedded { thumbnails.embedded[path] = uri } else { thumbnails.displayed[path] = uri }
    }
    return thumbnails
  }

  /// When the report was written: SOURCE_DATE_EPOCH when set (reproducible builds), else now,
  /// as "2025-01-01 10:20 UTC".
  static func date(_ environment: [String: String]) -> String { RunClock.utc(environment, format: "yyyy-MM-dd HH:mm 'UTC'") }

  /// The command line as a shell would take it: words with spaces or shell characters quoted.
  static func commandLine(_ arguments: [String]) -> String {
    (["photoaudit"] + arguments).map { word in
      let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
      return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }.joined(separator: " ")
  }
}
