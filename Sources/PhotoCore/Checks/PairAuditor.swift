import Foundation

/// Options for auditing one output.
public struct AuditOptions: Sendable, Codable {
  /// Compare pixels (orientation, crop, thumbnail) when an original is known.
  public var comparePixels = true
  /// Images over this many pixels are refused before decoding (decompression bombs).
  public var maxPixels = 200_000_000
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

  public static func audit(output outputPath: String, original originalPath: String?, descriptor descriptorPath: String?,
                           options: AuditOptions = AuditOptions()) -> Result {
    // The output is read whole: its byte map scans every byte (and pixels may need them). The
    // original is read whole only for pixels: its metadata needs its headers alone.
    let (output, outputScan, outputSource, outputBytes) = read(outputPath, whole: true)
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
    // An original the descriptor names is read only inside the read scope.
    let followed = originalPath == nil ? followedOriginal(descriptor, at: descriptorPath, scope: options.readScope) : nil
    let original = originalPath.map { read($0, whole: options.comparePixels) }
      ?? followed.map { f in f.admitted.map { read($0, whole: options.comparePixels, shownAs: f.path) } ?? refused(f.path) }
    let originalPath = originalPath ?? followed.flatMap { $0.admitted == nil ? nil : $0.path }
    var pixels: PixelVerdicts?
    if options.comparePixels, output.error == nil, let outputBytes {
      let originalPair: (PhotoMetadata, [UInt8])? = original.flatMap { o in
        guard o.metadata.error == nil, let bytes = o.bytes else { return nil }
        return (o.metadata, bytes)
      }
      pixels = PixelVerifier.verify(output: output, outputBytes: outputBytes, original: originalPair,
                                    claimedCrop: descriptor?.crop, maxPixels: options.maxPixels)
    }
    let byteMap = output.error == nil ? outputSource.map { ByteMapper.map($0, heif: outputScan?.heif) } : nil
    var subject = CheckSubject(output: output, original: original?.metadata, descriptor: descriptor,
                               descriptorProblem: descriptorProblem, pixels: pixels, byteMap: byteMap)
    subject.sameBytesAsOriginal = OutputUnprocessedCheck.sameBytes(outputBytes, original.map { ($0.metadata, $0.bytes) })
    let findings = CheckRegistry.run(subject, policy: options.policy)
    let report = FileReport(output: outputPath, original: originalPath, descriptor: descriptorPath, format: output.format,
                            displayed: output.displayed, gpsCarriers: GPSEvidence.carriers(output, descriptor),
                            pixels: pixels, findings: findings)
    return Result(report: report, output: output, original: original?.metadata, descriptor: descriptor)
  }

  /// Inspects a file. With `whole`, from memory, read in one call (and the bytes returned);
  /// else from the file, reading only the structures the walkers ask for. (Many small reads cost
  /// more than one whole read of a file of a few hundred KB; fewer than reading a 12 MP original.)
  /// `shownAs` is the path reports name (the file read may be its resolved path).
  static func read(_ path: String, whole: Bool, shownAs: String? = nil)
    -> (metadata: PhotoMetadata, scan: ContainerScan?, source: (any ByteSource)?, bytes: [UInt8]?)
  {
    let name = shownAs ?? path
    do {
      if !whole {
        let source = try FileSource(path: path)
        let (metadata, scan) = Inspector.inspectWithScan(source: source, path: name)
        return (metadata, scan, source, nil)
      }
      let bytes = try FileSource(path: path).allBytes()
      let source = MemorySource(bytes)
      let (metadata, scan) = Inspector.inspectWithScan(source: source, path: name)
      return (metadata, scan, source, bytes)
    } catch {
      return (PhotoMetadata(path: name, error: "cannot open: \(error)"), nil, nil, nil)
    }
  }

  /// The descriptor beside an output: `NAME.json`, else `NAME.ext.json`; nil when neither exists.
  public static func descriptorBeside(_ output: String) -> String? {
    descriptorNames(output).first { FileManager.default.fileExists(atPath: $0) }
  }

  /// Where a descriptor of `output` may be, in order of preference.
  static func descriptorNames(_ output: String) -> [String] {
    [PathName.deletingExtension(output) + ".json", output + ".json"]
  }
}
