import Foundation

/// Options for auditing one output.
public struct AuditOptions: Sendable {
  /// Compare pixels (orientation, crop, thumbnail) when an original is known.
  public var comparePixels = true
  /// Images over this many pixels are refused before decoding (decompression bombs).
  public var maxPixels = 200_000_000
  /// HEIF tiles decoded at once per file: the cores the batch's `-j` leaves idle.
  public var decodeThreads = 1
  public var policy = Policy()
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

  public static func audit(output outputPath: String, original originalPath: String?, descriptor descriptorPath: String?,
                           options: AuditOptions = AuditOptions()) -> Result {
    // The output is read whole and completely: its verdict covers every byte (the byte map, the
    // sweep, data after EOI), and pixels may need them. The original is read for its metadata
    // only (headers), and whole only when its pixels are compared. A file over `wholeReadLimit`
    // is read as the walkers and decoders ask (bounded memory).
    let (output, outputInspection, outputSource, outputBytes) = read(outputPath, whole: true, mode: .complete)
    var descriptor: Descriptor?
    var descriptorProblem: String?
    if let descriptorPath {
      do {
        let bytes = try FileSource(path: descriptorPath).allBytes()
        descriptor = try Descriptor.parse(bytes, path: descriptorPath)
      } catch let problem as Descriptor.Problem {
        descriptorProblem = problem.description  // names the descriptor already
      } catch {
        descriptorProblem = "descriptor \(descriptorPath): \(error)"
      }
    }
    var originalPath = originalPath
    if originalPath == nil, let named = descriptor?.original, let descriptorPath {
      let folder = (descriptorPath as NSString).deletingLastPathComponent
      originalPath = RelativePath.join(folder, named)
    }
    let original = originalPath.map { read($0, whole: options.comparePixels, mode: .metadata) }
    var pixels: PixelVerdicts?
    if options.comparePixels, output.error == nil, let outputSource {
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
    let findings = CheckRegistry.run(subject, policy: options.policy)
    let report = FileReport(output: outputPath, original: originalPath, descriptor: descriptorPath, format: output.format,
                            displayed: output.displayed, gpsCarriers: GPSEvidence.carriers(output, descriptor),
                            pixels: pixels, findings: findings)
    return Result(report: report, output: output, original: original?.metadata, descriptor: descriptor)
  }

  /// Reads a file in `mode`. With `whole`, from memory, read in one call (and the bytes
  /// returned); else from the file, reading only the structures the walkers ask for. (Many small
  /// reads cost more than one whole read of a file of a few hundred KB; fewer than reading a
  /// 12 MP original.)
  static func read(_ path: String, whole: Bool, mode: ReadMode)
    -> (metadata: PhotoMetadata, inspection: Inspection?, source: (any ByteSource)?, bytes: [UInt8]?)
  {
    let options = InspectOptions(mode: mode)
    do {
      let file = try FileSource(path: path)
      if !whole || file.count > wholeReadLimit {
        let inspection = Inspector.read(source: file, path: path, options: options)
        return (inspection.metadata, inspection, file, nil)
      }
      let bytes = try file.allBytes()
      let source = MemorySource(bytes)
      let inspection = Inspector.read(source: source, path: path, options: options)
      return (inspection.metadata, inspection, source, bytes)
    } catch {
      return (PhotoMetadata(path: path, error: "cannot open: \(error)"), nil, nil, nil)
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
