import Bytes
import Foundation
import PhotoCLI
import PhotoCore
import Pipeline
import Platform
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor's `original` is read only inside the folders and files named on the command line
/// or the current directory's tree (issue 13 item 1, SPEC "Safety promises"). Outside, it is
/// PA013 "outside the allowed folders" and nothing of it is opened, quoted or embedded: the
/// secret below is a real photo, so a read would show as a pair, a thumbnail in report.html or
/// the "starts with ff d8 ff" of a message.
@Suite(.serialized) struct ConfinementTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  /// scratch/out/x.jpg (a clean output) and scratch/outside/secret.jpg (a photo outside every
  /// allowed folder: the scratch folder is under the system's temporary folder, not the
  /// current directory).
  static func layout() throws -> (scratch: ScratchDirectory, out: String, outside: String) {
    let scratch = try ScratchDirectory("confine")
    let out = try scratch.sub("out"), outside = try scratch.sub("outside")
    try FileManager.default.copyItem(atPath: fixtures + "/defects/correct-6.jpg", toPath: out + "/x.jpg")
    try FileManager.default.copyItem(atPath: fixtures + "/jpeg/orient-6.jpg", toPath: outside + "/secret.jpg")
    return (scratch, out, outside)
  }

  static func describe(_ output: String, original: String) throws {
    let descriptor = #"{"format": "jpeg", "width": 96, "height": 64, "gps_removed": true, "original": "\#(original)"}"#
    try Data(descriptor.utf8).write(to: URL(fileURLWithPath: PathName.deletingExtension(output) + ".json"))
  }

  /// Every way out: absolute, `..`, a link inside pointing out, a device, a FIFO outside.
  @Test(arguments: ["absolute", "dot-dot", "symlink", "dev-zero", "fifo-outside", "proc-root"])
  func anOriginalOutsideIsRefusedUnread(_ way: String) throws {
    let (scratch, out, outside) = try Self.layout()
    defer { scratch.remove() }
    var named: String
    var fifo: FIFOWatch?
    switch way {
    case "absolute": named = outside + "/secret.jpg"
    case "dot-dot": named = "../outside/secret.jpg"
    case "symlink":
      try FileManager.default.createSymbolicLink(atPath: out + "/link.jpg", withDestinationPath: outside + "/secret.jpg")
      named = "link.jpg"
    case "dev-zero": named = "/dev/zero"
    case "proc-root": named = "/proc/self/root" + outside + "/secret.jpg"
    default:
      fifo = try FIFOWatch(outside + "/pipe.jpg")
      named = outside + "/pipe.jpg"
    }
    try Self.describe(out + "/x.jpg", original: named)
    let reports = scratch.path + "/reports"
    let r = PhotoCLI.runCapturing(["audit", out, "--report-dir", reports, "--format", "json", "--quiet", "-j", "1"])
    #expect(r.status == 1, "\(r.err)")
    let document = try JSONParser.parse(Array(r.out.utf8))
    let file = try #require(document["files"]?.arrayValue?.first)
    #expect(file["original"] == nil || file["original"] == .null, "the refused original is not the pair's original")
    let findings = file["findings"]?.arrayValue ?? []
    let refusal = findings.first { $0["id"]?.stringValue == "PA013" && $0["carrier"]?.stringValue == "original" }
    #expect(refusal?["evidence"]?.stringValue?.contains("is outside the allowed folders (pass --originals DIR)") == true, "\(findings)")
    // Nothing of it: no magic bytes quoted, no pixels compared, no thumbnail of it.
    #expect(!r.out.contains("starts with"), "\(r.out)")
    #expect(file["verdicts"]?["orientation"] == .null && file["verdicts"]?["crop"] == .null, "pixels were compared")
    let html = try String(contentsOfFile: reports + "/report.html", encoding: .utf8)
    let secretThumbnail = try #require(Thumbnailer.dataURI(outside + "/secret.jpg"))
    #expect(!html.contains(secretThumbnail))
    #expect(!html.contains("original (as displayed)"), "no original box for a refused original")
    if let fifo { #expect(!fifo.wasOpened(), "the FIFO outside was opened") }
  }

  /// Inside the audited folder a FIFO is refused as not a regular file, without hanging.
  @Test func aFIFOInsideIsUnreadableAndDoesNotHang() throws {
    let (scratch, out, _) = try Self.layout()
    defer { scratch.remove() }
    let fifo = try FIFOWatch(out + "/pipe")
    try Self.describe(out + "/x.jpg", original: "pipe")
    let r = PhotoCLI.runCapturing(["audit", out, "--format", "json", "--quiet", "-j", "1", "--file-timeout", "20"])
    let document = try JSONParser.parse(Array(r.out.utf8))
    let findings = document["files"]?.arrayValue?.first?["findings"]?.arrayValue ?? []
    let evidence = findings.compactMap { $0["evidence"]?.stringValue }
    #expect(evidence.contains { $0.contains("is not a regular file") }, "\(evidence)")
    _ = fifo.wasOpened()
  }

  /// `--originals DIR` (audit and verify) admits a folder outside the current directory.
  @Test func namingTheFolderAdmitsIt() throws {
    let (scratch, out, outside) = try Self.layout()
    defer { scratch.remove() }
    try Self.describe(out + "/x.jpg", original: "../outside/secret.jpg")
    for arguments in [["verify", out + "/x.jpg", "--originals", outside], ["audit", "--outputs", out, "--originals", outside]] {
      let r = PhotoCLI.runCapturing(arguments + ["--format", "json", "--quiet"])
      let file = try JSONParser.parse(Array(r.out.utf8))["files"]?.arrayValue?.first
      #expect(file?["original"]?.stringValue == outside + "/secret.jpg", "\(arguments[0]): \(r.out.prefix(600))")
      #expect(!(file?["findings"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == "PA013" }, "\(arguments[0])")
    }
  }

  /// `sanitize in/ --out out/` then `verify out/x.jpg` from the same folder: the descriptor's
  /// `../in/x.jpg` is inside the current directory's tree, so the pair is checked by the pixels;
  /// from elsewhere it is refused until `--originals` names the folder.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage))
  func sanitizeThenVerifyFromTheSameFolder() throws {
    let scratch = try ScratchDirectory("confine-cwd")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in")
    try FileManager.default.copyItem(atPath: Self.fixtures + "/jpeg/orient-6.jpg", toPath: inputs + "/x.jpg")
    let binary = try #require(PhotoauditProcess.executable)
    let sanitize = try Subprocess.run(binary, ["sanitize", "in/", "--out", "out/", "--quiet"], in: scratch.path)
    #expect(sanitize.status == 0, "\(sanitize.out)")
    let here = try Subprocess.run(binary, ["verify", "out/x.jpg", "--format", "json", "--quiet"], in: scratch.path, stderr: false)
    #expect(here.status == 0, "\(here.out)")
    #expect(here.out.contains(#""original": "in/x.jpg""#) && here.out.contains("upright"), "\(here.out)")
    let elsewhere = try Subprocess.run(binary, ["verify", scratch.path + "/out/x.jpg", "--format", "json", "--quiet"], in: "/",
                                       stderr: false)
    #expect(elsewhere.status == 1 && elsewhere.out.contains("outside the allowed folders"), "\(elsewhere.out)")
  }

  /// The scope itself: a folder admits its tree, not a sibling that shares its name's prefix;
  /// a named file admits itself only; `/` as the current directory admits nothing.
  @Test func scopeRules() throws {
    let scratch = try ScratchDirectory("scope")
    defer { scratch.remove() }
    let a = try scratch.sub("a"), ab = try scratch.sub("ab")
    try Data([1]).write(to: URL(fileURLWithPath: ab + "/f"))
    try Data([1]).write(to: URL(fileURLWithPath: scratch.path + "/one"))
    let scope = ReadScope(named: [a, scratch.path + "/one"], currentDirectory: false)
    let real = try #require(ReadScope(named: [scratch.path], currentDirectory: false).folders.first)
    #expect(scope.admit(a + "/missing.jpg") == real + "/a/missing.jpg")
    #expect(scope.admit(a + "/../ab/f") == nil)
    #expect(scope.admit(ab + "/f") == nil)
    #expect(scope.admit(scratch.path + "/one") == real + "/one")
    #expect(scope.admit(scratch.path + "/a/../one") == real + "/one")
    #expect(scope.admit("/etc/passwd") == nil)
  }
}

/// A FIFO and a thread blocked opening it for writing: the open returns only when someone opens
/// the FIFO for reading, so `wasOpened()` tells whether the tool opened it.
final class FIFOWatch: @unchecked Sendable {
  // @unchecked: `opened` is written by the thread before `done` is signalled, read after.
  let path: String
  private var opened = false
  private let done = DispatchSemaphore(value: 0)

  init(_ path: String) throws {
    self.path = path
    guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
    Thread { [self] in
      let fd = open(path, O_WRONLY)
      if fd >= 0 { close(fd) }
      done.signal()
    }.start()
    usleep(20_000)  // the writer is waiting in open(2)
  }

  /// True when something opened the FIFO for reading before now; releases the writer thread.
  func wasOpened() -> Bool {
    if done.wait(timeout: .now()) == .success {
      opened = true
    } else {
      let fd = open(path, O_RDONLY | O_NONBLOCK)  // releases the blocked writer
      done.wait()
      if fd >= 0 { close(fd) }
    }
    return opened
  }
}
