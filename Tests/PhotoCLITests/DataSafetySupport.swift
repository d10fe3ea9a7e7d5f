import Bytes
import Foundation
import PhotoCore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `photoaudit` executable, run as a child process (for the tests that must kill it or
/// measure its memory): `PHOTOAUDIT_BIN` if set, else the `photoaudit` next to this test bundle
/// (`swift build --build-tests` and `swift test` build it there).
enum PhotoauditProcess {
  static let executable: String? = {
    if let path = ProcessInfo.processInfo.environment["PHOTOAUDIT_BIN"], FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    // The runner may sit inside a bundle directory (`X.xctest/...`); look upwards a little.
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("photoaudit").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  static let isAvailable = executable != nil
  static let skipMessage: Comment = "the photoaudit executable is not next to the test bundle (build it with `swift build`, or set PHOTOAUDIT_BIN)"

  /// How a child ended: exit status or signal, and its peak resident memory.
  struct Finished: Sendable {
    var exitStatus: Int32?
    var signal: Int32?
    var maxRSSKiB: Int
    var stdout: String
    var stderr: String
  }

  /// A started child; its output goes to files in `logDirectory`.
  final class Running: @unchecked Sendable {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String

    init(pid: pid_t, stdoutPath: String, stderrPath: String) {
      self.pid = pid
      self.stdoutPath = stdoutPath
      self.stderrPath = stderrPath
    }

    /// Sends SIGKILL: no handler runs, no cleanup, exactly like a power cut for the process.
    func kill() { _ = Glibc.kill(pid, SIGKILL) }

    /// Waits for the child (`wait4`, which also reports its peak RSS).
    func wait() -> Finished {
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
      let signalled = status & 0x7F
      let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
      return Finished(exitStatus: signalled == 0 ? (status >> 8) & 0xFF : nil, signal: signalled == 0 ? nil : signalled,
                      maxRSSKiB: Int(usage.ru_maxrss), stdout: read(stdoutPath), stderr: read(stderrPath))
    }

    /// True while the child has not exited (it may be a zombie waiting for `wait`).
    var isRunning: Bool { Glibc.kill(pid, 0) == 0 && !isZombie }

    private var isZombie: Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")") else { return true }
      return stat[stat.index(close, offsetBy: 2)] == "Z"
    }
  }

  /// Starts `photoaudit arguments...` with stdout and stderr sent to files in `logDirectory`,
  /// with `environment` added to this process's.
  static func start(_ arguments: [String], logDirectory: String, environment extra: [String: String] = [:]) throws -> Running {
    guard let executable else { throw SpawnError(message: "no photoaudit executable") }
    let stdoutPath = logDirectory + "/stdout.txt", stderrPath = logDirectory + "/stderr.txt"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["NO_COLOR"] = "1"
    environment.merge(extra) { $1 }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard rc == 0 else { throw SpawnError(message: "posix_spawn \(executable): \(String(cString: strerror(rc)))") }
    return Running(pid: pid, stdoutPath: stdoutPath, stderrPath: stderrPath)
  }

  /// This process's peak resident memory so far, in KiB.
  static func selfMaxRSSKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
  }

  /// Runs to completion.
  static func run(_ arguments: [String], logDirectory: String, environment: [String: String] = [:]) throws -> Finished {
    try start(arguments, logDirectory: logDirectory, environment: environment).wait()
  }

  /// The processes whose environment holds `PHOTOAUDIT_TEST_TAG=tag` (a run started with that
  /// tag and the worker processes it started), other than zombies.
  static func tagged(_ tag: String) -> [pid_t] {
    let needle = Array("PHOTOAUDIT_TEST_TAG=\(tag)".utf8)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> pid_t? in
      guard let pid = pid_t(name), let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
            let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] != "Z" else { return nil }
      let entries = [UInt8](environ).split(separator: 0)
      return entries.contains { Array($0) == needle } ? pid : nil
    }
  }

  struct SpawnError: Error, CustomStringConvertible { var message: String; var description: String { message } }
}

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct ScratchDirectory {
  let path: String

  init(_ label: String) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-\(label)-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func sub(_ name: String) throws -> String {
    let p = path + "/" + name
    try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
    return p
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// What a directory tree holds: for every regular file, its SHA-256, size and modification time.
enum TreeDigest {
  struct Entry: Equatable, CustomStringConvertible {
    var sha256: String
    var size: Int
    var modified: Date?
    var description: String { "\(size) bytes, sha256 \(sha256.prefix(16))…, modified \(modified.map { "\($0.timeIntervalSince1970)" } ?? "?")" }
  }

  /// Relative path → entry, for every regular file under `root` (symlinks not followed).
  static func of(_ root: String) -> [String: Entry] {
    var result: [String: Entry] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
    for case let relative as String in enumerator {
      let path = root + "/" + relative
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let data = FileManager.default.contents(atPath: path) else { continue }
      let bytes = [UInt8](data)
      result[relative] = Entry(sha256: SHA256.hex(SHA256.digest(bytes)), size: bytes.count,
                               modified: attributes[.modificationDate] as? Date)
    }
    return result
  }
}

/// The inputs the data-safety tests copy around: every fixture image, and (when present) the
/// corpus's full-size orientation examples, which make a batch take long enough to kill.
enum DataSafetyInputs {
  static let fixtures = Repository.fixtures.path
  static let corpus = Repository.sharedCorpus.path

  /// Fixture images under `Fixtures/<folder>` (jpg, png, heic), sorted.
  static func fixtureImages(_ folders: [String] = ["jpeg", "png", "heic", "defects", "hidden"]) -> [String] {
    folders.flatMap { folder -> [String] in
      let directory = fixtures + "/" + folder
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      return names.filter { [".jpg", ".png", ".heic"].contains(where: $0.hasSuffix) }.sorted().map { directory + "/" + $0 }
    }
  }

  /// The 1800×1200 recurser orientation examples (16 JPEGs of ~350 KB), when the corpus is here.
  static var largeJPEGs: [String] {
    let directory = corpus + "/recurser-exif-orientation-examples"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".jpg") }.sorted().map { directory + "/" + $0 }
  }

  /// Copies `files` into `directory` as `<prefix><index>-<name>`, writable, and returns the copies.
  @discardableResult
  static func copy(_ files: [String], into directory: String, prefix: String = "") throws -> [String] {
    try files.enumerated().map { i, file in
      let target = directory + "/" + prefix + String(format: "%03d-", i) + URL(fileURLWithPath: file).lastPathComponent
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      try data.write(to: URL(fileURLWithPath: target))
      return target
    }
  }
}
