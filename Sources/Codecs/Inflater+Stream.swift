internal import CZlib

extension Inflater {
  /// Inflates `input` a piece at a time without keeping the output, so a stream far larger
  /// than memory can be read through (the fail-closed sweep reads text past the inflate cap
  /// this way). `body` gets each piece of at most `pieceLength` bytes and the offset of its first
  /// byte in the output; returning false stops. At most `maxOutput` bytes are produced.
  ///
  /// Wraps `inflateInit2_` / `inflate` / `inflateEnd` (zlib). Returns how the stream ended
  /// (`.outputLimitReached` when `maxOutput` or `body` stopped it) and the bytes produced.
  public static func stream(_ input: [UInt8], wrapping: Wrapping = .zlib, maxOutput: Int, pieceLength: Int = 1 << 20,
                            _ body: (UnsafeRawBufferPointer, Int) -> Bool) -> (status: Status, produced: Int) {
    var stream = z_stream()
    let windowBits: Int32 = switch wrapping {
    case .zlib: 15
    case .raw: -15
    case .automatic: 15 + 32
    }
    guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return (.corrupt("zlib could not start"), 0)
    }
    defer { inflateEnd(&stream) }
    var piece = [UInt8](repeating: 0, count: max(1, pieceLength))
    var produced = 0
    var status = Status.truncatedInput
    input.withUnsafeBufferPointer { inBuffer in
      // zlib takes a non-const pointer but never writes through next_in.
      stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
      stream.avail_in = UInt32(clamping: inBuffer.count)
      while true {
        let room = min(piece.count, maxOutput - produced)
        guard room > 0 else {
          status = .outputLimitReached
          return
        }
        let code = piece.withUnsafeMutableBufferPointer { out -> Int32 in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(room)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        let count = room - Int(stream.avail_out)
        if count > 0 {
          let more = piece.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<count]), produced) }
          produced += count
          if !more {
            status = .outputLimitReached
            return
          }
        }
        switch code {
        case Z_STREAM_END:
          status = .complete
          return
        case Z_OK:
          continue
        case Z_BUF_ERROR where stream.avail_in == 0:
          status = .truncatedInput
          return
        default:
          status = .corrupt("invalid compressed data")
          return
        }
      }
    }
    return (status, produced)
  }
}
