import Bytes
#if canImport(Glibc)
import Glibc
#endif
import PhotoCore
/// The fingerprint of each finding in the CI formats (SARIF `partialFingerprints`, GitLab Code
/// Quality `fingerprint`): computed from what the file holds, never from its name or a line, so
/// an alert stays the same alert when the file is renamed or moved. [SPEC "Reports"]
///
/// Recipe `photoaudit/v1`: the lower-case hex SHA-256 of the UTF-8 text
/// `photoaudit/v1 NUL sha256:<hex SHA-256 of the file's bytes> NUL <id> NUL <carrier> NUL <tag> NUL <n>`,
/// where `n` counts the findings before it, in path order, with the same file digest, id,
/// carrier and tag (0 for the first): two findings of one file at the same place, or two copies
/// of one file, keep distinct fingerprints. A file that cannot be read (missing, not a regular
/// file) stands in by its path instead: `path:<path>`. Absent carrier or tag is empty text.
/// Evidence never enters: it changes with `--reveal`.
public struct ReportFingerprints: Sendable, Equatable {
  /// The `partialFingerprints` key, named after the recipe.
  public static let recipe = "photoaudit/v1"

  /// Per file of the report (same order), per finding of the file (same order).
  public let byFile: [[String]]

  /// The fingerprints of `report` given each file's content digest (hex SHA-256 by path as the
  /// report names it; a path without one is fingerprinted by its path).
  public init(_ report: AuditReport, contentDigests: [String: String]) {
    var counter = Counter()
    var result = report.files.map { [String](repeating: "", count: $0.findings.count) }
    let order = report.files.indices.sorted { PathOrder.less(report.files[$0].output, report.files[$1].output) }
    for fileIndex in order {
      result[fileIndex] = counter.fingerprints(report.files[fileIndex].findings, contentDigests: contentDigests)
    }
    byFile = result
  }

  /// The fingerprints the findings already carry (`Finding.reportFingerprint`, set by
  /// `ReportGate`); nil when one has none.
  public init?(recordedIn report: AuditReport) {
    var result: [[String]] = []
    for file in report.files {
      var prints: [String] = []
      for finding in file.findings {
        guard let print = finding.reportFingerprint else { return nil }
        prints.append(print)
      }
      result.append(prints)
    }
    byFile = result
  }

  /// What the recipe counts a finding by, before its file's digest is known.
  public struct Key: Sendable, Hashable {
    public var file: String, id: FindingID, carrier: String?, tag: String?
    public init(_ finding: Finding) {
      file = finding.file
      id = finding.id
      carrier = finding.carrier
      tag = finding.tag
    }
  }

  /// The recipe over files given one at a time in path order (a stream's records, a merge): the
  /// one place the fingerprint is computed.
  public struct Counter: Sendable {
    private var seen: [String: Int] = [:]
    public init() {}

    /// Counts findings met before (the records a resumed stream kept), `count` of each key,
    /// without fingerprinting them.
    public mutating func count(_ keys: [Key: Int], contentDigests: [String: String]) {
      for (key, count) in keys { seen[identity(file: key.file, id: key.id, carrier: key.carrier, tag: key.tag, contentDigests: contentDigests), default: 0] += count }
    }

    private func identity(file: String, id: FindingID, carrier: String?, tag: String?, contentDigests: [String: String]) -> String {
      let content = contentDigests[file].map { "sha256:" + $0 } ?? "path:" + file
      return [ReportFingerprints.recipe, content, id.rawValue, carrier ?? "", tag ?? ""].joined(separator: "\0")
    }

    /// Sets each finding's `reportFingerprint` to its fingerprint (`fingerprints`).
    public mutating func stamp(_ findings: inout [Finding], contentDigests: [String: String]) {
      let prints = fingerprints(findings, contentDigests: contentDigests)
      for i in findings.indices { findings[i].reportFingerprint = prints[i] }
    }

    /// The fingerprints of one file's findings, in their order. A finding whose file has no
    /// digest (it cannot be read here: `merge` on another machine than its shards) keeps the
    /// fingerprint it was recorded with, when it has one.
    public mutating func fingerprints(_ findings: [Finding], contentDigests: [String: String]) -> [String] {
      findings.map { finding in
        if contentDigests[finding.file] == nil, let recorded = finding.reportFingerprint { return recorded }
        let identity = identity(file: finding.file, id: finding.id, carrier: finding.carrier, tag: finding.tag, contentDigests: contentDigests)
        let n = seen[identity, default: 0]
        seen[identity] = n + 1
        return SHA256.hex(Array((identity + "\0" + String(n)).utf8))
      }
    }
  }

  /// Reads each file that has findings once, in 1 MiB pieces, `jobs` at a time: its hex
  /// SHA-256 by path. Files that cannot be read are left out (their findings fall back to the
  /// path). A git blob's entry (`audit --git`) has its content digest already: it is used, and
  /// nothing is read.
  public static func contentDigests(_ report: AuditReport, jobs: Int) -> [String: String] {
    var known: [String: String] = [:]
    for file in report.files {
      if let digest = file.git?.contentSHA256 { for finding in file.findings { known[finding.file] = digest } }
    }
    return contentDigests(of: report.files.filter { $0.git == nil }.flatMap(digestable).uniqued(), jobs: jobs)
      .merging(known, uniquingKeysWith: { a, _ in a })
  }

  /// The files of a report entry's findings that may be read again for their digest: those
  /// the scan read — the output, its sidecars, its Live Photo video — never an original or a
  /// descriptor a finding names (one may be outside the allowed folders: it stays unread, and
  /// is fingerprinted by its path).
  public static func digestable(_ file: FileReport) -> [String] {
    let scanned = Set([file.output] + file.sidecars + [file.livePhotoVideo].compactMap { $0 })
    return file.findings.map(\.file).uniqued().filter(scanned.contains)
  }

  /// The hex SHA-256 of each of `paths` that can be read, by path.
  public static func contentDigests(of paths: [String], jobs: Int) -> [String: String] {
    let digests = ParallelMap.map(paths, jobs: jobs) { path -> String? in
      // Regular files only, checked before opening (a FIFO would block the open).
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
      guard let source = try? FileSource(path: path), let digest = try? SHA256.digest(of: source) else { return nil }
      return SHA256.hex(digest: digest)
    }
    return Dictionary(zip(paths, digests).compactMap { path, digest in digest.map { (path, $0) } }, uniquingKeysWith: { a, _ in a })
  }
}
