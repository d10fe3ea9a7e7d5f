import Bytes
import PhotoCore
/// The result for one output (and its original, when paired): what verify, diff and audit report.
public struct FileReport: Sendable, Equatable, Codable {
  public var output: String
  public var original: String?
  public var descriptor: String?
  public var format: ImageFormat?
  public var displayed: PixelSize?
  /// Carrier paths that hold coordinates ("exif", "xmp", "mpf-image#2/exif", "descriptor").
  public var gpsCarriers: [String]
  /// The pixel verdicts, when pixels were compared.
  public var pixels: PixelVerdicts?
  public var findings: [Finding]
  /// The orientation verdict in words as a report recorded it, for a report read back from JSON
  /// (`merge`), whose `pixels` have no orientation verdict.
  public var recordedOrientation: String?
  /// The Live Photo video read with this output (a still), one item with it.
  public var livePhotoVideo: String?
  /// The sidecars read with this output (XMP, Google Takeout JSON), paired with it by name: what
  /// they carry is on this entry, carrier `sidecar`.
  public var sidecars: [String] = []
  /// For `audit --git` / `--staged`: the blob this entry is, and where history holds it.
  public var git: GitBlobOrigin?

  public init(output: String, original: String? = nil, descriptor: String? = nil, format: ImageFormat? = nil,
              displayed: PixelSize? = nil, gpsCarriers: [String] = [], pixels: PixelVerdicts? = nil, findings: [Finding] = []) {
    self.output = output
    self.original = original
    self.descriptor = descriptor
    self.format = format
    self.displayed = displayed
    self.gpsCarriers = gpsCarriers
    self.pixels = pixels
    self.findings = findings
  }

  /// The orientation verdict in words ("upright (match 1.00, margin 0.45)"), when pixels were compared.
  public var orientationSummary: String? { pixels?.orientation?.summary ?? recordedOrientation }

  /// The worst severity among the findings, nil when there are none.
  public var worst: Severity? { findings.worstSeverity }

  /// No carrier holds coordinates and the output was read and checked whole: a file that could
  /// not be read (PA013) or checked (PA015) is never reported as GPS-free (fail closed).
  public var gpsRemoved: Bool {
    gpsCarriers.isEmpty && !findings.contains { $0.id == .incompleteCheck || ($0.id == .unreadable && $0.carrier == nil) }
  }
}

/// A whole report: the files, originals left without an output, and the summary.
public struct AuditReport: Sendable, Equatable {
  public var command: String
  public var files: [FileReport]
  /// Originals for which no output was found (audit with --originals).
  public var unpairedOriginals: [String]
  /// The config and baseline in effect and what they did (`ReportGate`); nil without either.
  public var gate: GateSummary?

  public init(command: String, files: [FileReport], unpairedOriginals: [String] = []) {
    self.command = command
    self.files = files
    self.unpairedOriginals = unpairedOriginals
  }

  /// The report as the formats that list only what counts show it (table, Markdown, CSV,
  /// JUnit, Code Quality, GitHub annotations, report.html): without the findings an allow
  /// entry accepts or the baseline has, which `gate`'s line counts instead. JSON, JSONL and
  /// SARIF keep them, marked.
  public var counting: AuditReport {
    guard gate != nil else { return self }
    var copy = self
    for i in copy.files.indices { copy.files[i].findings.removeAll { !$0.gates } }
    return copy
  }

  public var findings: [Finding] { files.flatMap(\.findings) }

  /// One row of a summary: how many findings have this ID at this severity.
  public struct Count: Sendable, Equatable {
    public var id: FindingID
    public var severity: Severity
    public var count: Int
  }

  /// Findings counted by (ID, severity), in ID order and, within an ID, most severe first.
  /// Severity is per finding, not per ID (PA001 is an error with coordinates, info without;
  /// a policy can change any): a summary by ID alone would misstate the severity.
  public var counts: [Count] {
    var tally: [FindingID: [Severity: Int]] = [:]
    for finding in findings { tally[finding.id, default: [:]][finding.severity, default: 0] += 1 }
    return FindingID.allCases.flatMap { id in
      Severity.allCases.reversed().compactMap { severity in
        tally[id]?[severity].map { Count(id: id, severity: severity, count: $0) }
      }
    }
  }

  /// The finding IDs present, in ID order.
  public var ids: [FindingID] { counts.map(\.id).uniqued() }

  /// Number of findings per severity.
  public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

  /// True when some finding is at or above `level`: the exit status is 1 then.
  public func fails(at level: Severity) -> Bool { findings.contains { $0.severity >= level } }

  /// Files with the most severe and most numerous findings first (at most `limit`).
  public func worstFiles(limit: Int = 5) -> [FileReport] {
    files.filter { !$0.findings.isEmpty }.sorted {
      ($0.worst?.rank ?? -1, $0.findings.count, $1.output) > ($1.worst?.rank ?? -1, $1.findings.count, $0.output)
    }.prefix(limit).map { $0 }
  }
}
