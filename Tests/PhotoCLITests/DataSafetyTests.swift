import Foundation
import PhotoCLI
import PhotoCore
import Pipeline
import Platform
import Testing

/// SPEC "Safety promises": inputs are never modified, outputs never escape `--out`, directory
/// walks do not follow symlinks unless asked, pairs files cannot reach outside their roots.
/// (Killing a batch mid-way: `DataSafetyKillTests`; pixel caps through the CLI:
/// `DataSafetyLimitsTests`.)
@Suite struct DataSafetyTests {
  // MARK: Inputs are never modified

  /// Every command that reads inputs, run over copies of every fixture; afterwards each input
  /// has the same SHA-256, size and modification time, and no file appeared beside them.
  @Test func inputsAreByteIdenticalAfterEveryCommand() throws {
    let scratch = try ScratchDirectory("inputs")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in")
    let copies = try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(), into: inputs)
    #expect(copies.count > 20)
    let before = TreeDigest.of(inputs)
    let out = scratch.path + "/out"
    let runs: [[String]] = [
      ["inspect", "--all", "--format", "json"] + copies,
      ["sanitize", inputs, "--out", out, "-j", "2", "--quiet"],
      ["sanitize", inputs, "--out", scratch.path + "/out-png", "--png", "--profile", "upload-1024", "-j", "2", "--quiet"],
      ["sanitize", inputs, "--out", scratch.path + "/out-lossless", "--profile", "lossless", "--trim", "-j", "2", "--quiet"],
      // --out the input folder itself: outputs that would replace an input are refused.
      ["sanitize", inputs, "--out", inputs, "--force", "-j", "2", "--quiet"],
      ["verify", "--format", "json", "-j", "2"] + copies.prefix(6).map { out + "/" + URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + ".jpg" },
      ["audit", "--originals", inputs, "--outputs", out, "--format", "json", "-j", "2", "--quiet"],
      ["audit", inputs, "--format", "json", "--quiet"],
      ["diff", copies[0], copies[1]],
    ]
    for arguments in runs {
      let r = PhotoCLI.runCapturing(arguments)
      // 4: the run with --out the input folder refuses to write outputs over inputs.
      #expect([0, 1, 3, 4].contains(r.status), "\(arguments.prefix(3)): status \(r.status) \(r.err.prefix(300))")
    }
    let after = TreeDigest.of(inputs)
    for (name, entry) in before {
      #expect(after[name] == entry, "input \(name) changed: \(entry) → \(after[name].map(\.description) ?? "deleted")")
    }
    // Only outputs of `--out in` may have appeared (new .jpg/.json names); nothing temporary.
    for name in Set(after.keys).subtracting(before.keys) {
      #expect(!name.hasPrefix(AtomicFile.temporaryPrefix), "temporary file left in the input folder: \(name)")
      #expect(name.hasSuffix(".jpg") || name.hasSuffix(".json"), "unexpected new file \(name)")
    }
  }

  /// `sanitize --out` the input folder: every input whose output would replace it is refused
  /// by name (and left alone), the rest are written.
  @Test func sanitizeIntoTheInputFolderRefusesToReplaceInputs() throws {
    let scratch = try ScratchDirectory("same-folder")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in")
    let copies = try DataSafetyInputs.copy(DataSafetyInputs.fixtureImages(["jpeg"]).prefix(3).map { $0 }, into: inputs)
    let before = TreeDigest.of(inputs)
    let r = PhotoCLI.runCapturing(["sanitize", inputs, "--out", inputs, "--force", "--quiet"])
    #expect(r.status == 4, "outputs that cannot be written: exit 4")
    for copy in copies {
      #expect(r.err.contains("\(copy): writing \(copy) would overwrite an input; choose another --out"), "\(r.err)")
    }
    #expect(TreeDigest.of(inputs).filter { before[$0.key] != nil } == before)
  }

  // MARK: Outputs never escape --out

  @Test(arguments: [
    "../../etc/passwd.jpg", "/etc/shadow.jpg", "a/b/../../../../x.jpg", "..", ".", "...jpg", "..jpg",
    "dir/..", "x/./y/../z.png", "~/photo.heic", "-rf.jpg", "with space and ümlaut.jpg", "a\\..\\..\\b.jpg",
    ".photoaudit-tmp-x.jpg", "name.with.dots.jpeg", "/", "//", "trailing/", "/..", "../",
  ])
  func outputNameStaysInOut(_ input: String) throws {
    for out in ["/tmp/photoaudit-out-check/out", "relative/out", "../up/out", "."] {
      let prefix = RelativePath.normalize(out) == "." ? "" : RelativePath.normalize(out) + "/"
      for png in [false, true] {
        let job = try #require(OutputNaming.plan([input], out: out, png: png).first)
        for path in [job.output, job.descriptor] {
          #expect(path.hasPrefix(prefix), "\(input) with --out \(out) → \(path)")
          let name = String(path.dropFirst(prefix.count))
          #expect(!name.isEmpty && name != "." && name != ".." && !name.contains("/"), "\(input) with --out \(out) → \(path)")
        }
      }
    }
  }

  /// A symlink already sitting at an output's final name is replaced by the new file; what it
  /// pointed at (outside --out) is untouched.
  @Test func symlinkAtTheOutputNameIsReplacedNotFollowed() throws {
    let scratch = try ScratchDirectory("out-symlink")
    defer { scratch.remove() }
    let inputs = try scratch.sub("in"), out = try scratch.sub("out"), elsewhere = try scratch.sub("elsewhere")
    let input = try #require(try DataSafetyInputs.copy([DataSafetyInputs.fixtures + "/jpeg/orient-6.jpg"], into: inputs).first)
    let stem = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    let victim = elsewhere + "/precious.txt"
    try Data("do not touch".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(atPath: out + "/" + stem + ".jpg", withDestinationPath: victim)
    try FileManager.default.createSymbolicLink(atPath: out + "/" + stem + ".json", withDestinationPath: victim)
    // Without --force an existing name (even a link) is an error; with --force it is replaced.
    let refused = PhotoCLI.runCapturing(["sanitize", input, "--out", out, "--quiet"])
    #expect(refused.status == 4, "an output that cannot be written: exit 4")
    #expect(refused.err.contains("cannot write \(out)/\(stem).jpg: a file with that name exists (use --force to replace it)"), "\(refused.err)")
    let r = PhotoCLI.runCapturing(["sanitize", input, "--out", out, "--force", "--quiet"])
    #expect([0, 1].contains(r.status), "\(r.err)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "do not touch")
    for ext in [".jpg", ".json"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: out + "/" + stem + ext)
      #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(ext) is still a link")
    }
  }

  // MARK: Symlinks are not followed by default

  /// A tree with a link to a file, a link to a directory, a dangling link and a loop.
  static func symlinkTree(in scratch: ScratchDirectory) throws -> (root: String, outside: String) {
    let root = try scratch.sub("tree"), outside = try scratch.sub("outside")
    try DataSafetyInputs.copy([DataSafetyInputs.fixtures + "/jpeg/orient-1.jpg"], into: root, prefix: "real-")
    try DataSafetyInputs.copy([DataSafetyInputs.fixtures + "/jpeg/orient-3.jpg"], into: outside, prefix: "secret-")
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: root + "/link-to-file.jpg", withDestinationPath: outside + "/secret-000-orient-3.jpg")
    try fm.createSymbolicLink(atPath: root + "/link-to-dir", withDestinationPath: outside)
    try fm.createSymbolicLink(atPath: root + "/dangling.jpg", withDestinationPath: root + "/missing.jpg")
    try fm.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
    return (root, outside)
  }

  @Test func directoryWalkSkipsSymlinksByDefault() throws {
    let scratch = try ScratchDirectory("walk")
    defer { scratch.remove() }
    let (root, _) = try Self.symlinkTree(in: scratch)
    let listing = DirectoryWalker.list([root])
    #expect(listing.files == [root + "/real-000-orient-1.jpg"])
    let skipped = Dictionary(listing.skipped.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.reason) }, uniquingKeysWith: { a, _ in a })
    for name in ["link-to-file.jpg", "link-to-dir", "dangling.jpg", "loop"] {
      #expect(skipped[name] == .symbolicLink, "\(name): \(skipped[name]?.description ?? "not skipped")")
    }
  }

  /// Following links is bounded: each directory is entered once, so a loop ends at once and
  /// says so.
  @Test func followingSymlinksTerminatesOnALoop() throws {
    let scratch = try ScratchDirectory("walk-follow")
    defer { scratch.remove() }
    let (root, _) = try Self.symlinkTree(in: scratch)
    let listing = DirectoryWalker.list([root], followSymlinks: true)
    #expect(listing.files.contains(root + "/link-to-file.jpg"))
    #expect(listing.files.contains(root + "/link-to-dir/secret-000-orient-3.jpg"))
    #expect(listing.files.count == 3, "\(listing.files)")
    #expect(listing.skipped.contains { $0.path == root + "/loop" && $0.reason == .alreadyWalked(realPath: URL(fileURLWithPath: root + "/loop").resolvingSymlinksInPath().path) },
            "\(listing.skipped.map { "\($0.path): \($0.reason)" })")
  }

  @Test func sanitizeOfAFolderSaysWhichLinksItSkipped() throws {
    let scratch = try ScratchDirectory("walk-cli")
    defer { scratch.remove() }
    let (root, _) = try Self.symlinkTree(in: scratch)
    let out = scratch.path + "/out"
    let r = PhotoCLI.runCapturing(["sanitize", root, "--out", out, "--quiet"])
    #expect(r.err.contains("photoaudit sanitize: skipped \(root)/link-to-dir: symbolic link (use --follow-symlinks)"), "\(r.err)")
    let written = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
    #expect(written.sorted() == ["real-000-orient-1.jpg", "real-000-orient-1.json"])
  }

  // MARK: Pairs files cannot leave their roots

  @Test(arguments: [
    ("../outside.jpg", "leaves its root"),
    ("a/../../outside.jpg", "leaves its root"),
    ("./../outside.jpg", "leaves its root"),
    ("a/b/../../../outside.jpg", "leaves its root"),
    ("/etc/passwd", "absolute path '/etc/passwd' is not allowed"),
    ("//etc/passwd", "absolute path"),
  ])
  func pairsEntryLeavingItsRootIsRejected(_ entry: String, message: String) {
    #expect(throws: Pairing.Problem.self) { try Pairing.contained(entry, in: "/roots/originals", pairs: "pairs.csv") }
    do {
      _ = try Pairing.contained(entry, in: "/roots/originals", pairs: "pairs.csv")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test(arguments: ["a.jpg", "./a.jpg", "sub/../a.jpg", "sub/dir/a.jpg", "a..b.jpg", "..a.jpg"])
  func pairsEntryInsideItsRootIsAccepted(_ entry: String) throws {
    let path = try Pairing.contained(entry, in: "/roots/originals", pairs: "pairs.csv")
    #expect(path.hasPrefix("/roots/originals/"))
  }

  /// Through the CLI: CSV and JSON pairs files with an escaping entry are a usage error (exit 2)
  /// that names the entry; nothing is audited.
  @Test(arguments: [
    ("pairs.csv", "original,output\n../../etc/passwd,a.jpg\n", "'../../etc/passwd' leaves its root"),
    ("pairs.csv", "a.jpg,/etc/hosts\n", "absolute path '/etc/hosts' is not allowed"),
    ("pairs.json", #"[{"original": "a.jpg", "output": "x/../../b.jpg"}]"#, "'x/../../b.jpg' leaves its root"),
  ])
  func auditRejectsAnEscapingPairsFile(_ name: String, contents: String, message: String) throws {
    let scratch = try ScratchDirectory("pairs")
    defer { scratch.remove() }
    let originals = try scratch.sub("originals"), outputs = try scratch.sub("outputs")
    let pairs = scratch.path + "/" + name
    try Data(contents.utf8).write(to: URL(fileURLWithPath: pairs))
    let r = PhotoCLI.runCapturing(["audit", "--originals", originals, "--outputs", outputs, "--pairs", pairs])
    #expect(r.status == 2, "\(r.err)")
    #expect(r.err.contains(message), "\(r.err)")
  }

  /// An entry through a symlink that sits inside the root but points outside it is refused.
  @Test func pairsEntryThroughASymlinkLeavesTheRoot() throws {
    let scratch = try ScratchDirectory("pairs-link")
    defer { scratch.remove() }
    let originals = try scratch.sub("originals"), outside = try scratch.sub("outside")
    try FileManager.default.createSymbolicLink(atPath: originals + "/door", withDestinationPath: outside)
    let path = try? Pairing.contained("door/secret.jpg", in: originals, pairs: "pairs.csv")
    #expect(path == nil, "accepted \(path ?? "")")
    #expect(try Pairing.contained("real.jpg", in: originals, pairs: "pairs.csv") == originals + "/real.jpg")
  }
}
