import Bytes
import PhotoCore
extension PairAuditor {
  /// The carrier of everything a sidecar carries (SPEC "Formats": "its coordinates are PA001
  /// with carrier `sidecar`").
  static let sidecarStep = CarrierPath(CarrierKind.sidecar.rawValue)

  /// A file read as a sidecar of an output, and what was already read of it.
  struct SidecarFile {
    package var path: String
    /// The bytes of a JSON file, read to tell a Takeout JSON from a descriptor.
    package var json: [UInt8]?
  }

  /// The descriptor and the sidecars of an output, sorted by content (`JSONKind`):
  /// - a **Takeout JSON** is a sidecar wherever it is, never a descriptor — found where a
  ///   descriptor would be (`NAME.json`, `NAME.ext.json`: Takeout's names before late 2024), it
  ///   leaves the place to the next file at a descriptor name that is no Takeout JSON;
  /// - the descriptor named stays the descriptor whatever else it holds, as before sidecars;
  /// - another JSON that holds a descriptor's claims is some other output's descriptor: not read;
  /// - any other JSON named as a sidecar is read as one (its coordinates are searched); a file at
  ///   a Takeout-only name (`….supplemental-metadata.json`) that is not JSON was not checked
  ///   (PA015), one at a descriptor name is no sidecar.
  struct SortedJSON {
    package var descriptor: String?
    /// The descriptor's bytes when they were read here (they are not read twice).
    var descriptorBytes: [UInt8]?
    package var sidecars: [SidecarFile]

    init(descriptor: String? = nil, descriptorBytes: [UInt8]? = nil, sidecars: [SidecarFile]) {
      self.descriptor = descriptor
      self.descriptorBytes = descriptorBytes
      self.sidecars = sidecars
    }
  }

  /// What a JSON file is, by content.
  enum JSONKind {
    case takeout, descriptor, other, notJSON

    init(_ bytes: [UInt8]?) {
      guard let bytes else { self = .notJSON; return }
      if PairAuditor.mayBeTakeout(bytes), let document = try? JSONParser.parse(bytes) {
        self = TakeoutJSON.recognises(document) ? .takeout
          : TakeoutJSON.holdsDescriptorClaims(document) ? .descriptor : .other
        return
      }
      guard let document = try? JSONParser.parse(bytes), case .object = document else { self = .notJSON; return }
      self = TakeoutJSON.holdsDescriptorClaims(document) ? .descriptor : .other
    }
  }

  /// `descriptorNames`: where the output's descriptor may be (`descriptorNames(_:)`), asked for
  /// only when a Takeout JSON was found at the descriptor's place.
  static func sortJSON(descriptor: String?, sidecars: [String], descriptorNames: () -> [String]) -> SortedJSON {
    var sorted = SortedJSON(descriptor: descriptor, sidecars: [])
    var descriptorIsTakeout = false
    if let descriptor, let bytes = try? FileSource(path: descriptor).allBytes() {
      sorted.descriptorBytes = bytes
      descriptorIsTakeout = mayBeTakeout(bytes) && JSONKind(bytes) == .takeout
    }
    guard descriptorIsTakeout || !sidecars.isEmpty else { return sorted }
    var files: [SidecarFile] = []
    let descriptorNames = descriptorIsTakeout ? descriptorNames() : []
    if descriptorIsTakeout, let descriptor {
      files.append(SidecarFile(path: descriptor, json: sorted.descriptorBytes))
      sorted.descriptor = nil
      sorted.descriptorBytes = nil
    }
    for path in sidecars where path != descriptor {
      guard SidecarNames.isJSONName(path) else {
        files.append(SidecarFile(path: path))
        continue
      }
      let bytes = try? FileSource(path: path).allBytes()
      let kind = JSONKind(bytes)
      let atDescriptorName = descriptorNames.contains(path)
      if kind != .takeout, atDescriptorName, descriptorIsTakeout, sorted.descriptor == nil {
        // The descriptor named was a Takeout JSON: this one takes its place.
        sorted.descriptor = path
        sorted.descriptorBytes = bytes
        continue
      }
      switch kind {
      case .takeout, .other: files.append(SidecarFile(path: path, json: bytes))
      case .descriptor: continue
      case .notJSON: if !atDescriptorName { files.append(SidecarFile(path: path, json: bytes)) }
      }
    }
    sorted.sidecars = files.sorted { PathOrder.less($0.path, $1.path) }
    return sorted
  }

  /// Whether JSON bytes name a key only Takeout writes: a descriptor (most JSON files read
  /// here) names none, so it is not parsed twice.
  static func mayBeTakeout(_ bytes: [UInt8]) -> Bool {
    TakeoutJSON.takeoutKeys.contains { key in ByteSearch.firstIndex(of: Array("\"\(key)\"".utf8)[...], in: bytes) != nil }
  }

