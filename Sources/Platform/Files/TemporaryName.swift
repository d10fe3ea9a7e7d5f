/// A temporary's name taken apart. Three forms exist:
/// - `.photoaudit-tmp-<pid>-@<host>-<name>.XXXXXX`: this photoaudit's (`<host>`: the
///   maker's `TemporaryHost` identity, 12 hex digits);
/// - `.photoaudit-tmp-<pid>-<name>.XXXXXX`: a photoaudit's from before host identities;
/// - `.photoaudit-tmp-<name>.XXXXXX`: a photoaudit's from before pids.
///
/// The host follows `<pid>-` (rather than `<pid>@<host>-`) so that a photoaudit from before host
/// identities still reads the pid in a current name and judges it by that pid, as it judges
/// every name it knows, instead of taking it for a pid-less name and removing it at once.
package struct TemporaryName: Equatable {
  /// The maker's pid; nil when the name has none.
  package var pid: Int32?
  /// The maker's host identity; nil when the name has none.
  package var host: String?
  /// `<name>`: the final name the temporary was made for, cut short when the whole would not
  /// have fit the folder's name limit (`TemporaryFiles.temporaryPath`).
  package var final: String

  /// `.XXXXXX`: what `mkstemp`/`mkdtemp` replace with six characters of their own.
  package static let randomPart = ".XXXXXX"

  /// Takes `name` apart; nil when it does not begin with `TemporaryFiles.prefix`.
  package init?(_ name: String) {
    let bytes = Array(name.utf8), prefix = TemporaryFiles.prefix.utf8.count
    guard name.hasPrefix(TemporaryFiles.prefix) else { return nil }
    var start = prefix
    var digitsEnd = prefix
    while digitsEnd < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsEnd]) { digitsEnd += 1 }
    if digitsEnd > prefix, digitsEnd < bytes.count, bytes[digitsEnd] == UInt8(ascii: "-"),
       let pid = Int32(String(decoding: bytes[prefix..<digitsEnd], as: UTF8.self)) {
      self.pid = pid
      start = digitsEnd + 1
      let hostEnd = start + 1 + TemporaryHost.length
      if hostEnd < bytes.count, bytes[start] == UInt8(ascii: "@"), bytes[hostEnd] == UInt8(ascii: "-"),
         TemporaryHost.isIdentity(bytes[(start + 1)..<hostEnd]) {
        host = String(decoding: bytes[(start + 1)..<hostEnd], as: UTF8.self)
        start = hostEnd + 1
      }
    }
    final = String(decoding: bytes[start..<max(start, bytes.count - Self.randomPart.utf8.count)], as: UTF8.self)
  }

  /// What comes before `<name>`: `.photoaudit-tmp-<pid>-@<host>-`, or `.photoaudit-tmp-<pid>-`
  /// without a host (the form before host identities, to recognise such names).
  package static func head(pid: Int32, host: String?) -> String {
    TemporaryFiles.prefix + "\(pid)-" + (host.map { "@\($0)-" } ?? "")
  }
}
