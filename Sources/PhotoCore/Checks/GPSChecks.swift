/// PA001: coordinates in any carrier of the output (EXIF, XMP, MPF images, thumbnail, HEIF
/// items, PNG chunks). A GPS IFD without coordinates is reported as info.
struct GPSPresentCheck: Check {
  var ids: [FindingID] { [.gpsPresent] }

  func findings(for s: CheckSubject) -> [Finding] {
    let file = s.output.path
    var out = s.output.gps.map { fix in
      Finding(.gpsPresent, file: file, carrier: GPSEvidence.carrier(fix), tag: fix.signature == nil ? "GPSLatitude/GPSLongitude" : "GPS signature",
              evidence: GPSEvidence.describe(fix))
    }
    out += s.output.gpsWithoutCoordinates.map { fix in
      Finding(.gpsPresent, file: file, carrier: GPSEvidence.carrier(fix), tag: "GPS",
              evidence: "GPS tags without coordinates" + (fix.altitude.map { " (altitude \($0) m)" } ?? ""),
              severity: .info)
    }
    return out
  }
}

/// PA002 / PA012: the descriptor's `gps_removed` against what the file holds.
struct GPSClaimCheck: Check {
  var ids: [FindingID] { [.gpsClaimFalse, .claimUnderstated] }

  func findings(for s: CheckSubject) -> [Finding] {
    guard let claim = s.descriptor?.gpsRemoved else { return [] }
    let file = s.output.path
    if claim, let first = s.output.gps.first {
      let carriers = s.output.gps.map(GPSEvidence.carrier).uniqued().joined(separator: ", ")
      return [Finding(.gpsClaimFalse, file: file, carrier: GPSEvidence.carrier(first), tag: "gps_removed",
                      evidence: "descriptor says gps_removed: true, but coordinates are in \(carriers): \(GPSEvidence.describe(first))")]
    }
    if !claim, s.output.gps.isEmpty {
      return [Finding(.claimUnderstated, file: file, carrier: "descriptor", tag: "gps_removed",
                      evidence: "descriptor says gps_removed: false, but no carrier holds coordinates")]
    }
    return []
  }
}

/// Wording shared by the GPS checks.
enum GPSEvidence {
  /// Degrees to 6 decimals (about 0.1 m), as people read coordinates.
  static func degrees(_ value: Double) -> String { CFormat.string("%.6f", value) }

  /// The carrier path ("exif", "thumbnail/exif", "raw-bytes").
  static func carrier(_ fix: GPSFix) -> String { fix.path.description }

  static func describe(_ fix: GPSFix) -> String {
    var parts: [String] = []
    if let lat = fix.latitude { parts.append("latitude \(degrees(lat))") }
    if let lon = fix.longitude { parts.append("longitude \(degrees(lon))") }
    if let alt = fix.altitude { parts.append("altitude \(alt) m") }
    if let time = fix.timestamp { parts.append("time \(time)") }
    if let unreadable = fix.unreadable { parts.append(unreadable) }
    if let signature = fix.signature { parts.append(signature) }
    return carrier(fix) + ": " + parts.joined(separator: ", ")
  }
}

extension Sequence where Element: Hashable {
  /// The elements in order, without repeats.
  public func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}

import Foundation
