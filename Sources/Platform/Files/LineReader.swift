#if canImport(Glibc)
import Bytes
import Glibc
#endif

/// Reads a file line by line in 256 KiB chunks, so a JSONL stream of any length is read with
/// memory for one line (`merge` of shards, `--resume`, a `--files-from` list). Standard input is
/// read as `-`. Lines end at a newline, or at another separator byte (NUL for `-0`).
public final class LineReader {
  /// One line.
  public struct Line: Sendable {
    /// The bytes, without the newline.
    public var bytes: [UInt8]
    /// Where the line starts in the file.
    public var offset: Int
    /// False for a last line the file ends in without a newline (a write cut short).
    public var terminated: Bool
  }

  /// The longest line read: a JSONL record longer than `JSONParser.maxBytes` cannot be parsed.
  public static let maxLine = JSONParser.maxBytes + 1

  /// The path, for messages.
  public let path: String
  private let descriptor: Int32
  private let separator: UInt8
  private var buffer: [UInt8] = []
  private var position = 0
  private var consumed = 0
  private var atEnd = false

  /// Opens `path` for reading; lines end at `separator`.
  public init(path: String, separator: UInt8 = UInt8(ascii: "\n")) throws(SystemError) {
    self.path = path
    self.separator = separator
    let fd = path == "-" ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemError(.read, path: path, code: errno) }
    descriptor = fd
  }

  deinit { close(descriptor) }

  /// The next line, nil at the end of the file. A line longer than `maxLine` is an error
  /// (EFBIG: "the file is too large"), as is a failed read.
  public func next() throws(SystemError) -> Line? {
    var scanned = 0  // bytes after `position` known to hold no newline
    while true {
      if let newline = buffer[(position + scanned)...].firstIndex(of: separator) {
        return take(upTo: newline, terminated: true)
      }
      scanned = buffer.count - position
      guard scanned <= Self.maxLine else { throw SystemError(.read, path: path, code: EFBIG) }
      if atEnd { return scanned > 0 ? take(upTo: buffer.count, terminated: false) : nil }
      try fill()
    }
  }

  private func take(upTo end: Int, terminated: Bool) -> Line {
    let line = Line(bytes: Array(buffer[position..<end]), offset: consumed + position, terminated: terminated)
    position = terminated ? end + 1 : end
    return line
  }

  /// Drops what was read and appends the next chunk.
  private func fill() throws(SystemError) {
    if position > 0 {
      buffer.removeFirst(position)
      consumed += position
      position = 0
    }
    let chunk = 256 << 10
    let start = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    var n: Int
    repeat {
      n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, chunk) }
    } while n < 0 && errno == EINTR
    guard n >= 0 else {
      buffer.removeLast(chunk)
      throw SystemError(.read, path: path, code: errno)
    }
    buffer.removeLast(chunk - n)
    if n == 0 { atEnd = true }
  }
}
