import Bytes
import Foundation

/// PA001: coordinates in any carrier of the output (EXIF, XMP, MPF images, thumbnail, HEIF
/// items, PNG chunks) or in its descriptor. A GPS IFD without coordinates is reported as info.
struct GPSPresentCheck: Check {
  package var ids: [FindingID] { [.gpsPresent] }

  package func findings(for s: CheckSubject) -> [Finding] {
    let file = s.output.path
    var out = s.output.gps.map { fix in
      Finding(.gpsPresent, file: file, carrier: GPSEvidence.carrier(fix), tag: fix.tag ?? (fix.signature == nil ? "GPSLatitude/GPSLongitude" : "GPS signature"),
              evidence: GPSEvidence.describe(fix))
    }
    out += Self.inDescriptor(s)
    out += s.output.gpsWithoutCoordinates.map { fix in
      Finding(.gpsPresent, file: file, carrier: GPSEvidence.carrier(fix), tag: "GPS",
              evidence: "GPS tags without coordinates\(fix.altitude.map { alt -> RedactableText in " (altitude \(secret: .altitude(alt, display: GPSEvidence.metres(alt))))" } ?? "")",
              severity: .info)
    }
    return out
  }
}

extension GPSPresentCheck {
  /// PA001 for the descriptor's own coordinates: reported even when the output cannot be read.
  static func inDescriptor(_ s: CheckSubject) -> [Finding] {
    (s.descriptor?.coordinates ?? []).map { c in
      Finding(.gpsPresent, file: s.output.path, carrier: GPSEvidence.descriptorCarrier, tag: c.path,
              evidence: "the descriptor carries coordinates: \(c.evidence)")
    }
  }
}

/// PA002 / PA012: the descriptor's `gps_removed` against what the upload holds. The claim speaks
/// for the upload — the file and the descriptor sent with it — so a descriptor that says
/// `gps_removed: true` while carrying coordinates itself makes a false claim too.
struct GPSClaimCheck: Check {
  package var ids: [FindingID] { [.gpsClaimFalse, .claimUnderstated] }

  package func findings(for s: CheckSubject) -> [Finding] {
    guard let descriptor = s.descriptor, let claim = descriptor.gpsRemoved else { return [] }
    let file = s.output.path
    if claim, let first = s.output.gps.first {
      let carrierNames = GPSEvidence.carriers(s.output, descriptor)
      let carriers = carrierNames.joined(separator: ", ")
      // One carrier: its values; several: the first one's, named.
      let detail: RedactableText = carrierNames.count == 1 ? GPSEvidence.values(first) : GPSEvidence.describe(first)
      return [Finding(.gpsClaimFalse, file: file, carrier: GPSEvidence.carrier(first), tag: "gps_removed",
                      evidence: "descriptor says gps_removed: true, but coordinates are in \(carriers) (\(detail))")]
    }
    if claim, let first = descriptor.coordinates.first {
      return [Finding(.gpsClaimFalse, file: file, carrier: GPSEvidence.descriptorCarrier, tag: "gps_removed",
                      evidence: "descriptor says gps_removed: true, but the descriptor itself carries coordinates: \(first.evidence)")]
    }
    if !claim, s.output.gps.isEmpty, descriptor.coordinates.isEmpty {
      return [Finding(.claimUnderstated, file: file, carrier: "descriptor", tag: "gps_removed",
                      evidence: "descriptor says gps_removed: false, but no carrier holds coordinates")]
    }
    return []
  }
}

/// Wording shared by the GPS checks. The values (coordinates, altitude, the time of the fix, the
/// text a sweep matched) are secret: each is `\(secret:)` in the evidence, so a report prints
/// where it is and its fingerprint, and `--reveal` the value.
public enum GPSEvidence {
  /// Degrees to 6 decimals (about 0.1 m), as people read coordinates.
  package static func degrees(_ value: Double) -> String { SecretValue.degreesText(value) }

  /// Altitude to 0.1 m, as people read it ("12.5 m", "-3 m").
  package static func metres(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    // A whole number that fits in Int64 prints without decimals (a hostile altitude of 1e30 m does not trap).
    return (tenths == tenths.rounded() && abs(tenths) < 1e15 ? String(Int64(tenths)) : CFormat.fixed(tenths, places: 1)) + " m"
  }

  /// The carrier path ("exif", "thumbnail/exif", "trailer#1/exif", "raw-bytes").
  package static func carrier(_ fix: GPSFix) -> String { fix.path.description }

  /// The carrier name of coordinates found in the descriptor.
  static let descriptorCarrier = "descriptor"

  /// Every carrier holding coordinates, the file's first, then the descriptor when it has any:
  /// what `gps_carriers` and `files_with_gps` count.
  public static func carriers(_ output: PhotoMetadata, _ descriptor: Descriptor?) -> [String] {
    var carriers = output.gps.map(carrier).uniqued()
    if descriptor?.coordinates.isEmpty == false { carriers.append(descriptorCarrier) }
    return carriers
  }

  /// "xmp: latitude 31.230416, longitude 121.473701, altitude 12.5 m" (redacted: "xmp:
  /// latitude/longitude ‹redacted #…›, altitude ‹redacted #…›"); a sidecar's names its file:
  /// "sidecar IMG_0001.xmp: latitude …".
  static func describe(_ fix: GPSFix) -> RedactableText {
    "\(carrier(fix))\(fix.sidecar.map { " \($0)" } ?? ""): \(values(fix))"
  }

  /// The fingerprint of a fix's values (`values`): the one its PA001 finding carries, and
  /// `inspect` shows beside the values.
  public static func fingerprint(_ fix: GPSFix) -> String? { values(fix).fingerprint }

  /// "latitude 31.230416, longitude 121.473701, altitude 12.5 m, time 2025-01-01T02:20:30Z", each
  /// value secret; where the file offset is known, "at byte N" (not secret) closes it.
  public static func values(_ fix: GPSFix) -> RedactableText {
    var parts: [RedactableText] = []
    if fix.hasCoordinates { parts.append(.secret(.position(latitude: fix.latitude, longitude: fix.longitude))) }
    if let alt = fix.altitude { parts.append("altitude \(secret: .altitude(alt, display: metres(alt)))") }
    if let time = fix.timestamp { parts.append("time \(secret: .time(time))") }
    if let unreadable = fix.unreadable { parts.append(unreadable) }
    if let signature = fix.signature { parts.append(signature) }
    return .joined(parts, separator: ", ")
  }
}
