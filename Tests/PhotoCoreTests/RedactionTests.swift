import Bytes
import Foundation
@testable import PhotoCore
@testable import Pipeline
import TestSupport
import Testing

/// The pieces of "reports never spread the leak" (issue 26, item 1): text built in both forms at
/// once, the keyed fingerprint, the one step `--reveal` takes, the JSON a redacted report writes,
/// and which tag values count as secret.
@Suite struct RedactionTests {
  static let marker = try! NSRegularExpression(pattern: "‹redacted #[0-9a-f]{12}›")

  static func markers(_ text: String) -> Int {
    marker.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
  }

  @Test func interpolationBuildsBothForms() {
    let altitude = SecretValue.altitude(12.5, display: "12.5 m")
    let text: RedactableText = "exif GPS: \(secret: .position(latitude: 31.230416, longitude: -121.473701)), altitude \(secret: altitude), carrier \("xmp")"
    #expect(text.revealed == "exif GPS: latitude 31.230416, longitude -121.473701, altitude 12.5 m, carrier xmp")
    #expect(text.redacted.hasPrefix("exif GPS: latitude/longitude ‹redacted #"))
    #expect(!text.redacted.contains("31.23") && !text.redacted.contains("121.47") && !text.redacted.contains("12.5"))
    #expect(Self.markers(text.redacted) == 2)
    #expect(text.secrets == ["position 31.230416,-121.473701", "altitude 12.5"])
    #expect(text.fingerprint == ValueFingerprint.of("position 31.230416,-121.473701\naltitude 12.5"))
    // Printed as a plain string, it is the redacted form: safe by default.
    #expect("\(text)" == text.redacted)
    // Nested: both forms kept.
    let outer: RedactableText = "found: \(text)"
    #expect(outer.revealed == "found: " + text.revealed && outer.redacted == "found: " + text.redacted)
    let plain: RedactableText = "no secret \(42)"
    #expect(!plain.holdsSecret && plain.fingerprint == nil && plain.redacted == plain.revealed)
  }

