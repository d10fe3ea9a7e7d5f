import Foundation
import Pipeline

/// The work a worker process does for photoaudit: the steps that decode pixels, where a hostile
/// file can make a decoder take minutes, gigabytes or a crash.
public enum WorkerJob: Sendable, Codable {
  /// Audit one output (with its original and descriptor): `PairAuditor`.
  case audit(AuditJob, AuditOptions)
  /// The first phase of sanitizing one input (`Sanitizer.prepare`): nothing is written.
  /// `companion`: the Live Photo video paired with the input (not written).
  case render(input: String, options: SanitizeOptions, companion: String?)
  /// A report thumbnail of a picture as displayed, or of its embedded EXIF thumbnail.
  case thumbnail(path: String, maxPixels: Int, embedded: Bool)

  /// The file the job reads first, for messages ("the decoder crashed on …").
  public var path: String {
    switch self {
    case .audit(let job, _): job.output
    case .render(let input, _, _): input
    case .thumbnail(let path, _, _): path
    }
  }

  /// Does the job, in this process.
  public func perform() -> WorkerResult {
    switch self {
    case .audit(let job, let options):
      guard job.problem == nil else { return .audit(PairAuditor.audit(job, options: options), outputUnreadable: true) }
      let result = PairAuditor.audit(output: job.output, original: job.original, descriptor: job.descriptor, options: options,
                                     companion: job.companion, sidecars: job.sidecars)
      return .audit(result.report, outputUnreadable: result.output.nothingRead)
    case .render(let input, let options, let companion):
      return .render(Sanitizer.prepare(input: input, options: options, companion: companion))
    case .thumbnail(let path, let maxPixels, let embedded):
      return .thumbnail(embedded ? Thumbnailer.embeddedDataURI(path) : Thumbnailer.dataURI(path, maxPixels: maxPixels))
    }
  }
}

/// What a job gave.
public enum WorkerResult: Sendable, Equatable {
  /// The report of an audit job; `outputUnreadable` when nothing of the output could be read
  /// (`PhotoMetadata.nothingRead`; one read in part has findings instead).
  case audit(FileReport, outputUnreadable: Bool)
  /// The render of a sanitize job, or why it failed.
  case render(Result<SanitizeRender, SanitizeFailure>)
  /// A thumbnail as a `data:` URI, nil when the picture does not decode.
  case thumbnail(String?)
}

extension WorkerJob {
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }

  package static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }

  /// The job as a frame.
  func frame() -> WorkerFrame {
    // Encoding plain value types cannot fail (non-finite numbers are spelled out).
    WorkerFrame(header: (try? Array(WorkerJob.encoder().encode(self))) ?? [])
  }

  /// The job in a frame, nil when it is not one.
  init?(_ frame: WorkerFrame) {
    guard let job = try? WorkerJob.decoder().decode(WorkerJob.self, from: Data(frame.header)) else { return nil }
    self = job
  }
}

extension WorkerResult {
  /// The header of a result: the result with a render's bytes moved to the frame's payload.
  private enum Header: Codable {
    case audit(FileReport, outputUnreadable: Bool)
    /// A render without its bytes (they are the payload).
    case rendered(SanitizeRender)
    case renderFailed(SanitizeFailure)
    case thumbnail(String?)
  }

  /// The result as a frame.
  func frame() -> WorkerFrame {
    let header: Header
    var payload: [UInt8] = []
    switch self {
    case .audit(let report, let unreadable): header = .audit(report, outputUnreadable: unreadable)
    case .render(.success(var r)):
      payload = r.bytes
      r.bytes = []
      header = .rendered(r)
    case .render(.failure(let failure)): header = .renderFailed(failure)
    case .thumbnail(let uri): header = .thumbnail(uri)
    }
    return WorkerFrame(header: (try? Array(WorkerJob.encoder().encode(header))) ?? [], payload: payload)
  }

  /// The result in a frame, nil when it is not one.
  init?(_ frame: WorkerFrame) {
    guard let header = try? WorkerJob.decoder().decode(Header.self, from: Data(frame.header)) else { return nil }
    switch header {
    case .audit(let report, let unreadable): self = .audit(report, outputUnreadable: unreadable)
    case .rendered(var r):
      r.bytes = frame.payload
      self = .render(.success(r))
    case .renderFailed(let failure): self = .render(.failure(failure))
    case .thumbnail(let uri): self = .thumbnail(uri)
    }
  }
}
