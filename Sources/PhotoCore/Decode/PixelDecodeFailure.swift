import Bytes
import Codecs

/// Why a picture's pixels were not (all) checked, in the three kinds the findings need: a limit
/// or an unsupported feature leaves the check incomplete (PA015); damaged data is a broken
/// picture (PA016 for an output: users see grey or garbage).
public enum PixelDecodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--max-pixels` or a decoder's own limit refused the file before decoding it.
  case limit(String)
  /// A coding feature no decoder here implements.
  case unsupported(String)
  /// The data does not decode: truncated, corrupt, unreadable.
  case damaged(String)

  /// Classifies a codec error.
  public init(_ error: CodecError) {
    switch error {
    case .tooLarge, .limit: self = .limit(error.description)
    case .unsupported: self = .unsupported(error.description)
    default: self = .damaged(error.description)
    }
  }

  /// Classifies whatever a decode threw: a codec error by its kind, a failure as itself,
  /// anything else (a read error) as damage.
  public init(classifying error: any Error) {
    switch error {
    case let codec as CodecError: self.init(codec)
    case let failure as PixelDecodeFailure: self = failure
    default: self = .damaged("\(error)")
    }
  }

  /// The reason, as a sentence fragment.
  public var description: String {
    switch self {
    case .limit(let m), .unsupported(let m), .damaged(let m): m
    }
  }

  /// True for damaged data (not a limit or an unsupported feature).
  public var isDamage: Bool {
    if case .damaged = self { return true }
    return false
  }
}

/// A `ByteSource` as the input a streaming decoder pulls from.
struct ByteSourceInput: DecoderInput {
  package let source: any ByteSource
  package var count: Int { source.count }
  package func read(_ range: Range<Int>) throws -> [UInt8] { try source.bytes(in: range) }
}
