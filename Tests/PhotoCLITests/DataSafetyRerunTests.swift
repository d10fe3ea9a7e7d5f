import Bytes
import Foundation
import PhotoCLI
import PhotoCore
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a rerun of `sanitize` does with what is already in `--out` (issue 13 item 5), long
/// names (item 6) and two runs on one `--out` at once (item 7).
@Suite(.serialized) struct DataSafetyRerunTests {
  static let fixtures = DataSafetyInputs.fixtures

  static func sanitize(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    PhotoCLI.runCapturing(["sanitize"] + arguments + ["--quiet"])
  }

  /// An image without its descriptor (the kill came between the two) gets its descriptor; a
  /// descriptor without its image gets its image; a whole pair is kept as it is; both give the
  /// bytes of a clean run. Another file at an output's name is refused (exit 4), not replaced.
  @Test func aRerunCompletesHalfPairsKeepsWholeOnesRefusesOthers() throws {
    let scratch = try ScratchDirectory("rerun")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in")
    try DataSafetyInputs.copy([Self.fixtures + "/jpeg/orient-6.jpg", Self.fixtures + "/jpeg/orient-3.jpg",
                               Self.fixtures + "/heic/apple-style.heic"], into: inputs)
    let clean = scratch.path + "/clean", out = scratch.path + "/out"
    #expect(Self.sanitize([inputs, "--out", clean]).status == 0)
    #expect(Self.sanitize([inputs, "--out", out]).status == 0)
    let reference = TreeDigest.of(clean).mapValues(\.sha256)
    try FileManager.default.removeItem(atPath: out + "/000-orient-6.json")
    try FileManager.default.removeItem(atPath: out + "/001-orient-3.jpg")
    let wholeBefore = try FileManager.default.attributesOfItem(atPath: out + "/002-apple-style.jpg")[.modificationDate] as? Date
    let r = PhotoCLI.runCapturing(["sanitize", inputs, "--out", out, "--format", "json"])
    #expect(r.status == 0, "\(r.err)")
    #expect(TreeDigest.of(out).mapValues(\.sha256) == reference)
    let notes = try JSONParser.parse(Array(r.out.utf8))["files"]?.arrayValue?.map { $0["notes"]?.arrayValue?.compactMap(\.stringValue) ?? [] } ?? []
    #expect(notes == [["completed an earlier run's output: wrote its missing descriptor"],
                      ["completed an earlier run's output: wrote its missing image"],
                      ["kept: an earlier run wrote this output and its descriptor (--force redoes it)"]])
    let wholeAfter = try FileManager.default.attributesOfItem(atPath: out + "/002-apple-style.jpg")[.modificationDate] as? Date
    #expect(wholeBefore == wholeAfter, "a whole pair is not written again")

    // Other settings make other outputs: the existing files are not this run's, so not kept.
    let other = Self.sanitize([inputs, "--out", out, "--max-side", "64"])
    #expect(other.status == 4, "\(other.err)")
    #expect(other.err.contains("cannot write \(out)/000-orient-6.jpg: a file with that name exists (use --force to replace it)"), "\(other.err)")
    #expect(TreeDigest.of(out).mapValues(\.sha256) == reference, "a refusal changes nothing")
    // A file of someone else's at a descriptor's name.
    try FileManager.default.removeItem(atPath: out + "/000-orient-6.json")
    try Data("{\"mine\": true}".utf8).write(to: URL(fileURLWithPath: out + "/000-orient-6.json"))
    let foreign = Self.sanitize([inputs, "--out", out])
    #expect(foreign.status == 4)
    #expect(try String(contentsOfFile: out + "/000-orient-6.json", encoding: .utf8) == "{\"mine\": true}")
  }

  /// A 240-byte name: both files written (the temporary used to be too long for the descriptor).
  /// A 251-byte name: `NAME.json` would be 256 bytes, over the limit: the outputs get a shortened
  /// name with a hash, and the run says so.
  @Test func longNames() throws {
    let scratch = try ScratchDirectory("long-names")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in"), out = scratch.path + "/out"
    let fits = String(repeating: "n", count: 240), over = String(repeating: "o", count: 251)
    for stem in [fits, over] {
      try FileManager.default.copyItem(atPath: Self.fixtures + "/jpeg/orient-6.jpg", toPath: inputs + "/" + stem + ".jpg")
    }
    let r = PhotoCLI.runCapturing(["sanitize", inputs, "--out", out, "--format", "json", "--quiet"])
    #expect(r.status == 0, "\(r.err)")
    let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    let short = ShortName.stem(over, longestSuffix: ".json", limit: 255)
    #expect(short.utf8.count == 250 && short.hasPrefix(String(repeating: "o", count: 237) + "-"))
    #expect(written == [fits + ".jpg", fits + ".json", short + ".jpg", short + ".json"].sorted(), "\(written.map { $0.utf8.count })")
    #expect(r.out.contains("output name shortened to \(short).jpg: \(over).json would be longer than the 255 bytes the file system allows"))
    #expect(!written.contains { $0.hasPrefix(TemporaryFiles.prefix) })
    let verify = PhotoCLI.runCapturing(["verify", out + "/" + short + ".jpg", "--originals", inputs, "--quiet"])
    #expect(verify.status == 0, "the shortened pair verifies: \(verify.out)")
  }

  /// Two `--force` runs with different profiles on one `--out` at the same time: the lock makes
  /// each wait for the other (and say so), so every pair is one run's — the descriptor's size
  /// and profile belong to the image beside it.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage), .timeLimit(.minutes(4)))
  func concurrentRunsNeverTearAPair() throws {
    let scratch = try ScratchDirectory("concurrent")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in"), out = scratch.path + "/out", logsA = try scratch.sub("a"), logsB = try scratch.sub("b")
    try (0..<3).forEach { try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(["jpeg", "heic"]), into: inputs, prefix: "c\($0)-") }
    // The test holds the lock until both runs wait for it, then lets them race.
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let held = try FolderLock(out)
    let a = try PhotoauditProcess.start(["sanitize", inputs, "--out", out, "--force", "--profile", "upload-1024", "-j", "2"], logDirectory: logsA)
    let b = try PhotoauditProcess.start(["sanitize", inputs, "--out", out, "--force", "--profile", "picker-2048", "-j", "2"], logDirectory: logsB)
    let waiting = "waiting for another photoaudit run that is writing to \(out)"
    let clock = ContinuousClock(), deadline = clock.now + .seconds(60)
    while clock.now < deadline, ![logsA, logsB].allSatisfy({ ((try? String(contentsOfFile: $0 + "/stderr.txt", encoding: .utf8)) ?? "").contains(waiting) }) {
      usleep(10_000)
    }
    held.release()
    let (endA, endB) = (a.wait(), b.wait())
    #expect(endA.exitStatus == 0 && endB.exitStatus == 0, "\(endA.stderr.suffix(300)) \(endB.stderr.suffix(300))")
    #expect(endA.stderr.contains(waiting) && endB.stderr.contains(waiting), "\(endA.stderr) \(endB.stderr)")
    var profiles = Set<String>()
    for name in try FileManager.default.contentsOfDirectory(atPath: out) where name.hasSuffix(".json") {
      let descriptor = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))))
      let image = out + "/" + PathName.deletingExtension(name) + ".jpg"
      let size = try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int
      #expect(descriptor["size_bytes"]?.intValue == size, "\(name) describes another image than the one beside it")
      let quality = descriptor["jpeg_quality"]?.intValue
      #expect(quality == (descriptor["profile"]?.stringValue == "upload-1024" ? 50 : 85), "\(name)")
      profiles.insert(descriptor["profile"]?.stringValue ?? "")
    }
    #expect(profiles.count == 1, "one run wrote last, whole: \(profiles)")
  }
}
