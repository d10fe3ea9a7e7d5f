import PhotoCore
import Pipeline
import Testing

/// Planted-defect outputs (Fixtures/defects, each with its descriptor and original): every
/// finding fires where it should and nowhere else, and the orientation matrix is classified.
@Suite struct DefectFixtureTests {
  static func audit(_ name: String) -> PairAuditor.Result {
    let output = FixtureFiles.path("defects/\(name)")
    return PairAuditor.audit(output: output, original: nil, descriptor: PairAuditor.descriptorBeside(output))
  }

  /// Finding IDs at warning or above expected for each output (info findings are left out).
  static let expected: [(String, Set<FindingID>)] = [
    ("correct-3.jpg", []), ("correct-5.jpg", []), ("correct-6.jpg", []), ("correct-8.jpg", []),
    ("double-3.jpg", [.orientationTag, .orientationPixels]),
    // Displayed size differs from the descriptor's (stored) size once the kept tag turns it.
    ("double-5.jpg", [.orientationTag, .orientationPixels, .descriptorMismatch]),
    ("double-6.jpg", [.orientationTag, .orientationPixels, .descriptorMismatch]),
    ("double-8.jpg", [.orientationTag, .orientationPixels, .descriptorMismatch]),
    ("dropped-3.jpg", [.orientationPixels]), ("dropped-5.jpg", [.orientationPixels]),
    ("dropped-6.jpg", [.orientationPixels]), ("dropped-8.jpg", [.orientationPixels]),
    ("wrongdir-3.jpg", [.orientationPixels]), ("wrongdir-5.jpg", [.orientationPixels]),
    ("wrongdir-6.jpg", [.orientationPixels]), ("wrongdir-8.jpg", [.orientationPixels]),
    ("nomirror-2.jpg", [.orientationPixels]), ("nomirror-5.jpg", [.orientationPixels]),
    ("nomirror-7.jpg", [.orientationPixels]),
    ("gps-in-xmp.jpg", [.gpsPresent, .gpsClaimFalse]),
    ("gps-in-mpf.jpg", [.gpsPresent, .gpsClaimFalse, .secondaryImageMetadata]),
    ("gps-in-png-exif.png", [.gpsPresent, .gpsClaimFalse]),
    ("gps-in-heic-xmp.heic", [.gpsPresent, .gpsClaimFalse]),
    ("thumb-uncropped.jpg", [.thumbnailLeak]),
    ("size-lie.jpg", [.descriptorMismatch]),
    ("crop-correct.jpg", []), ("crop-wrong.jpg", [.cropMismatch]),
    ("apple-correct.jpg", []),
    ("claim-understated.jpg", []),
    ("text-left.jpg", [.locationText, .identifyingFields]),
    ("icc-dropped.jpg", [.iccDropped]),
  ]

  @Test(arguments: expected)
  func findings(name: String, ids: Set<FindingID>) {
    let result = Self.audit(name)
    let found = Set(result.report.findings.filter { $0.severity >= .warning }.map(\.id))
    #expect(found == ids, "\(name): \(result.report.findings.map { "\($0.id.rawValue) \($0.evidence)" })")
  }

  @Test func understatedClaimIsReportedAsInfo() {
    let findings = Self.audit("claim-understated.jpg").report.findings
    #expect(findings.map(\.id) == [.claimUnderstated])
    #expect(findings.first?.severity == .info)
  }

  /// The orientation matrix: every planted orientation mistake gets the right verdict.
  static let matrix: [(String, OrientationVerdict.Kind)] = [3, 5, 6, 8].flatMap { n in
    [("correct-\(n).jpg", .upright), ("double-\(n).jpg", .doubleRotated), ("dropped-\(n).jpg", .tagDroppedNotRotated),
     // 3's wrong direction is a top↔bottom flip instead of a half turn: it displays mirrored.
     ("wrongdir-\(n).jpg", n == 3 ? .mirrored : .rotated)] as [(String, OrientationVerdict.Kind)]
  } + [
    // Orientation 2 is a pure mirror: forgetting the mirror leaves the stored pixels untouched.
    ("nomirror-2.jpg", .tagDroppedNotRotated), ("nomirror-5.jpg", .mirrored), ("nomirror-7.jpg", .mirrored),
    ("apple-correct.jpg", .upright),
  ]

  @Test(arguments: matrix)
  func orientationMatrix(name: String, kind: OrientationVerdict.Kind) throws {
    let verdict = try #require(Self.audit(name).report.pixels?.orientation, "\(name): no pixel verdict")
    #expect(verdict.kind == kind, "\(name): \(verdict.summary)")
  }

  @Test func wrongCropReportsWhereTheContentReallyIs() throws {
    let crop = try #require(Self.audit("crop-wrong.jpg").report.pixels?.crop)
    #expect(!crop.matches)
    let estimated = try #require(crop.estimated)
    let claimed = try #require(crop.claimed)
    #expect(estimated != claimed)
    #expect(crop.estimatedScore >= 0.8)
  }
}
