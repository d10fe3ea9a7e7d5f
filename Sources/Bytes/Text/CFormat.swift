#if canImport(Glibc)
import Glibc
#endif

/// printf-style formatting of one number through the C library's `vsnprintf`: the same text as
/// Foundation's `String(format:)`, without building an NSString (measured: `String(format:)` for
/// the GPS evidence of each file was 3 % of a metadata scan).
package enum CFormat {
  /// `format` (one conversion, e.g. "%.6f") applied to `value`.
  package static func string(_ format: String, _ value: any CVarArg) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      let written = withVaList([value]) { vsnprintf(buffer.baseAddress!, 64, format, $0) }
      guard written >= 0 else { return "" }
      let length = min(Int(written), 63)
      return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: length), as: UTF8.self)
    }
  }
}
