import Bytes
import Foundation
import PhotoCore
import Platform

/// Options for auditing one output.
public struct AuditOptions: Sendable, Codable {
  /// Compare pixels (orientation, crop, thumbnail) when an original is known.
  public var comparePixels = true
  /// Images over this many pixels are refused before decoding (decompression bombs).
  public var maxPixels = 200_000_000
  /// HEIF tiles decoded at once per file: the cores the batch's `-j` leaves idle.
  public var decodeThreads = 1
  public var policy = Policy()
  /// Where a descriptor's `original` may be read from (`ReadScope`).
  public var readScope = ReadScope.currentDirectory
  public init() {}
}

/// Audits one output, with its original and descriptor when known: inspect both, compare
/// pixels, run every check. The unit of work of `verify`, `diff` and `audit`.
public enum PairAuditor {
  /// What was read and found.
  public struct Result: Sendable {
    public var report: FileReport
    public var output: PhotoMetadata
    public var original: PhotoMetadata?
    public var descriptor: Descriptor?
  }

  /// `companion`: the Live Photo video of the output (a still), read with it: what the video
  /// carries is filed under `live-photo-video` and checked as the still's. `sidecars`: files
  /// beside it named as its sidecars (`SidecarNames`), read with it: what an XMP or Takeout JSON
  /// sidecar carries is the output's, carrier `sidecar`; a JSON among them (or the descriptor)
  /// is sorted by content first (`sortJSON`).
  public static func audit(output outputPath: String, original originalPath: String?, descriptor namedDescriptor: String?,
                           options: AuditOptions = AuditOptions(), companion: String? = nil, sidecars: [String] = []) -> Result {
    // The output is read whole and completely: its verdict covers every byte (the byte map, the
    // sweep, data after EOI), and pixels may need them. The original is read for its metadata
    // only (headers), and whole only when its pixels are compared. A file over `wholeReadLimit`
    // is read as the walkers and decoders ask (bounded memory).
    var (output, outputInspection, outputSource, _) = read(outputPath, whole: true, mode: .complete)
    var companionFindings = companion.map { addCompanion($0, to: &output, policy: options.policy) } ?? []
    // A Takeout JSON found where a descriptor would be is a sidecar, not a descriptor. A sidecar
    // audited as a file of its own has neither (`IMG.jpg.json` is no descriptor of itself).
    let isSidecar = output.format?.isSidecar == true
    let sorted = isSidecar ? SortedJSON(sidecars: [])
      : sortJSON(descriptor: namedDescriptor == outputPath ? nil : namedDescriptor,
                 sidecars: sidecars.isEmpty ? sidecars : sidecars.filter { $0 != outputPath }, descriptorNames: { descriptorNames(outputPath) })
    let descriptorPath = sorted.descriptor
    if !sorted.sidecars.isEmpty { companionFindings += addSidecars(sorted.sidecars, to: &output, policy: options.policy) }
    var descriptor: Descriptor?
    var descriptorProblem: String?
    if let descriptorPath {
      do {
        let bytes = try sorted.descriptorBytes ?? FileSource(path: descriptorPath).allBytes()
        descriptor = try Descriptor.parse(bytes, path: descriptorPath)
      } catch let problem as Descriptor.Problem {
        descriptorProblem = problem.description  // names the descriptor already
      } catch {
        descriptorProblem = "descriptor \(descriptorPath): \(error)"
      }
    }
    // An original the descriptor names is read only inside the read scope.
    let followed = originalPath == nil ? followedOriginal(descriptor, at: descriptorPath, scope: options.readScope) : nil
    let original = originalPath.map { read($0, whole: options.comparePixels, mode: .metadata) }
      ?? followed.map { f in
        f.admitted.map { read($0, whole: options.comparePixels, mode: .metadata, shownAs: f.path) } ?? refused(f.path)
      }
    let originalPath = originalPath ?? followed.flatMap { $0.admitted == nil ? nil : $0.path }
    var pixels: PixelVerdicts?
    // A video has no pixels photoaudit compares (it is never decoded).
    if options.comparePixels, output.error == nil, output.format?.isVideo != true, output.format?.isSidecar != true, let outputSource {
      let originalInput: PixelInput? = original.flatMap { o in
        guard o.metadata.error == nil, let source = o.source else { return nil }
        return PixelInput(metadata: o.metadata, source: source, heif: o.inspection?.tree?.scan.heif)
      }
      pixels = PixelVerifier.verify(output: PixelInput(metadata: output, source: outputSource, heif: outputInspection?.tree?.scan.heif),
                                    original: originalInput, claimedCrop: descriptor?.crop, maxPixels: options.maxPixels,
                                    threads: options.decodeThreads)
    }
    // PA014 needs the byte map only where some byte is unexplained: a fully accounted output
    // (most of them) is not mapped.
    let byteMap = output.error == nil && outputInspection?.hasUnexplainedBytes != false ? outputInspection?.byteMap : nil
    var subject = CheckSubject(output: output, original: original?.metadata, descriptor: descriptor,
                               descriptorProblem: descriptorProblem, pixels: pixels, byteMap: byteMap)
    subject.sameBytesAsOriginal = OutputUnprocessedCheck.sameBytes(outputSource, original.map { ($0.metadata, $0.source) })
    let findings = CheckRegistry.run(subject, policy: options.policy) + companionFindings
    var report = FileReport(output: outputPath, original: originalPath, descriptor: descriptorPath, format: output.format,
                            displayed: output.displayed, gpsCarriers: GPSEvidence.carriers(output, descriptor),
                            pixels: pixels, findings: findings)
    report.livePhotoVideo = companion
    if !sorted.sidecars.isEmpty { report.sidecars = sorted.sidecars.map { $0.path } }
    return Result(report: report, output: output, original: original?.metadata, descriptor: descriptor)
  }

