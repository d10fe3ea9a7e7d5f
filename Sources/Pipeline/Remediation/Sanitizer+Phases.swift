import Bytes
import Foundation
#if canImport(Glibc)
import Glibc
import PhotoCore
import Platform
#endif

/// What the first phase of sanitizing one input made: the output's bytes and what its
/// descriptor needs from the input. Made where decoding may blow up (a worker process); nothing
/// is written by it.
public struct SanitizeRender: Sendable, Equatable, Codable {
  /// The encoded output (JPEG or PNG).
  public var bytes: [UInt8]
  /// The JPEG quality used.
  public var quality: Int
  /// The input's media ID ("pa-" + SHA-256 prefix).
  public var mediaID: String
  /// The input's capture time as the descriptor states it.
  public var createdAtLocal: String?
  /// Notes for the user ("quality floor 20 reached …").
  public var notes: [String]
  /// The input's size.
  public var bytesIn: Int
  /// Why the input's pixels did not decode cleanly, when they did not and `--accept-damaged`
  /// wrote what decoded (the re-check adds PA016).
  public var damage: String?
  /// True when the input carries a video (a Motion Photo's, a Live Photo's companion) that the
  /// still output leaves out: the descriptor says `"video_dropped": true`.
  public var videoDropped: Bool
  /// True when that video had a track of timed metadata: `"telemetry_dropped": true`.
  public var telemetryDropped: Bool

  /// A render with these parts.
  public init(bytes: [UInt8], quality: Int, mediaID: String, createdAtLocal: String?, notes: [String], bytesIn: Int,
              damage: String? = nil, videoDropped: Bool = false, telemetryDropped: Bool = false) {
    self.bytes = bytes
    self.quality = quality
    self.mediaID = mediaID
    self.createdAtLocal = createdAtLocal
    self.notes = notes
    self.bytesIn = bytesIn
    self.damage = damage
    self.videoDropped = videoDropped
    self.telemetryDropped = telemetryDropped
  }
}

/// Why an input could not be rendered: the message for the user, with what was known.
public struct SanitizeFailure: Error, Sendable, Equatable, Codable {
  public var message: String
  public var bytesIn: Int
  public var notes: [String]
  /// Findings about the input itself (a bare video refused: PA013).
  public var findings: [Finding]
  /// What would let the input through.
  public var remedy: SanitizeRemedy?

  /// A failure with this message.
  public init(message: String, bytesIn: Int = 0, notes: [String] = [], findings: [Finding] = [], remedy: SanitizeRemedy? = nil) {
    self.remedy = remedy
    self.message = message
    self.bytesIn = bytesIn
    self.notes = notes
    self.findings = findings
  }
}

extension Sanitizer {
  /// `prepare` then `commit`, in this process. `companion`: the Live Photo video paired with
  /// the input, which is not written (the descriptor says so).
  public static func sanitize(input: String, output: String, descriptor descriptorPath: String,
                              options: SanitizeOptions, token: BudgetToken? = nil, companion: String? = nil) -> SanitizeResult {
    commit(prepare(input: input, options: options, companion: companion), input: input, output: output,
           descriptor: descriptorPath, options: options, token: token)
  }

  /// Phase one: read, inspect, decode, orient, crop, resize, encode. Writes nothing. A bare
  /// video is refused (PA013) before it is read whole.
  public static func prepare(input: String, options: SanitizeOptions, companion: String? = nil) -> Result<SanitizeRender, SanitizeFailure> {
    if let refused = VideoRemediation.refusedVideo(input: input) {
      return .failure(SanitizeFailure(message: refused.error ?? input, bytesIn: refused.bytesIn, findings: refused.findings))
    }
    var bytesIn = 0
    var notes: [String] = []
    do {
      let bytes = try FileSource(path: input).allBytes()
      bytesIn = bytes.count
      // The walk's tree reads through a source that holds the input: only what render needs is
      // kept, so the input is freed once decoded (a 48 MP JPEG is 16 MB).
      let (metadata, heif) = Self.inspect(bytes, path: input)
      if let error = metadata.error { throw Failure("\(input): \(error)") }
      notes += ProvenanceNotes.dropped(metadata)
      // The media ID (SHA-256 of the input) is computed on another thread during the decode.
      let mediaID = BackgroundWork { [bytes] in DescriptorWriter.mediaID(of: bytes) }
      // The input goes to render, which frees it once decoded (a 48 MP JPEG is 16 MB).
      let encoded = try render(consume bytes, metadata: metadata, heif: heif, options: options, notes: &notes)
      if let note = VideoRemediation.droppedNote(metadata, companion: companion) { notes.append(note) }
      return .success(SanitizeRender(bytes: encoded.bytes, quality: encoded.quality, mediaID: mediaID.value(),
                                     createdAtLocal: DescriptorWriter.createdAtLocal(metadata), notes: notes, bytesIn: bytesIn,
                                     damage: encoded.damage, videoDropped: VideoRemediation.dropsVideo(metadata, companion: companion),
                                     telemetryDropped: VideoRemediation.dropsTelemetry(metadata, companion: companion)))
    } catch let failure as Failure {
      return .failure(SanitizeFailure(message: failure.message, bytesIn: bytesIn, notes: notes, findings: failure.findings,
                                      remedy: failure.remedy))
    } catch {
      return .failure(SanitizeFailure(message: "\(input): \(error)", bytesIn: bytesIn, notes: notes))
    }
  }

