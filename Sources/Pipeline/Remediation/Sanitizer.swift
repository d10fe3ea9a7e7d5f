import Bytes
import Codecs
import Foundation
import PhotoCore
import Platform

/// What sanitizing one input produced.
public struct SanitizeResult: Sendable {
  public var input: String
  public var output: String?
  public var descriptorPath: String?
  /// The descriptor written beside the output.
  public var descriptor: JSONValue?
  /// Findings of the re-audit of the written output against its input and descriptor.
  public var findings: [Finding] = []
  /// Why this input failed, when it did.
  public var error: String?
  /// What would let a refused input through (`--trim`, `--accept-damaged`), for the command
  /// line to say.
  public var remedy: SanitizeRemedy?
  /// The output or descriptor that could not be written, when that is why it failed (disk
  /// full, permission, a file with that name): exit status 4, not a finding about the input.
  public var writeFailure: SystemError?
  /// Notes for the user ("quality floor 20 reached at 163 KB").
  public var notes: [String] = []
  public var bytesIn = 0
  public var bytesOut = 0
  /// True when re-reading the written output found no GPS in any carrier.
  public var gpsRemoved: Bool?

  public init(input: String, error: String? = nil) {
    self.input = input
    self.error = error
  }

  /// An input given up on (its time budget ran out): nothing written, PA015 in its findings.
  public static func notChecked(_ input: String, reason: String) -> SanitizeResult {
    var result = SanitizeResult(input: input, error: "\(input): not sanitized, nothing written: \(reason)")
    result.findings = [Finding(.incompleteCheck, file: input, carrier: "file",
                               evidence: "file not fully checked: \(reason); no output was written and nothing of it was verified")]
    return result
  }
}

/// The normalize-and-strip pipeline done right: decode at the smallest DCT scale that serves,
/// orient, crop, resize, encode with no metadata but ICC (`prepare`, in `Sanitizer+Phases`),
/// then write atomically and re-read the output through the inspector (every carrier) to compute
/// `gps_removed` and re-audit it (`commit`).
public enum Sanitizer {
  struct Failure: Error {
    package var message: String
    /// Findings about the input that say why (a raw with no picture to make an output from: PA013).
    package var findings: [Finding] = []
    /// What would let the input through, for the command line to say.
    package var remedy: SanitizeRemedy?
    init(_ message: String, findings: [Finding] = [], remedy: SanitizeRemedy? = nil) {
      self.message = message
      self.findings = findings
      self.remedy = remedy
    }
  }