  /// Reads a file in `mode`. With `whole`, from memory, read in one call (and the bytes
  /// returned); else from the file, reading only the structures the walkers ask for. (Many small
  /// reads cost more than one whole read of a file of a few hundred KB; fewer than reading a
  /// 12 MP original.) `shownAs` is the path reports name (the file read may be its resolved path).
  package static func read(_ path: String, whole: Bool, mode: ReadMode, shownAs: String? = nil)
    -> (metadata: PhotoMetadata, inspection: Inspection?, source: (any ByteSource)?, bytes: [UInt8]?)
  {
    let name = shownAs ?? path
    let options = InspectOptions(mode: mode)
    do {
      let file = try FileSource(path: path)
      // A video is never read whole (its 'mdat' is not metadata) and has no pixels to compare.
      if !whole || file.count > wholeReadLimit || VideoRemediation.isVideo(file) {
        let inspection = Inspector.read(source: file, path: name, options: options)
        return (inspection.metadata, inspection, file, nil)
      }
      let bytes = try file.allBytes()
      let source = MemorySource(bytes)
      let inspection = Inspector.read(source: source, path: name, options: options)
      return (inspection.metadata, inspection, source, bytes)
    } catch {
      return (PhotoMetadata(path: name, error: "cannot open: \(error)"), nil, nil, nil)
    }
  }

  /// Files larger than this are never read whole into memory: the walkers and the pixel
  /// decoders read what they need (a 196 MP PNG stays within the per-job memory budget).
  static let wholeReadLimit = 32 << 20

  /// The descriptor beside an output: `NAME.json`, else `NAME.ext.json`; nil when neither exists.
  public static func descriptorBeside(_ output: String) -> String? {
    descriptorNames(output).first { FileManager.default.fileExists(atPath: $0) }
  }

  /// Where a descriptor of `output` may be, in order of preference.
  static func descriptorNames(_ output: String) -> [String] {
    [PathName.deletingExtension(output) + ".json", output + ".json"]
  }
}
