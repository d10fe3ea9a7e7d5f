import Foundation

/// Random access to the bytes of one file or buffer, read on demand so a walker touches only
/// the bytes it needs (a JPEG's metadata is read without reading its scan data).
public protocol ByteSource: Sendable {
  /// Total number of bytes.
  var count: Int { get }
  /// The bytes in `range`, clamped to the end of the source.
  func bytes(in range: Range<Int>) throws(ByteError) -> [UInt8]
  /// Calls `body` with the bytes in `range` (clamped like `bytes(in:)`), without a copy where
  /// the source already holds them in memory: scans over whole files use this.
  func withBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) throws(ByteError) -> R
}

extension ByteSource {
  /// The bytes in `range`, or `.truncated` when the source ends before `range.upperBound`.
  public func exactBytes(in range: Range<Int>, what: String) throws(ByteError) -> [UInt8] {
    guard range.lowerBound >= 0, range.upperBound <= count else {
      throw .truncated(what: what, offset: min(max(range.lowerBound, 0), count), needed: range.count)
    }
    return try bytes(in: range)
  }

  public func withBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) throws(ByteError) -> R {
    try bytes(in: range).withUnsafeBytes(body)
  }

  /// Every byte of the source (used by byte maps and pixel decoders, which need them all).
  public func allBytes() throws(ByteError) -> [UInt8] { try bytes(in: 0..<count) }
}

/// Errors of the byte layer; `what` names the structure being read.
public enum ByteError: Error, Equatable, Sendable, CustomStringConvertible {
  case truncated(what: String, offset: Int, needed: Int)
  case io(String)

  public var description: String {
    switch self {
    case .truncated(let what, let offset, let needed):
      "\(what) ends early at byte \(offset) (\(needed) bytes needed)"
    case .io(let message): message
    }
  }
}

/// A `ByteSource` over bytes already in memory.
public struct MemorySource: ByteSource {
  public let storage: [UInt8]
  public init(_ storage: [UInt8]) { self.storage = storage }
  public var count: Int { storage.count }
  public func bytes(in range: Range<Int>) throws(ByteError) -> [UInt8] {
    let lower = min(max(range.lowerBound, 0), storage.count)
    let upper = min(max(range.upperBound, lower), storage.count)
    return Array(storage[lower..<upper])
  }
  public func withBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) throws(ByteError) -> R {
    let lower = min(max(range.lowerBound, 0), storage.count)
    let upper = min(max(range.upperBound, lower), storage.count)
    return storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[lower..<upper])) }
  }
}
