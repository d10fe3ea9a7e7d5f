import Bytes
import PhotoCore
/// A report's file objects read back (`merge` renders shards as a table, Markdown, CSV or JUnit):
/// everything the text renderings show, with the orientation verdict kept as the words recorded.
extension ReportJSON {
  /// The `FileReport` of a report-v1 file object; nil when it is not one.
  public static func fileReport(_ object: JSONValue) -> FileReport? {
    guard let output = object["output"]?.stringValue, let findings = object["findings"]?.arrayValue else { return nil }
    var report = FileReport(output: output, original: object["original"]?.stringValue, descriptor: object["descriptor"]?.stringValue,
                            format: object["format"]?.stringValue.flatMap(ImageFormat.init(rawValue:)),
                            displayed: object["displayed"].flatMap(size),
                            gpsCarriers: (object["gps_carriers"]?.arrayValue ?? []).compactMap(\.stringValue),
                            findings: findings.compactMap(finding))
    report.livePhotoVideo = object["live_photo_video"]?.stringValue
    report.sidecars = (object["sidecars"]?.arrayValue ?? []).compactMap(\.stringValue)
    if let git = object["git"], let path = git["path"]?.stringValue, let blob = git["blob"]?.stringValue {
      report.git = GitBlobOrigin(commit: git["commit"]?.stringValue, path: path, blob: blob,
                                 paths: (git["paths"]?.arrayValue ?? []).compactMap(\.stringValue), commitsCount: git["commits_count"]?.intValue ?? 0)
    }
    if let verdicts = object["verdicts"], verdicts != .null {
      report.recordedOrientation = verdicts["orientation"]?["summary"]?.stringValue
      let previews = verdicts["previews"]?.arrayValue?.compactMap(thumbnail) ?? verdicts["thumbnail"].flatMap(thumbnail).map { [$0] } ?? []
      report.pixels = PixelVerdicts(crop: verdicts["crop"].flatMap(crop), thumbnails: previews, problem: verdicts["problem"]?.stringValue)
    }
    return report
  }

  /// A finding object read back.
  public static func finding(_ object: JSONValue) -> Finding? {
    guard let id = object["id"]?.stringValue.flatMap(FindingID.init(rawValue:)),
          let severity = object["severity"]?.stringValue.flatMap(Severity.init(rawValue:)),
          let file = object["file"]?.stringValue, let evidence = object["evidence"]?.stringValue else { return nil }
    var finding = Finding(id, file: file, carrier: object["carrier"]?.stringValue, tag: object["tag"]?.stringValue, evidence: evidence,
                          severity: severity)
    finding.fingerprint = object["fingerprint"]?.stringValue
    finding.redactedEvidence = object["redacted_evidence"]?.stringValue
    finding.reportFingerprint = object["fingerprints"]?[ReportFingerprints.recipe]?.stringValue
    if let s = object["suppression"], let reason = s["reason"]?.stringValue, let entry = s["entry"]?.stringValue {
      finding.suppression = Suppression(reason: reason, entry: entry, expires: s["expires"]?.stringValue)
    }
    finding.baseline = object["baseline"]?.stringValue.flatMap(BaselineState.init(rawValue:))
    return finding
  }

  package static func size(_ object: JSONValue) -> PixelSize? {
    guard let w = object["width"]?.intValue, let h = object["height"]?.intValue else { return nil }
    return PixelSize(width: w, height: h)
  }

  static func rect(_ object: JSONValue) -> PixelRect? {
    guard let x = object["x"]?.intValue, let y = object["y"]?.intValue, let w = object["width"]?.intValue,
          let h = object["height"]?.intValue else { return nil }
    return PixelRect(x: x, y: y, width: w, height: h)
  }

  package static func crop(_ object: JSONValue) -> CropVerdict? {
    guard let matches = object["matches"]?.boolValue else { return nil }
    return CropVerdict(claimed: object["claimed"].flatMap(rect), claimedScore: object["claimed_score"]?.doubleValue ?? 0,
                       estimated: object["estimated"].flatMap(rect), estimatedScore: object["estimated_score"]?.doubleValue ?? 0,
                       matches: matches)
  }

  package static func thumbnail(_ object: JSONValue) -> ThumbnailVerdict? {
    guard let matches = object["matches"]?.boolValue, let detail = object["detail"]?.stringValue else { return nil }
    return ThumbnailVerdict(score: object["score"]?.doubleValue ?? 0, aspectDifference: 0, matches: matches, detail: detail,
                            path: object["path"]?.stringValue ?? "thumbnail", role: object["role"]?.stringValue)
  }

  /// A policy applied to the finding objects of a file object: disabled findings dropped,
  /// severities changed (`merge --policy`).
  public static func applying(_ policy: Policy, to object: JSONValue) -> JSONValue {
    guard case .object(let members) = object else { return object }
    return .object(members.map { key, value in
      guard key == "findings", let findings = value.arrayValue else { return (key, value) }
      return (key, .array(findings.compactMap { f -> JSONValue? in
        guard case .object(var fields) = f, let id = f["id"]?.stringValue.flatMap(FindingID.init(rawValue:)) else { return f }
        if policy.disabled.contains(id) { return nil }
        if let severity = policy.severities[id], let i = fields.firstIndex(where: { $0.0 == "severity" }) {
          fields[i].1 = .string(severity.rawValue)
        }
        return .object(fields)
      }))
    })
  }
}
