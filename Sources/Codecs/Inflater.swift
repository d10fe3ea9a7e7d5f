internal import CZlib

/// zlib/deflate decompression with a hard cap on the output size, so a small hostile stream
/// (a PNG `zTXt` or `iCCP` "decompression bomb") never makes us allocate more than the cap.
///
/// Wraps `inflateInit2_` / `inflate` / `inflateEnd` (zlib). Pure Swift values in and out.
public enum Inflater {
  /// The wrapping of the compressed stream. [RFC 1950, RFC 1951, RFC 1952]
  public enum Wrapping: Sendable, Equatable {
    /// zlib header and Adler-32 trailer (PNG `zTXt`, `iTXt`, `iCCP`, `IDAT`).
    case zlib
    /// Bare deflate data, no header.
    case raw
    /// zlib or gzip, recognised from the header.
    case automatic
  }

  /// How the stream ended.
  public enum Status: Sendable, Equatable {
    /// The stream ended normally and its checksum matched.
    case complete
    /// Output reached `maxOutput` before the stream ended; `bytes` holds the first `maxOutput` bytes.
    case outputLimitReached
    /// The input ended before the end of the stream (e.g. a missing Adler-32); `bytes` holds what
    /// could be decoded.
    case truncatedInput
    /// The data is not valid deflate (zlib's message); `bytes` holds what was decoded before the error.
    case corrupt(String)
  }

  /// What `inflate` produced: the (possibly partial) output and how the stream ended.
  public struct Result: Sendable, Equatable {
    public var bytes: [UInt8]
    public var status: Status
    /// Number of input bytes consumed.
    public var consumed: Int

    public init(bytes: [UInt8], status: Status, consumed: Int) {
      self.bytes = bytes
      self.status = status
      self.consumed = consumed
    }

    /// True when the stream was decoded completely.
    public var isComplete: Bool { status == .complete }
  }

  /// Default cap for one metadata chunk (16 MiB).
  public static let defaultMaxOutput = 16 << 20

  /// Output is produced in steps of this size, so memory grows with the real output, not the cap.
  static let step = 64 << 10

  /// Inflates `input`, producing at most `maxOutput` bytes. Never throws: a corrupt, truncated or
  /// oversized stream returns what was decoded with a status saying why it stopped.
  public static func inflate(_ input: [UInt8], maxOutput: Int = defaultMaxOutput,
                             wrapping: Wrapping = .zlib) -> Result {
    let cap = max(0, maxOutput)
    var stream = z_stream()
    let windowBits: Int32 = switch wrapping {
    case .zlib: 15
    case .raw: -15
    case .automatic: 15 + 32
    }
    let initStatus = inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard initStatus == Z_OK else {
      return Result(bytes: [], status: .corrupt(message(stream, initStatus)), consumed: 0)
    }
    defer { inflateEnd(&stream) }

    var output: [UInt8] = []
    var status = Status.truncatedInput
    var consumed = 0
    var chunk = [UInt8](repeating: 0, count: min(step, max(cap, 1)))

    input.withUnsafeBufferPointer { inBuffer in
      // zlib takes a non-const pointer but never writes through next_in.
      stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
      stream.avail_in = UInt32(clamping: inBuffer.count)
      decoding: while true {
        let room = min(chunk.count, cap - output.count)
        if room == 0 {
          // The cap is reached: probe with a 1-byte buffer to tell "ended exactly here" from "more".
          var probe: UInt8 = 0
          let code = withUnsafeMutablePointer(to: &probe) { p -> Int32 in
            stream.next_out = p
            stream.avail_out = 1
            return CZlib.inflate(&stream, Z_NO_FLUSH)
          }
          if code == Z_STREAM_END && stream.avail_out == 1 {
            status = .complete
          } else if stream.avail_out == 0 {
            status = .outputLimitReached
          } else if code == Z_OK || code == Z_BUF_ERROR {
            status = .truncatedInput
          } else {
            status = .corrupt(message(stream, code))
          }
          break decoding
        }
        let code = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(room)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        let produced = room - Int(stream.avail_out)
        output.append(contentsOf: chunk[0..<produced])
        switch code {
        case Z_STREAM_END:
          status = .complete
          break decoding
        case Z_OK:
          continue decoding
        case Z_BUF_ERROR where stream.avail_in == 0:
          // No progress possible and no input left: the stream is cut short.
          status = .truncatedInput
          break decoding
        default:
          status = .corrupt(message(stream, code))
          break decoding
        }
      }
      consumed = inBuffer.count - Int(stream.avail_in)
    }
    return Result(bytes: output, status: status, consumed: consumed)
  }

  /// zlib's message for the stream, or a description of the return code.
  private static func message(_ stream: z_stream, _ code: Int32) -> String {
    if let text = stream.msg { return String(cString: text) }
    return switch code {
    case Z_DATA_ERROR: "invalid compressed data"
    case Z_MEM_ERROR: "out of memory"
    case Z_STREAM_ERROR: "invalid stream state"
    case Z_NEED_DICT: "a preset dictionary is needed"
    case Z_VERSION_ERROR: "incompatible zlib version"
    default: "zlib error \(code)"
    }
  }

  /// The zlib version in use (`zlibVersion`).
  public static var libraryVersion: String { String(cString: zlibVersion()) }
}
