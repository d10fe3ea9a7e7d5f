import Bytes
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The host part of a temporary's name: which processes the maker's pid belongs to, so a later
/// run asks `kill(pid, 0)` about a pid only when its answer means something.
///
/// A pid names a process only within one pid namespace of one running kernel. The identity is
/// therefore 12 hex digits of the SHA-256 of the kernel's boot id
/// (`/proc/sys/kernel/random/boot_id`, random at every boot) and this process's pid namespace
/// (`readlink /proc/self/ns/pid`, `pid:[4026531836]`): two machines differ, two boots of one
/// machine differ, and so do two containers on one machine (two Kubernetes pods, each
/// photoaudit often pid 1), whose pids say nothing about each other either.
///
/// Not `/etc/machine-id`: containers built from one image often carry the same one, cloned
/// virtual machines may too, and it does not tell two pid namespaces of one machine apart. Not the
/// host name alone: pods with the node's network share the node's name. Where `/proc` gives no
/// answer, the identity is random for this process: every other run's temporary then counts as
/// another host's and is removed only when old (`TemporaryFiles.otherHostAge`), never while it may
/// be in use.
package enum TemporaryHost {
  /// Hex digits in an identity: 48 bits, so two of a thousand hosts sharing a folder coincide
  /// with odds below one in 500 million.
  package static let length = 12

  /// This process's identity (computed once).
  package static let current: String = identity(bootID: firstLine("/proc/sys/kernel/random/boot_id"),
                                        pidNamespace: link("/proc/self/ns/pid"))

  /// The identity for a boot id and a pid namespace; random when either is unknown (nil or empty).
  package static func identity(bootID: String?, pidNamespace: String?) -> String {
    guard let boot = bootID, let namespace = pidNamespace, !boot.isEmpty, !namespace.isEmpty else {
      var random = SystemRandomNumberGenerator()
      return String(decoding: (0..<length).map { _ in hexDigits[Int(random.next(upperBound: UInt8(16)))] }, as: UTF8.self)
    }
    return String(SHA256.hex(Array("boot \(boot) pid \(namespace)".utf8)).prefix(length))
  }

  /// Whether `text` has the form of an identity: `length` lower-case hex digits.
  package static func isIdentity<S: Collection<UInt8>>(_ text: S) -> Bool {
    text.count == length && text.allSatisfy(hexDigits.contains)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The first line of a small file, without its newline; nil when it cannot be read.
  private static func firstLine(_ path: String) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
  }

  /// The target of the symbolic link at `path` (`readlink(2)`); nil when it cannot be read.
  private static func link(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
