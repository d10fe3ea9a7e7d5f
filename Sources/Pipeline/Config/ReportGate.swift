import Bytes
import PhotoCore

/// What the config and the baseline make of a report (docs/config.md): each finding's
/// `photoaudit/v1` fingerprint, the allow entry that accepts it, whether the baseline had it,
/// and the config's own findings (PA020 an expired entry, PA021 an entry that matched nothing).
/// Pure: the files' digests, the current folder and today's date are given.
public struct ReportGate: Sendable {
  /// A config as found and read.
  public struct Config: Sendable, Equatable {
    /// The path as given or found (relative to the current folder, or absolute): the file of
    /// its findings.
    public var path: String
    /// The absolute folder holding it: path globs are relative to it.
    public var folder: String
    /// Hex SHA-256 of its bytes.
    public var sha256: String
    public var config: AuditConfig

    public init(path: String, folder: String, sha256: String, config: AuditConfig) {
      self.path = path
      self.folder = folder
      self.sha256 = sha256
      self.config = config
    }
  }

  /// A baseline as read.
  public struct BaselineFile: Sendable, Equatable {
    public var path: String
    public var baseline: Baseline

    public init(path: String, baseline: Baseline) {
      self.path = path
      self.baseline = baseline
    }
  }

  public var config: Config?
  public var baseline: BaselineFile?
  /// Today, YYYY-MM-DD (UTC): entries expire by it.
  public var today: String
  /// The absolute current folder: relative report paths are below it.
  public var base: String
  /// Report PA021 for entries that matched nothing (false in one shard of a run: unused is
  /// decided over the merged shards).
  public var reportUnused = true

  public init(config: Config?, baseline: BaselineFile?, today: String, base: String) {
    self.config = config
    self.baseline = baseline
    self.today = today
    self.base = base
  }

  /// True when findings need their files' digests: always for fingerprints in JSON, for a
  /// baseline, and for allow entries by SHA-256.
  public var needsDigests: Bool {
    baseline != nil || config?.config.allow.contains { $0.sha256 != nil } == true
  }

  // MARK: Allow entries

  /// The allow entry that accepts `finding` (the first that does and has not expired), with
  /// the file's digest; nil when none does.
  public func allowing(_ finding: Finding, digest: String?) -> AllowEntry? {
    guard let config else { return nil }
    let relative = Self.relative(finding.file, base: base, folder: config.folder)
    return config.config.allow.first { entry in
      !entry.isExpired(today: today) && entry.matches(finding, relativePath: relative, digest: digest)
    }
  }

  /// Marks what the allow entries accept in `findings` (replacing any earlier decision, as
  /// `merge` re-decides a shard's); returns the indices of the entries used.
  public func allow(_ findings: inout [Finding], contentDigests: [String: String]) -> Set<Int> {
    var used: Set<Int> = []
    for i in findings.indices {
      findings[i].suppression = nil
      guard let entry = allowing(findings[i], digest: contentDigests[findings[i].file]) else { continue }
      findings[i].suppression = Suppression(reason: entry.reason, entry: entry.name, expires: entry.expires)
      used.insert(entry.index)
    }
    return used
  }

  // MARK: The whole report

  /// Applies everything to a collected report: allow entries, the config's own findings (a
  /// file entry of the config's path, after the others), fingerprints (from `contentDigests`;
  /// nil: none are set), the baseline and the summary.
  public func apply(to report: inout AuditReport, contentDigests: [String: String]?) {
    var used: Set<Int> = []
    for f in report.files.indices { used.formUnion(allow(&report.files[f].findings, contentDigests: contentDigests ?? [:])) }
    var summary = GateSummary()
    if let config {
      summary.config = GateSummary.ConfigUse(path: config.path, sha256: config.sha256)
      summary.allowed = report.findings.filter { $0.suppression != nil }.count
      let own = configFindings(used: used)
      if !own.isEmpty { report.files.append(FileReport(output: config.path, findings: own)) }
    }
    if var digests = contentDigests {
      if let config { digests[config.path] = config.sha256 }
      let prints = ReportFingerprints(report, contentDigests: digests)
      for (f, row) in prints.byFile.enumerated() {
        for (i, print) in row.enumerated() { report.files[f].findings[i].reportFingerprint = print }
      }
    }
    if let baseline {
      var tally = BaselineTally(baseline: baseline.baseline)
      for f in report.files.indices { tally.mark(&report.files[f].findings) }
      summary.baseline = tally.summary(path: baseline.path)
    }
    report.gate = summary
  }

