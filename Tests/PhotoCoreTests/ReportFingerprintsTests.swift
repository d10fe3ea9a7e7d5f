import Bytes
import Foundation
import Pipeline
import PhotoCore
import TestSupport
import Testing

/// The fingerprint recipe of the CI formats and the paths they print.
@Suite struct ReportFingerprintsTests {
  @Test func recipe() {
    #expect(CIReportSample.fingerprints.byFile == [Array(CIReportSample.expectedFingerprints[0...1]), [CIReportSample.expectedFingerprints[2]], [],
                                                   [CIReportSample.expectedFingerprints[3]]])
  }

  /// A renamed file (same bytes, another path) keeps its fingerprints; other bytes change them.
  @Test func renameKeepsChangeMoves() {
    func report(_ path: String) -> AuditReport {
      AuditReport(command: "verify", files: [FileReport(output: path, findings: [
        Finding(.gpsPresent, file: path, carrier: "xmp", tag: "GPSLatitude", evidence: "xmp: …"),
        Finding(.gpsClaimFalse, file: path, carrier: "xmp", tag: "gps_removed", evidence: "…"),
      ])])
    }
    let digest = String(repeating: "12", count: 32)
    let before = ReportFingerprints(report("upload/IMG_1.jpg"), contentDigests: ["upload/IMG_1.jpg": digest])
    let renamed = ReportFingerprints(report("moved/other name.jpg"), contentDigests: ["moved/other name.jpg": digest])
    let changed = ReportFingerprints(report("upload/IMG_1.jpg"), contentDigests: ["upload/IMG_1.jpg": String(repeating: "34", count: 32)])
    let unread = ReportFingerprints(report("upload/IMG_1.jpg"), contentDigests: [:])
    #expect(before == renamed)
    #expect(Set(before.byFile[0]).isDisjoint(with: changed.byFile[0]))
    #expect(Set(before.byFile[0]).isDisjoint(with: unread.byFile[0]))
    #expect(Set(before.byFile[0]).count == 2)
  }

  /// The digests are the files' SHA-256, read from disk; a missing file and a device have none.
  @Test func contentDigestsReadTheFiles() throws {
    let path = Repository.fixtures.appendingPathComponent("defects/gps-in-xmp.jpg").path
    let report = AuditReport(command: "verify", files: [
      FileReport(output: path, findings: [Finding(.gpsPresent, file: path, evidence: "…")]),
      FileReport(output: "/nonexistent/x.jpg", findings: [Finding(.unreadable, file: "/nonexistent/x.jpg", evidence: "…")]),
      FileReport(output: "/dev/null", findings: [Finding(.unreadable, file: "/dev/null", evidence: "…")]),
    ])
    let digests = ReportFingerprints.contentDigests(report, jobs: 2)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(digests == [path: SHA256.hex(bytes)])
  }

  @Test(arguments: [
    ("upload/a.jpg", "upload/a.jpg", "%SRCROOT%"), ("./upload/./a.jpg", "upload/a.jpg", "%SRCROOT%"),
    ("/work/repo/upload/a.jpg", "upload/a.jpg", "%SRCROOT%"), ("/work/repo-other/a.jpg", "file:///work/repo-other/a.jpg", nil),
    ("../shared/corpus/x y.jpg", "file:///work/shared/corpus/x%20y.jpg", nil), ("a/../../repo/b.jpg", "b.jpg", "%SRCROOT%"),
    ("ü#?.jpg", "%C3%BC%23%3F.jpg", "%SRCROOT%"), ("line\nbreak:1.jpg", "line%0Abreak%3A1.jpg", "%SRCROOT%"),
  ] as [(String, String, String?)])
  func artifactURI(path: String, uri: String, baseId: String?) {
    let location = ArtifactURI(path: path, base: "/work/repo")
    #expect(location.uri == uri)
    #expect(location.uriBaseId == baseId)
  }

  @Test(arguments: [
    ("upload/a.jpg", "upload/a.jpg"), ("./upload/a.jpg", "upload/a.jpg"), ("/work/repo/x/y.jpg", "x/y.jpg"),
    ("../elsewhere/a.jpg", "/work/elsewhere/a.jpg"), ("/tmp/a,b.jpg", "/tmp/a,b.jpg"),
  ])
  func relativePath(path: String, expected: String) {
    #expect(ArtifactURI.relativePath(path, base: "/work/repo") == expected)
    #expect(ArtifactURI.relativePath(path, base: "/work/repo/") == expected)
  }

  @Test func baseURIEndsWithASlash() {
    #expect(ArtifactURI.baseURI("/work/repo") == "file:///work/repo/")
    #expect(ArtifactURI.baseURI("/work/my repo/") == "file:///work/my%20repo/")
    #expect(ArtifactURI.baseURI("/") == "file:///")
  }
}
