/// The result for one output (and its original, when paired): what verify, diff and audit report.
public struct FileReport: Sendable, Equatable {
  public var output: String
  public var original: String?
  public var descriptor: String?
  public var format: ImageFormat?
  public var displayed: PixelSize?
  /// Carriers that hold coordinates ("exif", "xmp", "mpf-image #2").
  public var gpsCarriers: [String]
  /// The pixel verdicts, when pixels were compared.
  public var pixels: PixelVerdicts?
  public var findings: [Finding]

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

  /// The worst severity among the findings, nil when there are none.
  public var worst: Severity? { findings.map(\.severity).max() }

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

  public init(command: String, files: [FileReport], unpairedOriginals: [String] = []) {
    self.command = command
    self.files = files
    self.unpairedOriginals = unpairedOriginals
  }

  public var findings: [Finding] { files.flatMap(\.findings) }

  /// Number of findings per ID, in ID order.
  public var countsByID: [(FindingID, Int)] {
    FindingID.allCases.compactMap { id in
      let n = findings.filter { $0.id == id }.count
      return n > 0 ? (id, n) : nil
    }
  }

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
