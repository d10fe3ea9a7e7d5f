import Bytes
/// How bad a finding is; ordered info < warning < error.
public enum Severity: String, Sendable, Equatable, Hashable, Comparable, Codable, CaseIterable {
  case info, warning, error
  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
  package var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }

  /// The worst of `severities`, nil when there are none: the one rule behind a file's verdict,
  /// a report's, a tally's and the exit status.
  public static func worst(_ severities: some Sequence<Severity>) -> Severity? { severities.max() }
}

extension Sequence<Finding> {
  /// The worst severity among the findings that gate (`Finding.gates`: not allowed by the
  /// config, not unchanged since the baseline), nil when there are none.
  public var worstSeverity: Severity? { Severity.worst(lazy.filter(\.gates).map(\.severity)) }
}

/// The SPEC's finding IDs, with their stable names and default severities.
public enum FindingID: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case gpsPresent = "PA001"
  case gpsClaimFalse = "PA002"
  case orientationTag = "PA003"
  case orientationPixels = "PA004"
  case thumbnailLeak = "PA005"
  case locationText = "PA006"
  case identifyingFields = "PA007"
  case descriptorMismatch = "PA008"
  case cropMismatch = "PA009"
  case secondaryImageMetadata = "PA010"
  case iccDropped = "PA011"
  case claimUnderstated = "PA012"
  case unreadable = "PA013"
  case unaccountedBytes = "PA014"
  case incompleteCheck = "PA015"
  case outputDamaged = "PA016"
  case generationMetadata = "PA017"
  case provenanceManifest = "PA018"
  case outputUnprocessed = "PA019"
  case allowEntryExpired = "PA020"
  case allowEntryUnused = "PA021"

  /// The stable kebab-case name ("gps-claim-false").
  public var name: String {
    switch self {
    case .gpsPresent: "gps-present"
    case .gpsClaimFalse: "gps-claim-false"
    case .orientationTag: "orientation-tag"
    case .orientationPixels: "orientation-pixels"
    case .thumbnailLeak: "thumbnail-leak"
    case .locationText: "location-text"
    case .identifyingFields: "identifying-fields"
    case .descriptorMismatch: "descriptor-mismatch"
    case .cropMismatch: "crop-mismatch"
    case .secondaryImageMetadata: "secondary-image-metadata"
    case .iccDropped: "icc-dropped"
    case .claimUnderstated: "claim-understated"
    case .unreadable: "unreadable"
    case .unaccountedBytes: "unaccounted-bytes"
    case .incompleteCheck: "incomplete-check"
    case .outputDamaged: "output-damaged"
    case .generationMetadata: "generation-metadata"
    case .provenanceManifest: "provenance-manifest"
    case .outputUnprocessed: "output-unprocessed"
    case .allowEntryExpired: "allow-entry-expired"
    case .allowEntryUnused: "allow-entry-unused"
    }
  }

  /// The SPEC's severity, before any policy.
  public var defaultSeverity: Severity {
    switch self {
    case .locationText, .identifyingFields, .iccDropped, .unaccountedBytes, .generationMetadata, .outputUnprocessed,
         .allowEntryExpired, .allowEntryUnused: .warning
    case .claimUnderstated, .provenanceManifest: .info
    default: .error
    }
  }

  /// Looks up an ID by "PA002" or by name "gps-claim-false".
  public init?(code: String) {
    if let byID = FindingID(rawValue: code.uppercased()) { self = byID; return }
    guard let byName = FindingID.allCases.first(where: { $0.name == code }) else { return nil }
    self = byName
  }
}

/// One problem found in one file, with the evidence: which carrier, which tag, what value.
///
/// `evidence` is always safe to print anywhere (SPEC "Reports never spread the leak"): where the
/// value is (carrier, tag, offset) and `‹redacted #fingerprint›` in place of coordinates, place
/// names, serial numbers, owner names and prompts. The text with the values travels beside it
/// (`revealedEvidence`) and is printed only after `revealed()`, the one step `--reveal` takes
/// before rendering; renderers print `evidence` and know nothing of either.
public struct Finding: Sendable, Equatable, Hashable, Codable {
  public var id: FindingID
  public var severity: Severity
  /// The file the finding is about (the output, for pair checks).
  public var file: String
  /// The carrier holding the evidence ("exif", "xmp", "mpf-image", "pixels", "descriptor").
  public var carrier: String?
  /// The tag or field ("GPSLatitude", "width").
  public var tag: String?
  /// What was found, in words a reviewer can check ("exif: latitude/longitude ‹redacted
  /// #a1b2c3d4e5f6›"); the values only after `revealed()`.
  public var evidence: String
  /// The evidence with the values it hides ("exif: latitude 31.230416, longitude 121.473701");
  /// nil when it hides none, and after `revealed()` or `redacted()`. No renderer prints it.
  public var revealedEvidence: String?
  /// The keyed hash of the values the evidence hides (`ValueFingerprint`, 12 hex digits): stable
  /// across runs and machines, not reversible without the key; nil when it hides none.
  public var fingerprint: String?
  /// After `revealed()`: the redacted evidence the values replaced, so that a report written
  /// with values (JSON `redacted_evidence`) can be redacted again (`merge` without `--reveal`).
  public var redactedEvidence: String?
  /// The finding's `photoaudit/v1` fingerprint (`ReportFingerprints`), once the report is
  /// assembled; nil before.
  public var reportFingerprint: String?
  /// The allow entry of the config that accepts this finding; nil when none does. An allowed
  /// finding stays in the report and does not count toward `--fail-on`.
  public var suppression: Suppression?
  /// With `--baseline`: whether the finding was in the baseline (`unchanged`, it does not count
  /// toward `--fail-on`) or not (`new`); nil without a baseline.
  public var baseline: BaselineState?

  /// True when the finding counts toward `--fail-on` and a file's verdict: not allowed, not
  /// unchanged since the baseline.
  public var gates: Bool { suppression == nil && baseline != .unchanged }

  /// A finding whose evidence holds no secret value. Disfavoured: an interpolated literal
  /// becomes `RedactableText` (the other initializer), so a `\(secret:)` or a nested
  /// `RedactableText` keeps both forms instead of turning into its redacted text.
  @_disfavoredOverload
  public init(_ id: FindingID, file: String, carrier: String? = nil, tag: String? = nil, evidence: String,
              severity: Severity? = nil) {
    self.id = id
    self.severity = severity ?? id.defaultSeverity
    self.file = file
    self.carrier = carrier
    self.tag = tag
    self.evidence = evidence
  }

  /// A finding whose evidence may hold secret values: `evidence.redacted` is printed, the values
  /// and their fingerprint travel beside it.
  public init(_ id: FindingID, file: String, carrier: String? = nil, tag: String? = nil, evidence: RedactableText,
              severity: Severity? = nil) {
    self.init(id, file: file, carrier: carrier, tag: tag, evidence: evidence.redacted, severity: severity)
    if evidence.holdsSecret {
      revealedEvidence = evidence.revealed
      fingerprint = evidence.fingerprint
    }
  }
}