  /// PA020 for each expired entry; PA021 for each other entry not in `used` (unless
  /// `reportUnused` is false). The file is the config's path, the tag the entry.
  public func configFindings(used: Set<Int>) -> [Finding] {
    guard let config else { return [] }
    return config.config.allow.compactMap { entry in
      if entry.isExpired(today: today) {
        return Finding(.allowEntryExpired, file: config.path, carrier: "config", tag: entry.name,
                       evidence: "\(entry.name) (\(entry.label)) expired on \(entry.expires ?? ""): it no longer allows findings")
      }
      guard reportUnused, !used.contains(entry.index) else { return nil }
      return Finding(.allowEntryUnused, file: config.path, carrier: "config", tag: entry.name,
                     evidence: "unused allow entry \(entry.name) (\(entry.label)): it matched no finding")
    }
  }

  /// `path` (as a report names it: relative to `base`, or absolute) relative to `folder`; nil
  /// when it is not below it. Lexical: `.` and `..` are resolved, symbolic links are not.
  public static func relative(_ path: String, base: String, folder: String) -> String? {
    let absolute = normalized(path.hasPrefix("/") ? path : base + "/" + path)
    let root = normalized(folder)
    if root == "/" { return String(absolute.dropFirst()) }
    guard absolute.hasPrefix(root + "/") else { return nil }
    return String(absolute.dropFirst(root.count + 1))
  }

  /// An absolute path without `.`, `..` or empty names.
  static func normalized(_ path: String) -> String {
    var names: [Substring] = []
    for name in path.split(separator: "/") {
      if name == "." { continue }
      if name == ".." { _ = names.popLast(); continue }
      names.append(name)
    }
    return "/" + names.joined(separator: "/")
  }
}

/// Findings against a baseline, as they are met: each fingerprint of the baseline matches as
/// many findings as it had (two copies of one finding in the baseline, three now: one is new).
public struct BaselineTally: Sendable {
  private var left: [String: Int]
  private let total: Int
  public private(set) var matched = 0, new = 0

  public init(baseline: Baseline) {
    left = baseline.fingerprints
    total = baseline.findings
  }

  /// Counts findings marked before (the records a resumed stream kept): `unchanged` by
  /// fingerprint, and how many were new.
  public mutating func count(unchanged: [String: Int], new: Int) {
    for (print, n) in unchanged {
      left[print] = max(0, (left[print] ?? 0) - n)
      matched += n
    }
    self.new += new
  }

  /// Sets each finding's `baseline` state by its fingerprint (a finding without one is new).
  public mutating func mark(_ findings: inout [Finding]) {
    for i in findings.indices {
      if let print = findings[i].reportFingerprint, let n = left[print], n > 0 {
        left[print] = n - 1
        findings[i].baseline = .unchanged
        matched += 1
      } else {
        findings[i].baseline = .new
        new += 1
      }
    }
  }

  /// The counts: `absent` is the baseline's findings no finding matched (fixed or gone).
  public func summary(path: String) -> GateSummary.BaselineUse {
    GateSummary.BaselineUse(path: path, matched: matched, new: new, absent: total - matched)
  }
}

/// What a report says of its config and baseline (JSON `config` and `baseline`, the summary
/// lines of the text formats).
public struct GateSummary: Sendable, Equatable {
  public struct ConfigUse: Sendable, Equatable {
    public var path: String
    public var sha256: String
    public init(path: String, sha256: String) {
      self.path = path
      self.sha256 = sha256
    }
  }

  public struct BaselineUse: Sendable, Equatable {
    public var path: String
    /// Findings in the baseline (unchanged), not in it (new), and baseline findings not met.
    public var matched: Int, new: Int, absent: Int
    public init(path: String, matched: Int, new: Int, absent: Int) {
      self.path = path
      self.matched = matched
      self.new = new
      self.absent = absent
    }
  }

  public var config: ConfigUse?
  /// Findings an allow entry accepts.
  public var allowed = 0
  public var baseline: BaselineUse?

  public init(config: ConfigUse? = nil, allowed: Int = 0, baseline: BaselineUse? = nil) {
    self.config = config
    self.allowed = allowed
    self.baseline = baseline
  }

  /// "3 findings allowed by .photoaudit.json; 5 findings unchanged since the baseline
  /// base.json (2 new, 1 baseline finding gone)"; nil when there is no config or baseline.
  public var line: String? {
    var parts: [String] = []
    if let config { parts.append("\(ReportText.plural(allowed, "finding")) allowed by \(config.path)") }
    if let baseline {
      parts.append("\(ReportText.plural(baseline.matched, "finding")) unchanged since the baseline \(baseline.path) (\(baseline.new) new, "
                   + "\(ReportText.plural(baseline.absent, "baseline finding")) gone)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
