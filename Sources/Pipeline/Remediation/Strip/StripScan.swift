import Bytes
import PhotoCore

/// The leak scan `strip` runs on a file before and after rewriting it: the same read as an
/// output's audit (`Inspector` in `.complete` mode: every carrier of every embedded document,
/// the fail-closed sweep, the text sweep) and the same checks (`CheckRegistry`, the byte map
/// when some byte is unexplained), kept to the findings that say something identifying is in
/// the file or that it was not all read:
/// PA001 GPS (a thumbnail's included), PA006 location text, PA007 serials, owners and unique
/// IDs, PA010 at error (secondary images whose metadata holds a privacy field), PA013
/// unreadable, PA014 at error (bytes outside every structure that hold an image, EXIF, XMP or
/// text), PA015 not fully read, PA017 generator prompts, PA018 a C2PA manifest. Not leaks, and so
/// not asked: PA003 (an Orientation tag, which strip keeps on purpose), PA005 (a thumbnail whose
/// size does not match: a question for the pixels, not metadata), PA010 at info (an HDR gain
/// map's empty XMP) and the checks that need an original or a descriptor.
enum StripScan {
  static let leakIDs: Set<FindingID> = [
    .gpsPresent, .locationText, .identifyingFields, .secondaryImageMetadata, .unreadable,
    .unaccountedBytes, .incompleteCheck, .generationMetadata, .provenanceManifest,
  ]

  /// Reads `bytes` (shown as `path`) whole.
  static func read(_ bytes: [UInt8], path: String) -> Inspection {
    Inspector.read(source: MemorySource(bytes), path: path, options: InspectOptions(mode: .complete))
  }

  /// The leak findings of an inspection.
  static func leaks(_ inspection: Inspection) -> [Finding] {
    let byteMap = inspection.metadata.error == nil && inspection.hasUnexplainedBytes != false ? inspection.byteMap : nil
    let subject = CheckSubject(output: inspection.metadata, byteMap: byteMap)
    return CheckRegistry.run(subject).filter { finding in
      leakIDs.contains(finding.id)
        && (finding.id != .unaccountedBytes && finding.id != .secondaryImageMetadata || finding.severity == .error)
    }
  }

  /// A finding said without its evidence (reports never spread the leak): its ID and name,
  /// carrier and tag — "PA001 gps-present in exif (GPSLatitude/GPSLongitude)".
  static func summary(_ finding: Finding) -> String {
    var text = "\(finding.id.rawValue) \(finding.id.name)"
    if let carrier = finding.carrier { text += " in \(carrier)" }
    if let tag = finding.tag { text += " (\(tag))" }
    return text
  }
}