  /// Pinned: a fingerprint that changed would break every baseline and every comparison with an
  /// earlier report. The canonical forms and the built-in key are part of the format.
  @Test func fingerprintsAreStableAndKeyed() {
    #expect(SecretValue.position(latitude: 31.230416, longitude: 121.473701).fingerprint == "9b09e51f9e9c")
    #expect(SecretValue.text("Shanghai").fingerprint == "5d0837c06bbf")
    #expect(ValueFingerprint.of("text Shanghai") == ValueFingerprint.of("text Shanghai"))
    #expect(ValueFingerprint.of("text Shanghai", key: Array("team secret".utf8)) != ValueFingerprint.of("text Shanghai"))
    #expect(ValueFingerprint.of("text Shanghai").count == 12)
    // The same position to 6 decimals, however it was written.
    #expect(SecretValue.position(latitude: 31.2304160001, longitude: 121.4737009999).canonical
            == SecretValue.position(latitude: 31.230416, longitude: 121.473701).canonical)
    // Text is trimmed, the display may be an excerpt of the whole value.
    #expect(SecretValue.text(" Shanghai ").canonical == "text Shanghai")
    #expect(SecretValue.text("Jane", full: "Jane Fixture").canonical == "text Jane Fixture")
  }

  @Test func findingsLeaveChecksRedactedAndRevealInOneStep() {
    let evidence: RedactableText = "IPTC:City = \(secret: "Shanghai")"
    let finding = Finding(.locationText, file: "a.jpg", carrier: "iptc", tag: "IPTC:City", evidence: evidence)
    #expect(finding.evidence == evidence.redacted && !finding.evidence.contains("Shanghai"))
    #expect(finding.revealedEvidence == "IPTC:City = Shanghai")
    #expect(finding.fingerprint == "5d0837c06bbf")
    let revealed = finding.revealed()
    #expect(revealed.evidence == "IPTC:City = Shanghai" && revealed.redactedEvidence == finding.evidence && revealed.revealedEvidence == nil)
    #expect(revealed.revealed() == revealed)
    // Redacting drops the values, also from a revealed finding.
    let dropped = finding.redacted()
    #expect(dropped.evidence == finding.evidence && dropped.revealedEvidence == nil)
    #expect(revealed.redacted() == dropped)
    // A finding without a secret is the same either way.
    let plain = Finding(.orientationTag, file: "a.jpg", evidence: "EXIF Orientation = 6")
    #expect(plain.revealed() == plain && plain.redacted() == plain && plain.fingerprint == nil)
    // A prefix reaches every form.
    var prefixed = revealed
    prefixed.prefixEvidence("IMG_1.xmp: ")
    #expect(prefixed.evidence == "IMG_1.xmp: IPTC:City = Shanghai" && prefixed.redactedEvidence == "IMG_1.xmp: " + finding.evidence)
  }

  /// JSON keeps `fingerprint` and, for a revealed finding, `redacted_evidence`; never the values
  /// of a redacted one. Read back, a revealed report redacts again (`merge`).
  @Test func jsonWritesOnlyWhatTheFindingShows() throws {
    let finding = Finding(.identifyingFields, file: "a.jpg", carrier: "exif", tag: "ExifIFD:SerialNumber",
                          evidence: "ExifIFD:SerialNumber = \(secret: "FX0123456789")")
    let redacted = ReportJSON.finding(finding.redacted()).serialized(pretty: false)
    #expect(!redacted.contains("FX0123456789") && redacted.contains(#""fingerprint":""#) && !redacted.contains("redacted_evidence"))
    let revealedObject = ReportJSON.finding(finding.revealed())
    #expect(revealedObject.serialized(pretty: false).contains("FX0123456789"))
    let back = try #require(ReportJSON.finding(revealedObject))
    #expect(back == finding.revealed().redacted().revealed() || back.redacted().evidence == finding.evidence)
    #expect(back.redacted().evidence == finding.evidence)
    // The file-object step merge takes.
    let file = JSONValue.object([("output", .string("a.jpg")), ("findings", .array([revealedObject]))])
    let (again, unrecorded) = ReportJSON.revealing(file, false)
    #expect(!again.serialized(pretty: false).contains("FX0123456789") && unrecorded == 0)
    let (kept, _) = ReportJSON.revealing(file, true)
    #expect(kept.serialized(pretty: false).contains("FX0123456789"))
    let redactedFile = JSONValue.object([("output", .string("a.jpg")), ("findings", .array([ReportJSON.finding(finding.redacted())]))])
    #expect(ReportJSON.revealing(redactedFile, true).unrecorded == 1)
  }

  @Test(arguments: [
    ("GPS", "GPSLatitude", TagValue.real(31.23), true),
    ("GPS", "GPSVersionID", TagValue.text("2 3 0 0"), false),
    ("GPS", "GPSSpeed", TagValue.real(3), true),
    ("XMP-exif", "GPSTimeStamp", TagValue.text("2025-01-01T02:20:30Z"), true),
    ("XMP-drone-dji", "GpsLatitude", TagValue.real(31.23), true),
    ("XMP-drone-skydio", "Latitude", TagValue.real(31.23), true),
    ("IPTC", "City", TagValue.text("Shanghai"), true),
    ("XMP-photoshop", "Country", TagValue.text("China"), true),
    ("ExifIFD", "SerialNumber", TagValue.text("FX0123456789"), true),
    ("IFD0", "Artist", TagValue.text("Jane Fixture"), true),
    ("UserData", "GPSCoordinates", TagValue.text("+31.2304+121.4737/"), true),
    ("IFD0", "ImageDescription", TagValue.text("Meet me at 37.331686, -122.030656 at noon"), true),
    ("IFD0", "ImageDescription", TagValue.text("A duck on a lake"), false),
    ("IFD0", "Make", TagValue.text("Apple"), false),
    ("IFD0", "Orientation", TagValue.integer(6), false),
    ("ExifIFD", "DateTimeOriginal", TagValue.text("2025:01:01 10:20:30"), false),
  ])
  func secretTags(group: String, name: String, value: TagValue, secret: Bool) {
    let tag = MetadataTag(carrier: group == "UserData" ? .userData : group.hasPrefix("XMP") ? .xmp : group == "IPTC" ? .iptc : .exif,
                          group: group, name: name, value: value)
    #expect(SecretTags.isSecret(tag) == secret)
    let shown = SecretTags.redacted(tag)
    #expect(secret ? Self.markers(shown.value.display) == 1 : shown == tag)
  }

  /// The same fix in EXIF (a PNG's eXIf) and in XMP (a JPEG's packet), both written to 6
  /// decimals, has one fingerprint — in `inspect` and in the PA001 findings of a report.
  @Test func theSameFixInTwoCarriersHasOneFingerprint() throws {
    let defects = Repository.fixtures.appendingPathComponent("defects").path
    let exif = Inspector.inspect(path: defects + "/gps-in-png-exif.png")
    let xmp = Inspector.inspect(path: defects + "/gps-in-xmp.jpg")
    let exifFix = try #require(exif.gps.first { $0.carrier == .exif })
    let xmpFix = try #require(xmp.gps.first { $0.carrier == .xmp })
    let position = { (fix: GPSFix) in SecretValue.position(latitude: fix.latitude, longitude: fix.longitude).fingerprint }
    #expect(position(exifFix) == position(xmpFix))
    let finding = try #require(PairAuditor.audit(output: defects + "/gps-in-xmp.jpg", original: nil, descriptor: nil,
                                                 options: AuditOptions()).report.findings.first { $0.id == .gpsPresent })
    #expect(finding.fingerprint == GPSEvidence.fingerprint(xmpFix))
    #expect(finding.evidence.contains(ValueFingerprint.marker(position(xmpFix))))
  }
}
