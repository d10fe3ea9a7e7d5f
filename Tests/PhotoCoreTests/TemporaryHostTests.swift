import Foundation
@testable import PhotoCore
@testable import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The host part of temporary names (`TemporaryHost`) and how a name is taken apart
/// (`TemporaryName`), in every form photoaudit has written.
@Suite struct TemporaryHostTests {
  static let boot = "34eef1c4-e7c9-4e22-9f05-2fd2dd5e7b9b", namespace = "pid:[4026531836]"

  /// One boot of one kernel and one pid namespace: one identity; another boot (another machine,
  /// or a reboot) or another pid namespace (another container on the machine): another one.
  @Test func anIdentityNamesOneBootAndOnePidNamespace() {
    let identity = TemporaryHost.identity(bootID: Self.boot, pidNamespace: Self.namespace)
    #expect(TemporaryHost.isIdentity(Array(identity.utf8)), "\(identity)")
    #expect(identity == TemporaryHost.identity(bootID: Self.boot, pidNamespace: Self.namespace))
    #expect(identity != TemporaryHost.identity(bootID: "0" + Self.boot.dropFirst(), pidNamespace: Self.namespace))
    #expect(identity != TemporaryHost.identity(bootID: Self.boot, pidNamespace: "pid:[4026532201]"))
  }

  /// Without a boot id or a pid namespace there is nothing to tell this host's processes by: the
  /// identity is random, so no other run's pid is ever checked here.
  @Test(arguments: [(nil, namespace), (boot, nil), ("", namespace), (boot, ""), (nil, nil)] as [(String?, String?)])
  func withoutAnAnswerFromProcTheIdentityIsRandom(bootID: String?, pidNamespace: String?) {
    let first = TemporaryHost.identity(bootID: bootID, pidNamespace: pidNamespace)
    let second = TemporaryHost.identity(bootID: bootID, pidNamespace: pidNamespace)
    #expect(TemporaryHost.isIdentity(Array(first.utf8)) && TemporaryHost.isIdentity(Array(second.utf8)))
    #expect(first != second)
  }

  /// This process's identity is made of this kernel's boot id and this process's pid namespace,
  /// as coreutils compute it: `printf 'boot %s pid %s' … | sha256sum`.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/sys/kernel/random/boot_id"), "no /proc here"))
  func theCurrentIdentityIsThisBootsAndPidNamespaces() throws {
    let script = #"printf 'boot %s pid %s' "$(cat /proc/sys/kernel/random/boot_id)" "$(readlink /proc/self/ns/pid)" | sha256sum"#
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(printed.prefix(TemporaryHost.length)) == TemporaryHost.current)
  }

  /// A name made for a final name takes apart into the pid, the host and the final name (its
  /// beginning, when it was cut to fit the name limit), with a host part or without one.
  @Test(arguments: [1, 200, 232, 240, 255])
  func namesTakeApartIntoWhatMadeThem(nameBytes: Int) throws {
    let folder = FileManager.default.temporaryDirectory.path
    let name = String(repeating: "é", count: nameBytes / 2) + (nameBytes % 2 == 1 ? "x" : "")
    for host in [TemporaryHost.current, nil] {
      let template = String(PathName.lastComponent(TemporaryFiles.temporaryPath(in: folder, for: name, pid: 4242, host: host)))
      #expect(template.utf8.count <= TemporaryFiles.nameLimit(folder))
      let made = template.dropLast(6) + "a8XkQ2"  // as mkstemp fills it
      let parsed = try #require(TemporaryName(String(made)))
      #expect(parsed.pid == 4242 && parsed.host == host)
      #expect(name.hasPrefix(parsed.final) && !parsed.final.isEmpty)
      let limit = TemporaryFiles.nameLimit(folder)
      let fits = TemporaryName.head(pid: 4242, host: host).utf8.count + name.utf8.count + ".XXXXXX".utf8.count <= limit
      #expect((parsed.final == name) == fits, "cut only when it had to be")
      #expect(fits || template.utf8.count >= limit - 1, "cut no shorter than a 2-byte character needs")
    }
  }

  /// Every form: current, before host identities, before pids, and names that only look like a
  /// current one (their `@…` is part of the final name).
  @Test(arguments: [
    (".photoaudit-tmp-12-@0123456789ab-x.json.BBBBBB", 12, "0123456789ab", "x.json"),
    (".photoaudit-tmp-12-x.json.BBBBBB", 12, nil, "x.json"),
    (".photoaudit-tmp-x.json.BBBBBB", nil, nil, "x.json"),
    (".photoaudit-tmp-12-@0123456789AB-x.json.BBBBBB", 12, nil, "@0123456789AB-x.json"),
    (".photoaudit-tmp-12-@01234-x.json.BBBBBB", 12, nil, "@01234-x.json"),
    (".photoaudit-tmp-12-@0123456789ab.BBBBBB", 12, nil, "@0123456789ab"),
    (".photoaudit-tmp-12@0123456789ab-x.json.BBBBBB", nil, nil, "12@0123456789ab-x.json"),
    (".photoaudit-tmp-99999999999-x.json.BBBBBB", nil, nil, "99999999999-x.json"),
    (".photoaudit-tmp-", nil, nil, ""),
  ] as [(String, Int32?, String?, String)])
  func everyFormTakesApart(name: String, pid: Int32?, host: String?, final: String) throws {
    let parsed = try #require(TemporaryName(name))
    #expect(parsed.pid == pid && parsed.host == host && parsed.final == final, "\(parsed)")
  }

  @Test func otherNamesAreNotTemporaries() {
    #expect(TemporaryName("x.jpg") == nil)
    #expect(TemporaryName(".photoaudit-partial-x.jsonl") == nil)
  }
}
