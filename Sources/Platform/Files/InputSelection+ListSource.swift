extension InputSelection {
  /// Where a `--files-from` list comes from: a file (`-` for standard input), read entry by
  /// entry, or bytes already read (a test's standard input).
  public struct ListSource: Sendable {
    package enum Origin: Sendable {
      case file(String)
      case bytes([UInt8])
    }

    package let origin: Origin
    /// NUL-separated (`-0`) rather than one path a line.
    public var nulSeparated: Bool

    /// The list in the file at `path` (`-`: standard input).
    public static func file(_ path: String, nulSeparated: Bool) -> ListSource {
      ListSource(origin: .file(path), nulSeparated: nulSeparated)
    }

    /// The list in `bytes`.
    public static func bytes(_ bytes: [UInt8], nulSeparated: Bool) -> ListSource {
      ListSource(origin: .bytes(bytes), nulSeparated: nulSeparated)
    }

    /// Calls `body` with each entry, split as `InputSelection.entries` splits (a CR before a
    /// newline dropped, empty entries skipped), reading a file in chunks.
    public func forEach(_ body: (String) -> Void) throws(SystemError) {
      switch origin {
      case .bytes(let bytes):
        InputSelection.entries(of: bytes, nulSeparated: nulSeparated).forEach(body)
      case .file(let path):
        let reader = try LineReader(path: path, separator: nulSeparated ? 0 : UInt8(ascii: "\n"))
        while let line = try reader.next() {
          var entry = line.bytes[...]
          if !nulSeparated, entry.last == UInt8(ascii: "\r") { entry = entry.dropLast() }
          if !entry.isEmpty { body(String(decoding: entry, as: UTF8.self)) }
        }
      }
    }
  }
}
