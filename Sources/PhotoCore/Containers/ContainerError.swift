import Bytes
/// Why a container walker could not read a file. Messages are full sentences for users;
/// the file name is added by the caller.
public enum ContainerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file ends inside a structure.
  case truncated(format: String, what: String, offset: Int)
  /// A structure is impossible (length too small, offset outside the file, bad magic).
  case malformed(format: String, what: String, offset: Int, reason: String)
  /// Nesting, chain length, entry count or total size over one of our caps.
  case limitExceeded(format: String, what: String, limit: Int)
  /// Not a format photoaudit reads.
  case unsupported(reason: String)
  /// The file could not be read.
  case io(String)

  public var description: String {
    switch self {
    case .truncated(let format, let what, let offset): "\(format) \(what) ends early at byte \(offset)"
    case .malformed(let format, let what, let offset, let reason): "\(format) \(what) at byte \(offset) is malformed: \(reason)"
    case .limitExceeded(let format, let what, let limit): "\(format) \(what) exceeds the limit of \(limit)"
    case .unsupported(let reason): reason
    case .io(let message): message
    }
  }

  /// Converts a byte-layer error, naming the format.
  public init(_ error: ByteError, format: String) {
    switch error {
    case .truncated(let what, let offset, _): self = .truncated(format: format, what: what, offset: offset)
    case .io(let message): self = .io(message)
    }
  }
}
