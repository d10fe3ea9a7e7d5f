#if canImport(Glibc)
import Glibc
#endif

/// `readdir(3)` entries, read safely.
package enum DirectoryEntry {
  /// The entry's name, read up to its NUL. A record is only as long as its name needs, so
  /// loading the whole 256-byte `d_name` field (`entry.pointee.d_name`) reads past the end of
  /// the last record in the buffer (AddressSanitizer: heap-buffer-overflow).
  package static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
  }
}
