import Bytes
import Foundation
import PhotoCore
#if canImport(Glibc)
import Glibc
#endif

/// `mutate`: runs at least 100,000 deterministic mutated inputs per parser and reports counts,
/// crashes and hangs (an input taking more than `--budget` seconds, 2 by default).
///
/// Crash isolation: the parser runs in a child process (this executable with `--child`) that
/// announces each input's index on a pipe before running it. When the child dies, the parent
/// knows the index, regenerates that input (inputs are a function of seed and index), saves it
/// as a reproducer and restarts the child after it. When the child is silent for `--kill-after`
/// seconds, the parent kills it and records a hang the same way.
public enum MutateTool {
  static let usage = """
    usage: mutate [--count N] [--seed S] [--targets a,b,...] [--budget SECONDS] [--kill-after SECONDS]
                  [--roots DIR,DIR...] [--out DIR]
           mutate --write-seeds DIR [--roots ...] [--max-seeds N]
           mutate --replay TARGET FILE...
           mutate --input TARGET INDEX --write FILE [--seed S] [--roots ...]
    Targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).
    Defaults: --count 100000 --seed 1 --budget 2 --kill-after 10 --roots Fixtures,../shared/corpus
              --out Fuzz/.build/mutate-findings (reproducers go to OUT/<target>/crash-* and timeout-*).

    """

  /// Parsed command line.
  struct Options {
    var count = 100_000
    var seed: UInt64 = 1
    var targets = FuzzTarget.allCases
    var budget = 2.0
    var killAfter = 10.0
    var roots = ["Fixtures", "../shared/corpus"]
    var out = "Fuzz/.build/mutate-findings"
    var maxSeeds = 400
    var mode = "run"
    var rest: [String] = []
    var child: (target: FuzzTarget, from: Int, to: Int)?
    var write: String?
  }

  /// Entry point; returns the exit status (0 clean, 1 crashes or hangs found, 2 usage).
  public static func main(_ arguments: [String]) -> Int32 {
    let options: Options
    do { options = try parse(Array(arguments.dropFirst())) } catch {
      FileHandle.standardError.write(Data("mutate: \(error)\n\(usage)".utf8))
      return 2
    }
    switch options.mode {
    case "child": return runChild(options)
    case "write-seeds": return writeSeeds(options)
    case "replay": return replay(options)
    case "input": return writeInput(options)
    default: return supervise(options)
    }
  }

  struct UsageError: Error, CustomStringConvertible { var description: String }

  static func parse(_ args: [String]) throws -> Options {
    var o = Options()
    var i = 0
    func value() throws -> String {
      i += 1
      guard i < args.count else { throw UsageError(description: "\(args[i - 1]) needs a value") }
      return args[i]
    }
    func target(_ name: String) throws -> FuzzTarget {
      guard let t = FuzzTarget(rawValue: name) else { throw UsageError(description: "unknown target '\(name)'") }
      return t
    }
    while i < args.count {
      switch args[i] {
      case "--count": o.count = Int(try value()) ?? o.count
      case "--seed": o.seed = UInt64(try value()) ?? o.seed
      case "--targets": o.targets = try value().split(separator: ",").map { try target(String($0)) }
      case "--budget": o.budget = Double(try value()) ?? o.budget
      case "--kill-after": o.killAfter = Double(try value()) ?? o.killAfter
      case "--roots": o.roots = try value().split(separator: ",").map(String.init)
      case "--out": o.out = try value()
      case "--max-seeds": o.maxSeeds = Int(try value()) ?? o.maxSeeds
      case "--write": o.write = try value()
      case "--write-seeds": o.mode = "write-seeds"; o.out = try value()
      case "--replay": o.mode = "replay"
      case "--input": o.mode = "input"
      case "--child":
        o.mode = "child"
        let t = try target(try value())
        guard let from = Int(try value()), let to = Int(try value()) else { throw UsageError(description: "--child T FROM TO") }
        o.child = (t, from, to)
      case let a where a.hasPrefix("--"): throw UsageError(description: "unknown option \(a)")
      case let a: o.rest.append(a)
      }
      i += 1
    }
    return o
  }

  // MARK: - Seeds

  static func campaign(_ target: FuzzTarget, _ seeds: FuzzSeeds, _ o: Options) -> MutationCampaign {
    MutationCampaign(target: target, seeds: seeds[target].map(\.bytes), runSeed: o.seed)
  }

