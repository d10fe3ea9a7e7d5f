import Foundation
import PhotoCLI
import PhotoCore
import Platform
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The report-safety residue of the security checks (issue 26, item 5): a file name that is
/// HTML in Markdown reports, the temporary of a killed `--report-dir` run that a rerun left
/// behind, and an original below the outputs' own folder refused when `verify` runs from
/// elsewhere.
@Suite struct ReportSafetyResidueTests {
  static let fixtures = Repository.fixtures.path
  static let hostileName = "tick`<img src=x onerror=alert(2)>`.jpg"

  // MARK: Markdown

  /// Every Markdown rendering of a report naming ``tick`<img src=x onerror=alert(2)>`.jpg``:
  /// no `<`, `>` or `&` of the name raw, no backtick that is not escaped, the name shown as
  /// character references in `<code>`.
  @Test func markdownShowsAnHTMLFileNameAsText() throws {
    let scratch = try ScratchDirectory("md-name")
    defer { scratch.remove() }
    let out = try scratch.sub("out")
    let output = out + "/" + Self.hostileName
    try FileManager.default.copyItem(atPath: Self.fixtures + "/defects/text-left.jpg", toPath: output)
    let reports = scratch.path + "/reports"
    _ = PhotoCLI.runCapturing(["audit", out, "--no-pixels", "--report-dir", reports, "--quiet"])
    let texts = [
      ("verify --format markdown", PhotoCLI.runCapturing(["verify", output, "--format", "markdown", "--no-pixels"]).out),
      ("audit --format markdown", PhotoCLI.runCapturing(["audit", out, "--format", "markdown", "--no-pixels", "--quiet"]).out),
      ("diff --format markdown", PhotoCLI.runCapturing(["diff", Self.fixtures + "/jpeg/orient-1.jpg", output, "--format", "markdown", "--no-pixels"]).out),
      ("report.md", try String(contentsOfFile: reports + "/report.md", encoding: .utf8)),
    ]
    for (what, text) in texts {
      #expect(text.contains("tick&#96;&lt;img src=x onerror=alert(2)&gt;&#96;.jpg"), "\(what): the name, as references: \(text)")
      #expect(!text.contains("<img") && !text.contains("onerror=alert(2)>"), "\(what): raw HTML")
      let characters = Array(text)
      for (i, c) in characters.enumerated() where c == "`" {
        #expect(i > 0 && characters[i - 1] == "\\", "\(what): a raw backtick at \(i)")
      }
      // Outside photoaudit's own elements, no tag at all.
      var bare = text
      for own in ["<br>", "<details>", "</details>", "<summary>", "</summary>", "<code>", "</code>"] {
        bare = bare.replacingOccurrences(of: own, with: "")
      }
      #expect(!bare.contains("<"), "\(what): markup left")
    }
  }

  // MARK: Temporaries of killed runs