  /// Decodes, orients, crops, resizes and encodes; returns the file bytes and the quality used.
  package static func render(_ bytes: consuming [UInt8], metadata m: PhotoMetadata, heif: HEIFFile?, options: SanitizeOptions,
                     notes: inout [String]) throws -> (bytes: [UInt8], quality: Int, damage: String?) {
    guard let format = m.format, var displayed = m.displayed else { throw Failure("\(m.path): no picture size") }
    guard displayed.pixelCount <= options.maxPixels else {
      throw Failure("\(m.path): \(displayed) is \(displayed.pixelCount) pixels, over --max-pixels \(options.maxPixels) (decompression-bomb guard)")
    }
    if format.isVideo { throw Failure(VideoRemediation.refusal(m.path, format: format)) }
    if format.isTIFFFamily { displayed = try tiffPictureSize(bytes, metadata: m, displayed: displayed, notes: &notes) }
    let icc = options.keepICC ? ICCProfileSource.profile(of: m) : nil
    if options.profile == .lossless {
      return (try LosslessSanitizer.transform(bytes, metadata: m, icc: icc, options: options), 100, nil)
    }
    let plan: RemediationPlan
    do {
      plan = try RemediationPlan.make(displayed: displayed, crop: options.crop, box: options.box, exact: options.exactSize,
                                      factors: SanitizeDecoder.factors(for: format))
    } catch { throw Failure("\(m.path): \(error)") }
    let decodedInput: SanitizeDecoder.Decoded
    do {
      decodedInput = try SanitizeDecoder.decode(bytes, metadata: m, heif: heif, plan: plan, options: options)
    } catch {
      throw Failure("\(m.path): the pixels cannot be decoded: \(error)")
    }
    if let damage = decodedInput.damage, !options.acceptDamaged {
      throw Failure("\(m.path): the pixels do not decode cleanly (\(damage)); not sanitized", remedy: .acceptDamage)
    }
    var image = decodedInput.image
    let decoded = PixelSize(width: image.width, height: image.height)
    let region = plan.region(in: decoded, displayed: displayed)
    if region.size != decoded { image = try image.cropped(to: region) }
    // Alpha goes on white before resampling for JPEG, so colours under transparent pixels do
    // not bleed into the edges.
    if !options.png, image.channels == 4 { image = image.flattened() }
    if PixelSize(width: image.width, height: image.height) != plan.output {
      image = try image.resized(to: plan.output, threads: options.threadsPerImage)
    }
    if options.png {
      return (try PNGCodec.encode(image), 100, decodedInput.damage)
    }
    let subsampling: JPEGSubsampling = options.fullChroma ? .s444 : .s420
    var quality = options.effectiveQuality
    var jpeg = try JPEGCodec.encode(image, quality: quality, subsampling: subsampling)
    if options.profile == .upload1024 {
      let limit = options.maxKB * 1024
      while jpeg.count + (icc?.count ?? 0) > limit, quality - 5 >= options.qualityFloor {
        quality -= 5
        jpeg = try JPEGCodec.encode(image, quality: quality, subsampling: subsampling)
      }
      if jpeg.count + (icc?.count ?? 0) > limit {
        notes.append("quality floor \(options.qualityFloor) reached: \((jpeg.count + (icc?.count ?? 0) + 1023) / 1024) KB is over --max-kb \(options.maxKB)")
      }
    }
    if let icc { jpeg = try JPEGCodec.insertICC(icc, into: jpeg) }
    return (jpeg, quality, decodedInput.damage)
  }
}

/// The ICC profile of a file as bytes, whatever carried it (JPEG APP2 chunks, HEIF colr, PNG
/// iCCP), rebuilt from its tag table (`ICCProfileRebuilder`): what no tag explains is not copied
/// into an output.
enum ICCProfileSource {
  package static func profile(of m: PhotoMetadata) -> [UInt8]? {
    let carriers = m.carriers.filter { $0.kind == .icc && $0.item == nil && $0.document.isRoot && !$0.payload.isEmpty }
    guard !carriers.isEmpty else { return nil }
    let profile = m.format == .jpeg ? ICCChunks.assemble(carriers.map { ICCChunks.app2Signature + $0.payload }).profile
      : carriers.first?.payload
    return profile.flatMap(ICCProfileRebuilder.rebuild)
  }
}

/// The `lossless` profile: TurboJPEG's lossless transform of the DCT data (no re-encode).
enum LosslessSanitizer {
  package static func transform(_ bytes: [UInt8], metadata m: PhotoMetadata, icc: [UInt8]?, options: SanitizeOptions) throws -> [UInt8] {
    guard m.format == .jpeg else {
      throw Sanitizer.Failure("\(m.path): the lossless profile needs a JPEG input, this is \(m.format?.rawValue.uppercased() ?? "unknown")")
    }
    guard options.crop == nil, options.maxSide == nil else {
      throw Sanitizer.Failure("\(m.path): the lossless profile cannot crop or resize; use picker-2048 or heic-to-jpeg")
    }
    let operation = LosslessOperation(for: m.orientation.effective)
    var out: [UInt8]
    do {
      out = try JPEGCodec.transform(bytes, operation: operation, trim: options.trim)
    } catch {
      throw Sanitizer.Failure("\(m.path): \(error)", remedy: options.trim ? nil : .trimEdges)
    }
    if let icc { out = try JPEGCodec.insertICC(icc, into: out) }
    return out
  }
}