  static func writeSeeds(_ o: Options) -> Int32 {
    let seeds = FuzzSeeds(roots: o.roots, perTarget: o.maxSeeds)
    for target in o.targets {
      let directory = o.out + "/" + target.rawValue
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      for (i, seed) in seeds[target].enumerated() {
        let name = seed.name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        _ = FileManager.default.createFile(atPath: "\(directory)/\(i)-\(String(name))", contents: Data(seed.bytes))
      }
      print("\(target.rawValue): \(seeds[target].count) seeds in \(directory)")
    }
    return 0
  }

  static func writeInput(_ o: Options) -> Int32 {
    guard o.rest.count == 2, let target = FuzzTarget(rawValue: o.rest[0]), let index = Int(o.rest[1]), let path = o.write else {
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
    }
    let input = campaign(target, FuzzSeeds(roots: o.roots, perTarget: o.maxSeeds), o).input(index)
    _ = FileManager.default.createFile(atPath: path, contents: Data(input.bytes))
    print("\(target.rawValue) #\(index): seed \(input.seedIndex), \(input.operations.map(\.rawValue).joined(separator: "+")), \(input.bytes.count) bytes → \(path)")
    return 0
  }

  static func replay(_ o: Options) -> Int32 {
    guard let name = o.rest.first, let target = FuzzTarget(rawValue: name) else {
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
    }
    var status: Int32 = 0
    let clock = ContinuousClock()
    for path in o.rest.dropFirst() {
      guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); status = 1; continue }
      let started = clock.now
      target.run([UInt8](data))
      let seconds = MutationCampaign.seconds(clock.now - started)
      print(String(format: "%@ %@: %.3f s%@", target.rawValue, path, seconds, seconds > o.budget ? " SLOW" : ""))
      if seconds > o.budget { status = 1 }
    }
    return status
  }

  // MARK: - Child

  /// Runs inputs FROM..<TO, announcing `B <index>` before each and `S <index> <seconds>` after a
  /// slow one, then `D <executed> <slowest> <slowestIndex>`.
  static func runChild(_ o: Options) -> Int32 {
    guard let child = o.child else { return 2 }
    let campaign = campaign(child.target, FuzzSeeds(roots: o.roots, perTarget: o.maxSeeds), o)
    func say(_ line: String) {
      let bytes = Array(line.utf8)
      var written = 0
      while written < bytes.count {
        let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + written, bytes.count - written) }
        if n <= 0 { if errno == EINTR { continue }; exit(3) }
        written += n
      }
    }
    let report = campaign.run(child.from..<child.to, budget: o.budget) { index, _ in say("B \(index)\n") }
    for slow in report.slowInputs { say("S \(slow.index) \(slow.seconds)\n") }
    say("D \(report.executed) \(report.slowest) \(report.slowestIndex ?? -1)\n")
    return 0
  }

  // MARK: - Supervisor

  /// Per-target results of the supervisor.
  struct Tally {
    var target: FuzzTarget
    var seeds = 0
    var executed = 0
    var crashes: [(index: Int, path: String, reason: String)] = []
    var hangs: [(index: Int, path: String, seconds: Double)] = []
    var slowest = 0.0
    var seconds = 0.0
  }

  static func supervise(_ o: Options) -> Int32 {
    let seeds = FuzzSeeds(roots: o.roots, perTarget: o.maxSeeds)
    var tallies: [Tally] = []
    print("mutate: \(o.count) inputs per target, seed \(o.seed), budget \(o.budget) s, roots \(o.roots.joined(separator: ","))")
    for target in o.targets {
      let tally = superviseTarget(target, seeds: seeds, o)
      tallies.append(tally)
      let name = target.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
      print(name + String(format: " %8d inputs %3d crashes %3d hangs  slowest %.3f s  %6.1f s  %8.0f inputs/s  (%d seeds)",
                   tally.executed, tally.crashes.count, tally.hangs.count, tally.slowest,
                   tally.seconds, Double(tally.executed) / max(tally.seconds, 0.001), tally.seeds))
      for c in tally.crashes { print("  crash #\(c.index): \(c.reason) → \(c.path)") }
      for h in tally.hangs { print(String(format: "  hang  #%d: %.2f s → %@", h.index, h.seconds, h.path)) }
    }
    let total = tallies.reduce(0) { $0 + $1.executed }
    let crashes = tallies.reduce(0) { $0 + $1.crashes.count }, hangs = tallies.reduce(0) { $0 + $1.hangs.count }
    print("mutate: \(total) inputs, \(crashes) crashes, \(hangs) hangs")
    return crashes + hangs == 0 ? 0 : 1
  }

  static func superviseTarget(_ target: FuzzTarget, seeds: FuzzSeeds, _ o: Options) -> Tally {
    var tally = Tally(target: target, seeds: seeds[target].count)
    let campaign = campaign(target, seeds, o)
    let directory = o.out + "/" + target.rawValue
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let log = directory + "/child-stderr.log"
    let started = Date()
    var next = 0
    while next < o.count {
      let outcome = runChildProcess(target, from: next, to: o.count, log: log, o)
      tally.executed += outcome.executed
      tally.slowest = max(tally.slowest, outcome.slowest)
      for (index, seconds) in outcome.slow {
        let path = save(campaign.input(index).bytes, kind: "timeout", in: directory)
        tally.hangs.append((index, path, seconds))
      }
      switch outcome.end {
      case .finished:
        next = o.count
      case .crashed(let index, let reason):
        let path = save(campaign.input(index).bytes, kind: "crash", in: directory)
        tally.crashes.append((index, path, reason))
        next = index + 1
      case .hung(let index, let seconds):
        let path = save(campaign.input(index).bytes, kind: "timeout", in: directory)
        tally.hangs.append((index, path, seconds))
        tally.slowest = max(tally.slowest, seconds)
        next = index + 1
      case .failedToStart(let reason):
        tally.crashes.append((next, "-", "child did not start: \(reason)"))
        next = o.count
      }
    }
    tally.seconds = Date().timeIntervalSince(started)
    return tally
  }

  /// How a child process ended.
  enum ChildEnd {
    case finished
    case crashed(index: Int, reason: String)
    case hung(index: Int, seconds: Double)
    case failedToStart(String)
  }

  static func runChildProcess(_ target: FuzzTarget, from: Int, to: Int, log: String, _ o: Options)
    -> (executed: Int, slowest: Double, slow: [(Int, Double)], end: ChildEnd) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["--child", target.rawValue, String(from), String(to), "--seed", String(o.seed),
                         "--budget", String(o.budget), "--roots", o.roots.joined(separator: ","),
                         "--max-seeds", String(o.maxSeeds)]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    process.standardError = FileHandle(forWritingAtPath: log)
    do { try process.run() } catch { return (0, 0, [], .failedToStart("\(error)")) }
    let fd = pipe.fileHandleForReading.fileDescriptor
    var pending: [UInt8] = []
    var current: Int?
    var announced = 0
    var lastLine = Date()
    var executed = 0, slowest = 0.0
    var slow: [(Int, Double)] = []
    var done = false
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    reading: while true {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      // Seeds are collected before the first input: allow for that before counting a hang.
      let allowed = current == nil ? max(o.killAfter, 120) : o.killAfter
      let ready = poll(&poller, 1, 200)
      if ready == 0 {
        if Date().timeIntervalSince(lastLine) > allowed {
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
          return (announced, slowest, slow, .hung(index: current ?? from, seconds: Date().timeIntervalSince(lastLine)))
        }
        continue
      }
      if ready < 0 { if errno == EINTR { continue }; break }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n <= 0 { break }
      pending += buffer[0..<n]
      while let newline = pending.firstIndex(of: 0x0A) {
        let fields = String(decoding: pending[..<newline], as: UTF8.self).split(separator: " ")
        pending.removeSubrange(...newline)
        lastLine = Date()
        switch fields.first {
        case "B":
          current = fields.count > 1 ? Int(fields[1]) : current
          announced += 1
        case "S": if fields.count > 2, let i = Int(fields[1]), let s = Double(fields[2]) { slow.append((i, s)) }
        case "D":
          done = true
          executed = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
          slowest = fields.count > 2 ? Double(fields[2]) ?? 0 : 0
        default: break
        }
      }
      if done { break reading }
    }
    process.waitUntilExit()
    if done, process.terminationReason == .exit, process.terminationStatus == 0 {
      return (executed, slowest, slow, .finished)
    }
    let index = current ?? from
    let how = process.terminationReason == .uncaughtSignal
      ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
    let message = lastErrorLine(log).map { "\(how): \($0)" } ?? how
    // Every announced input ran, the crashing one included.
    return (announced, slowest, slow, .crashed(index: index, reason: message))
  }

  /// The most telling line of the child's stderr ("Fatal error: Index out of range").
  static func lastErrorLine(_ log: String) -> String? {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n").map(String.init)
    return lines.last { $0.contains("Fatal error") || $0.contains("ERROR") } ?? lines.last
  }

  /// Saves a reproducer as `<kind>-<first 16 hex digits of its SHA-256>`.
  static func save(_ bytes: [UInt8], kind: String, in directory: String) -> String {
    let path = "\(directory)/\(kind)-\(SHA256.hex(SHA256.digest(bytes)).prefix(16))"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }
}
