import Bytes
import Foundation
import PhotoCore
import Pipeline
import Platform

/// `--config`, `--no-config`, `--baseline` and `--policy` as they combine (docs/config.md).
extension OptionValues {
  /// Largest config and baseline read (a baseline is a whole report).
  static let maxConfigBytes = JSONParser.maxBytes
  static let maxBaselineBytes = 512 << 20

  /// The config found or named (none with --no-config), read and checked, and the baseline:
  /// a named config that is missing, or any config or baseline that cannot be read or is not
  /// valid, is a usage error naming it. Today is the UTC date of `SOURCE_DATE_EPOCH` when set
  /// (reproducible runs, tests), else of the clock.
  static func gate(_ parsed: ParsedArguments, io: CommandIO, command: String) throws(UsageError) -> ReportGate {
    let base = FileManager.default.currentDirectoryPath
    var gate = ReportGate(config: nil, baseline: nil, today: today(io.environment), base: base)
    let named = parsed.value(CommonOptions.config)
    if parsed.has(CommonOptions.noConfig), named != nil {
      throw UsageError(command: command, message: "give --config FILE or --no-config, not both")
    }
    if !parsed.has(CommonOptions.noConfig),
       let (path, source) = ConfigDiscovery.locate(option: named, environment: io.environment, folder: base) {
      let what = source == .environment ? "PHOTOAUDIT_CONFIG=\(path)" : "config \(path)"
      let bytes: [UInt8]
      do { bytes = try read(path, cap: maxConfigBytes) } catch { throw UsageError(command: command, message: "cannot use \(what): \(error)") }
      let config: AuditConfig
      do { config = try AuditConfig.parse(bytes) } catch { throw UsageError(command: command, message: "cannot use \(what): \(error)") }
      let absolute = path.hasPrefix("/") ? path : base + "/" + path
      gate.config = ReportGate.Config(path: path, folder: PathName.folder(absolute), sha256: SHA256.hex(bytes), config: config)
      if !parsed.has(CommonOptions.quiet) {
        io.message(command, "config \(path) (from \(source.rawValue)): \(config.allow.count) allow \(config.allow.count == 1 ? "entry" : "entries")"
                   + (config.policy == nil ? "" : ", a policy") + (parsed.has(CommonOptions.policy) && config.policy != nil ? " (replaced by --policy)" : ""))
      }
    }
    if let path = parsed.value(CommonOptions.baseline) {
      let bytes: [UInt8]
      do { bytes = try read(path, cap: maxBaselineBytes) } catch { throw UsageError(command: command, message: "cannot use --baseline \(path): \(error)") }
      do { gate.baseline = ReportGate.BaselineFile(path: path, baseline: try Baseline.parse(bytes)) } catch {
        let advice = error.kind == .noFingerprints ? " (a baseline is a report written with --format sarif, or --format json or jsonl with --fingerprints)" : ""
        throw UsageError(command: command, message: "cannot use --baseline \(path): it \(error)\(advice)")
      }
    }
    return gate
  }

  /// The policy in effect: --policy FILE when given (it replaces the config's policy as a whole:
  /// no silent merge), else the config's, else none.
  static func policy(_ parsed: ParsedArguments, gate: ReportGate, command: String) throws(UsageError) -> Policy {
    if parsed.has(CommonOptions.policy) { return try policy(parsed, command: command) }
    return gate.config?.config.policy ?? Policy()
  }

  /// YYYY-MM-DD in UTC (`RunClock`: SOURCE_DATE_EPOCH's date when set).
  static func today(_ environment: [String: String]) -> String { RunClock.utc(environment, format: "yyyy-MM-dd") }

  private struct ReadProblem: Error, CustomStringConvertible {
    var description: String
  }

  private static func read(_ path: String, cap: Int) throws(ReadProblem) -> [UInt8] {
    var folder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { throw ReadProblem(description: "no such file") }
    guard !folder.boolValue else { throw ReadProblem(description: "it is a folder") }
    do {
      let source = try FileSource(path: path)
      guard source.count <= cap else { throw ReadProblem(description: "over \(cap >> 20) MiB") }
      return try source.allBytes()
    } catch let problem as ReadProblem {
      throw problem
    } catch {
      throw ReadProblem(description: "\(error)")
    }
  }
}