  /// Starts `/bin/sleep 600` as a child of this process (posix_spawn: not a Foundation
  /// `Process`, which would reap it).
  static func spawnSleep() throws -> pid_t {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("600"), nil]
    defer { argv.forEach { free($0) } }
    let status = posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ)
    try #require(status == 0, "posix_spawn: \(status)")
    return pid
  }

  /// Kills `pid` and waits until it is dead without reaping it (`WNOWAIT`): a zombie, as a
  /// killed run is until the harness that started it waits for it. An event, not a delay.
  static func killLeavingZombie(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var info = siginfo_t()
    _ = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
  }

  static func reap(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }

  /// `R`'s temporary as a run of `pid` on this host leaves it: a folder holding a report.
  static func temporary(of report: String, pid: pid_t) throws -> String {
    let path = PathName.folder(report) + "/" + TemporaryName.head(pid: pid, host: TemporaryHost.current)
      + PathName.lastComponent(report) + ".AbCdEf"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path + "/report.json"))
    return path
  }

  /// Sets the modification time of `path` to `seconds` ago.
  static func age(_ path: String, by seconds: Int) {
    let then = time(nil) - seconds
    var times = [timeval(tv_sec: then, tv_usec: 0), timeval(tv_sec: then, tv_usec: 0)]
    _ = utimes(path, &times)
  }

  /// `audit --report-dir R` over one clean file: the rerun of the killed command.
  static func rerun(_ scratch: ScratchDirectory, report: String) throws {
    let input = try scratch.sub("in")
    if !FileManager.default.fileExists(atPath: input + "/clean.jpg") {
      try FileManager.default.copyItem(atPath: Self.fixtures + "/defects/correct-6.jpg", toPath: input + "/clean.jpg")
    }
    let r = PhotoCLI.runCapturing(["audit", input, "--report-dir", report, "--no-pixels", "--no-thumbnails", "--quiet", "-j", "1"])
    #expect(r.status == 0, "\(r.err)")
    #expect(FileManager.default.fileExists(atPath: report + "/report.json"))
  }

  /// The cause of the 4 in 11: a run killed with SIGKILL is a zombie until its parent reaps it,
  /// and `kill(pid, 0)` answers for a zombie — its temporary was taken for a live run's.
  @Test func aRerunRemovesTheTemporaryOfAKilledRunNotYetReaped() throws {
    let scratch = try ScratchDirectory("zombie-maker")
    defer { scratch.remove() }
    let report = scratch.path + "/R"
    let pid = try Self.spawnSleep()
    defer { Self.reap(pid) }
    Self.killLeavingZombie(pid)
    let left = try Self.temporary(of: report, pid: pid)
    try Self.rerun(scratch, report: report)
    #expect(!FileManager.default.fileExists(atPath: left), "the killed run's temporary of R was left")
  }

  /// A dead run's pid taken by a process started since: not the maker (the maker started
  /// before it wrote its temporary), so the temporary is debris.
  @Test func aRerunRemovesATemporaryWhosePidWasReused() throws {
    let scratch = try ScratchDirectory("reused-pid")
    defer { scratch.remove() }
    let report = scratch.path + "/R"
    let pid = try Self.spawnSleep()
    defer { Self.reap(pid) }
    let left = try Self.temporary(of: report, pid: pid)
    Self.age(left, by: 3600)
    try Self.rerun(scratch, report: report)
    #expect(!FileManager.default.fileExists(atPath: left), "a temporary written before its pid's process started was kept")
  }

  /// The other side: a temporary its live maker wrote after it started is kept (a concurrent
  /// run's), as is a dead run's temporary of another name.
  @Test func aLiveRunsTemporaryAndOtherNamesAreKept() throws {
    let scratch = try ScratchDirectory("live-maker")
    defer { scratch.remove() }
    let report = scratch.path + "/R"
    let pid = try Self.spawnSleep()
    defer { Self.reap(pid) }
    // Written by (as if) the live child, after it started.
    let live = try Self.temporary(of: report, pid: pid)
    let zombie = try Self.spawnSleep()
    defer { Self.reap(zombie) }
    Self.killLeavingZombie(zombie)
    let other = try Self.temporary(of: scratch.path + "/S", pid: zombie)
    try Self.rerun(scratch, report: report)
    #expect(FileManager.default.fileExists(atPath: live), "a live run's temporary was removed")
    #expect(FileManager.default.fileExists(atPath: other), "the temporary of another report folder was removed")
  }

  @Test func procStatIsParsedAfterTheLastParenthesis() throws {
    let line = "4242 (a) (b) c) Z 1 4242 4242 0 -1 4194560 73 0 0 0 0 0 0 0 20 0 1 0 12345 1000 0"
    let state = try #require(ProcessState(statLine: line, bootTime: 1_700_000_000, ticksPerSecond: 100))
    #expect(state.isDead)
    #expect(state.started == 1_700_000_000 + 123.45)
    #expect(ProcessState(pid: getpid())?.isDead == false)
  }

  // MARK: verify from another folder

  /// `verify ../../audit/out/x.jpg` from another folder: the descriptor's `original:
  /// orig/x.jpg` lies below the output's own folder, an audited folder as `audit DIR`'s is.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage))
  func verifyAdmitsOriginalsBelowTheOutputsFolder() throws {
    let scratch = try ScratchDirectory("verify-scope")
    defer { scratch.remove() }
    let out = try scratch.sub("audit/out"), orig = try scratch.sub("audit/out/orig"), elsewhere = try scratch.sub("elsewhere/deep")
    try FileManager.default.copyItem(atPath: Self.fixtures + "/defects/correct-6.jpg", toPath: out + "/x.jpg")
    try FileManager.default.copyItem(atPath: Self.fixtures + "/jpeg/orient-6.jpg", toPath: orig + "/x.jpg")
    let descriptor = #"{"format": "jpeg", "width": 96, "height": 64, "gps_removed": true, "original": "orig/x.jpg"}"#
    try Data(descriptor.utf8).write(to: URL(fileURLWithPath: out + "/x.json"))
    let r = try Subprocess.run(PhotoauditProcess.executable!, ["verify", "../../audit/out/x.jpg", "--format", "json"], in: elsewhere,
                               stderr: false)
    #expect(!r.out.contains("outside the allowed folders"), "\(r.out)")
    let document = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
    let file = try #require((document?["files"] as? [[String: Any]])?.first)
    #expect(file["original"] as? String == "../../audit/out/orig/x.jpg")
    #expect(((file["findings"] as? [[String: Any]]) ?? []).allSatisfy { $0["id"] as? String != "PA013" }, "\(r.out)")
    #expect(file["verdicts"] is [String: Any], "the pair was checked by the pixels")
    // Still refused: an original beside the output's folder, not below it.
    let sibling = try scratch.sub("audit/secret")
    try FileManager.default.copyItem(atPath: Self.fixtures + "/jpeg/orient-6.jpg", toPath: sibling + "/x.jpg")
    let escaping = #"{"format": "jpeg", "width": 96, "height": 64, "gps_removed": true, "original": "../secret/x.jpg"}"#
    try Data(escaping.utf8).write(to: URL(fileURLWithPath: out + "/x.json"))
    let refused = try Subprocess.run(PhotoauditProcess.executable!, ["verify", "../../audit/out/x.jpg", "--format", "json"], in: elsewhere,
                                     stderr: false)
    #expect(refused.out.contains("outside the allowed folders"), "\(refused.out)")
  }
}