  /// Whether JSON bytes are a Takeout sidecar.
  static func isTakeout(_ bytes: [UInt8]) -> Bool { mayBeTakeout(bytes) && JSONKind(bytes) == .takeout }

  /// Reads each sidecar as a file of its own (every byte) and files what it carries into the
  /// output's model: its GPS is the output's (PA001 with carrier `sidecar` and the sidecar's
  /// path in the evidence; PA002 when the descriptor says it was removed), its tags count for
  /// PA006/PA007, what could not be read or checked is PA015 (scope `sidecar`). A JSON that is
  /// no Takeout JSON is searched for coordinates (`TakeoutJSON.coordinates`); one that is not
  /// JSON at all, or a file named `.xmp` that is no XMP packet and no image, was not checked
  /// (PA015). An image named as a sidecar (a JPEG renamed `.xmp`) is read as that image, its
  /// carriers under `sidecar/…`; its PA014 findings are moved to the output's entry.
  static func addSidecars(_ files: [SidecarFile], to output: inout PhotoMetadata, policy: Policy) -> [Finding] {
    guard !files.isEmpty else { return [] }
    var moved: [Finding] = []
    for file in files {
      let path = file.path
      let (sidecar, inspection, _, _) = read(path, whole: false, mode: .complete)
      if let error = sidecar.error {
        if sidecar.format == nil, SidecarNames.isJSONName(path) {
          addUnknownJSON(file, to: &output)
        } else {
          output.gps += sidecar.gps.map { placed($0, from: path) }
          output.incomplete.append(IncompleteCheck(scope: sidecarStep.description, reason: "the sidecar \(path) could not be read: \(error)"))
        }
        continue
      }
      output.gps += sidecar.gps.map { placed($0, from: path) }
      output.gpsWithoutCoordinates += sidecar.gpsWithoutCoordinates.map { placed($0, from: path) }
      output.tags += sidecar.tags.filter { $0.carrier != .unknown }.map { tag in
        var tag = tag
        if tag.carrier != .sidecar || !tag.document.isRoot { tag.document = sidecarStep.appending(tag.document) }
        return tag
      }
      output.warnings += sidecar.warnings.map { "\(path): \($0)" }
      output.incomplete += sidecar.incomplete.map { part in
        let scope = CarrierPath(parsing: part.scope)
        return IncompleteCheck(scope: (scope == sidecarStep ? scope : sidecarStep.appending(scope)).description, reason: "\(path): \(part.reason)")
      }
      guard inspection?.hasUnexplainedBytes == true, let map = inspection?.byteMap else { continue }
      moved += UnaccountedBytesCheck.findings(for: map, file: output.path).map { finding in
        var f = finding
        f.carrier = sidecarStep.appending(CarrierPath(parsing: finding.carrier ?? "bytes")).description
        f.prefixEvidence("\(path): ")
        return f
      }
    }
    return policy.apply(moved)
  }

  /// A JSON named as a sidecar that is no Takeout JSON (nor the descriptor): its coordinates
  /// count, wherever they are in it; one that does not parse was not checked.
  static func addUnknownJSON(_ file: SidecarFile, to output: inout PhotoMetadata) {
    let scope = sidecarStep.description
    let bytes: [UInt8]
    do {
      let source = try FileSource(path: file.path)
      guard source.count <= SidecarWalker.maxBytes else {
        output.incomplete.append(IncompleteCheck(scope: scope, reason: "the sidecar \(file.path) is \(source.count) bytes, over the \(SidecarWalker.maxBytes >> 20) MiB cap; not read"))
        return
      }
      bytes = try file.json ?? source.allBytes()
    } catch {
      output.incomplete.append(IncompleteCheck(scope: scope, reason: "the sidecar \(file.path) could not be read: \(error)"))
      return
    }
    do {
      let document = try JSONParser.parse(bytes)
      output.gps += TakeoutJSON.coordinates(in: document).map { placed($0, from: file.path) }
    } catch {
      output.incomplete.append(IncompleteCheck(scope: scope, reason: "the sidecar \(file.path) is not JSON (\(error)); not checked"))
    }
  }

  /// A fix read from the sidecar at `path`, as the output's: carrier `sidecar` (what an image
  /// named as a sidecar carries under `sidecar/…`), the sidecar named.
  static func placed(_ fix: GPSFix, from path: String) -> GPSFix {
    var fix = fix
    if fix.path != sidecarStep { fix.path = sidecarStep.appending(fix.path) }
    fix.sidecar = path
    return fix
  }
}
