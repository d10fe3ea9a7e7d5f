import PhotoCore
import Pipeline

/// A report built by hand for the CI formats' golden tests: a file name with `,`, `:`, `%` and a
/// newline; evidence with a newline, a forged workflow command, `%`, HTML, ESC and CR; a file
/// outside the working folder; a missing file whose name holds Markdown and HTML; a clean file.
enum CIReportSample {
  static let base = "/work/repo"
  static let hostile = "upload/a,b:c%d\ne.jpg"
  static let markup = "up|load/`t`<img src=x>&.jpg"

  static let report = AuditReport(command: "audit", files: [
    FileReport(output: hostile, findings: [
      Finding(.gpsPresent, file: hostile, carrier: "exif", tag: "GPSLatitude", evidence: "exif: latitude 1.5, longitude 2.5\n::error::forged"),
      Finding(.locationText, file: hostile, carrier: "xmp", tag: "photoshop:City", evidence: "XMP photoshop:City = 100% <b>Town</b>\u{1B}[31m\r"),
    ]),
    FileReport(output: "/elsewhere/x.jpg", findings: [
      Finding(.claimUnderstated, file: "/elsewhere/x.jpg", carrier: "descriptor", tag: "gps_removed",
              evidence: "descriptor says gps_removed: false, but no carrier holds coordinates"),
    ]),
    FileReport(output: "upload/clean.jpg"),
    FileReport(output: markup, findings: [Finding(.unreadable, file: markup, evidence: "cannot open: no such file")]),
  ])

  /// The files' SHA-256 as the report path would have read them (the missing file has none).
  static let digests = [hostile: String(repeating: "ab", count: 32), "/elsewhere/x.jpg": String(repeating: "cd", count: 32)]

  static var fingerprints: ReportFingerprints { ReportFingerprints(report, contentDigests: digests) }

  /// The fingerprints of the four findings by the recipe, computed with Python's hashlib
  /// (`hashlib.sha256("\0".join(["photoaudit/v1", content, id, carrier, tag]) + "\0" + n)`),
  /// not by photoaudit.
  static let expectedFingerprints = [
    "64c86c4e11841b9aedd93f085434a3d88027eb981ce8317029e7e5ac1defd15b",
    "063c43d08c09ae5c2217a850ef0fc18d70aa7dcc874d0279bba8ef0abd5ee8e7",
    "07ab68f6708bfd5831c76fdb92e0efa518fa2d8e1e890a67f3e9e787df636f0f",
    "0fff5591f817ef94b159a386e948b6a8951f67e13be0b22dfb188694df3bcdfc",
  ]
}
