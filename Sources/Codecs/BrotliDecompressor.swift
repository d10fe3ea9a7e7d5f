internal import CBrotli

/// Brotli decompression with a hard cap on the output size, the way `Inflater` caps zlib: a small
/// hostile stream (a JPEG XL `brob` box, the tail of a `jbrd` box) never makes us allocate more
/// than the cap. [RFC 7932]
///
/// Wraps `BrotliDecoderCreateInstance` / `BrotliDecoderDecompressStream` /
/// `BrotliDecoderDestroyInstance` (libbrotlidec). Pure Swift values in and out.
public enum BrotliDecompressor {
  /// How the stream ended.
  public enum Status: Sendable, Equatable {
    /// The stream ended normally; `consumed` says where.
    case complete
    /// Output reached the cap before the stream ended; `bytes` holds the first `maxOutput` bytes.
    case outputLimitReached
    /// The input ended before the end of the stream; `bytes` holds what could be decoded.
    case truncatedInput
    /// The data is not valid Brotli (libbrotli's error name); `bytes` holds what was decoded before.
    case corrupt(String)
  }

  /// What one decompression produced.
  public struct Result: Sendable, Equatable {
    public var bytes: [UInt8]
    public var status: Status
    /// Input bytes the stream used (less than the input when data follows the stream's end).
    public var consumed: Int

    /// True when the stream was decoded completely.
    public var isComplete: Bool { status == .complete }
  }

  /// Default cap for one metadata box (16 MiB, as `Inflater.defaultMaxOutput`).
  public static let defaultMaxOutput = 16 << 20

  /// Output is produced in steps of this size, so memory grows with the real output, not the cap.
  static let step = 64 << 10

  /// Decompresses `input`, producing at most `maxOutput` bytes. Never throws: a corrupt,
  /// truncated or oversized stream returns what was decoded with a status saying why it stopped.
  public static func decompress(_ input: [UInt8], maxOutput: Int = defaultMaxOutput) -> Result {
    let cap = max(0, maxOutput)
    guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
      return Result(bytes: [], status: .corrupt("libbrotlidec could not allocate its state"), consumed: 0)
    }
    defer { BrotliDecoderDestroyInstance(state) }
    var output: [UInt8] = []
    var status = Status.truncatedInput
    var consumed = 0
    var chunk = [UInt8](repeating: 0, count: min(step, max(cap, 1)))
    input.withUnsafeBufferPointer { inBuffer in
      var nextIn = inBuffer.baseAddress
      var availableIn = inBuffer.count
      decoding: while true {
        let room = min(chunk.count, cap - output.count)
        if room == 0 {
          // At the cap: probe with one more byte to tell "ended exactly here" from "more".
          var probe: UInt8 = 0
          var availableOut = 1
          let result = withUnsafeMutablePointer(to: &probe) { p -> BrotliDecoderResult in
            var nextOut: UnsafeMutablePointer<UInt8>? = p
            return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
          }
          status = switch result {
          case BROTLI_DECODER_RESULT_SUCCESS where availableOut == 1: .complete
          case BROTLI_DECODER_RESULT_ERROR: .corrupt(errorName(state))
          case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT where availableOut == 1: .truncatedInput
          default: .outputLimitReached
          }
          break decoding
        }
        var availableOut = room
        let result = chunk.withUnsafeMutableBufferPointer { out -> BrotliDecoderResult in
          var nextOut = out.baseAddress
          return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
        }
        output.append(contentsOf: chunk[0..<(room - availableOut)])
        switch result {
        case BROTLI_DECODER_RESULT_SUCCESS:
          status = .complete
          break decoding
        case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
          continue decoding
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
          status = .truncatedInput
          break decoding
        default:
          status = .corrupt(errorName(state))
          break decoding
        }
      }
      consumed = inBuffer.count - availableIn
    }
    return Result(bytes: output, status: status, consumed: consumed)
  }

  /// libbrotlidec's name for the decoder's last error (`BrotliDecoderErrorString`).
  private static func errorName(_ state: OpaquePointer) -> String {
    guard let text = BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state)) else { return "invalid Brotli data" }
    return String(cString: text)
  }

  /// The libbrotlidec version in use (`BrotliDecoderVersion`: 0xMMMmmmppp).
  public static var libraryVersion: String {
    let v = BrotliDecoderVersion()
    return "\(v >> 24).\((v >> 12) & 0xFFF).\(v & 0xFFF)"
  }
}