  /// The input's metadata and, for HEIF, its walked structure: not the tree, whose source holds
  /// the input's bytes.
  package static func inspect(_ bytes: [UInt8], path: String) -> (PhotoMetadata, HEIFFile?) {
    let inspection = Inspector.read(source: MemorySource(bytes), path: path, options: InspectOptions(mode: .metadata))
    return (inspection.metadata, inspection.tree?.scan.heif)
  }

  /// Phase two: writes the output and its honest descriptor (whose `gps_removed` comes from
  /// re-reading the written output), then re-audits them. Without `force` an existing file is
  /// kept when it holds exactly the bytes this run would write (a rerun completes what an
  /// interrupted run left half done) and refused otherwise. The pair is written inside one
  /// `Interruption` commit: a SIGINT or SIGTERM never separates the image from its descriptor.
  public static func commit(_ prepared: Result<SanitizeRender, SanitizeFailure>, input: String, output: String,
                            descriptor descriptorPath: String, options: SanitizeOptions, token: BudgetToken? = nil) -> SanitizeResult {
    var result = SanitizeResult(input: input)
    let rendered: SanitizeRender
    switch prepared {
    case .failure(let failure):
      result.error = failure.message
      result.remedy = failure.remedy
      result.bytesIn = failure.bytesIn
      result.notes = failure.notes
      result.findings = failure.findings
      return result
    case .success(let r):
      rendered = r
    }
    result.bytesIn = rendered.bytesIn
    result.notes = rendered.notes
    // Under a time budget, write only while the caller still waits for this file.
    if let token, !token.beginCommit() {
      result.error = "\(input): not written: over the time budget"
      return result
    }
    guard Interruption.beginCommit() else {
      result.error = "\(input): not written: the run is being stopped"
      return result
    }
    defer { Interruption.endCommit() }
    do {
      // Outputs mirror the input tree: the folder below --out may be new.
      try SystemError.createFolder(PathName.folder(output))
      let image = try place(rendered.bytes, at: output, force: options.force)
      result.output = output
      result.bytesOut = rendered.bytes.count
      // gps_removed is computed from the written file, every carrier: never assumed.
      let written = Inspector.inspect(path: output)
      result.gpsRemoved = written.error == nil && written.gps.isEmpty
      let doc = DescriptorWriter.descriptor(inputPath: input, mediaID: rendered.mediaID, createdAtLocal: rendered.createdAtLocal,
                                            output: written, gpsRemoved: result.gpsRemoved ?? false, quality: rendered.quality,
                                            options: options, videoDropped: rendered.videoDropped,
                                            telemetryDropped: rendered.telemetryDropped)
      let descriptor = try place(Array((doc.serialized() + "\n").utf8), at: descriptorPath, force: options.force)
      if image == .kept, descriptor == .written { result.notes.append("completed an earlier run's output: wrote its missing descriptor") }
      if image == .written, descriptor == .kept { result.notes.append("completed an earlier run's output: wrote its missing image") }
      result.descriptorPath = descriptorPath
      result.descriptor = doc
    } catch {
      result.writeFailure = error
      result.error = "\(error)"
      return result
    }
    result.findings = reaudit(output: output, input: input, descriptor: descriptorPath)
    if let damage = rendered.damage {
      result.findings.append(Finding(.outputDamaged, file: output, carrier: "pixels", evidence:
        "made from an input whose pixels do not decode cleanly (\(damage)), accepted with --accept-damaged: the output shows what decoded, grey or garbage where the data was missing"))
    }
    return result
  }

  /// Re-audits a written output against its input and descriptor: every metadata check and
  /// the byte map. The pixels were just made upright from the decoded input, and decoding the
  /// input again would cost a third of a JPEG run and half of a HEIC one; `verify` with the
  /// original does the pixel comparison (the sanitize tests do it for every fixture).
  static func reaudit(output: String, input: String, descriptor: String) -> [Finding] {
    var audit = AuditOptions()
    audit.comparePixels = false
    return PairAuditor.audit(output: output, original: input, descriptor: descriptor, options: audit).report.findings
  }

  /// What `place` did.
  package enum Placed { case written, kept }

  /// Writes `bytes` at `path` atomically. Without `force`, a regular file already there with
  /// exactly these bytes is kept (an earlier run of the same command wrote it); anything else
  /// there — other bytes, a link, a folder — is refused ("a file with that name exists").
  package static func place(_ bytes: [UInt8], at path: String, force: Bool) throws(SystemError) -> Placed {
    if force {
      try AtomicFile.write(bytes, to: path, overwrite: true)
      return .written
    }
    do {
      try AtomicFile.write(bytes, to: path, overwrite: false)
      return .written
    } catch where error.isExisting {
      guard holdsExactly(bytes, path) else { throw error }
      return .kept
    }
  }

  /// True when `path` is a regular file (not a link) whose content is `bytes`.
  static func holdsExactly(_ bytes: [UInt8], _ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count,
          let existing = try? FileSource(path: path).allBytes() else { return false }
    return existing == bytes
  }
}
