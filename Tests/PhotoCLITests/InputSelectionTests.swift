import Foundation
import PhotoCLI
import PhotoCore
import TestSupport
import Testing

/// The input-selection layer of the batch commands (--files-from with newlines or NUL, -0,
/// --ext, --include, --exclude) and sanitize's mirroring of the input tree under --out.
@Suite struct InputSelectionTests {
  static let fixtures = Repository.root.appendingPathComponent("Fixtures").path

  /// A folder: in/a/photo.jpg, in/b/photo.jpg, in/b/deep/x.heic, in/notes.txt.
  static func tree() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory("selection")
    let fm = FileManager.default
    for (from, to) in [("jpeg/orient-6.jpg", "in/a/photo.jpg"), ("jpeg/orient-3.jpg", "in/b/photo.jpg"), ("heic/apple-style.heic", "in/b/deep/x.heic")] {
      try fm.createDirectory(atPath: scratch.path + "/" + (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try fm.copyItem(atPath: fixtures + "/" + from, toPath: scratch.path + "/" + to)
    }
    try Data("notes".utf8).write(to: URL(fileURLWithPath: scratch.path + "/in/notes.txt"))
    return scratch
  }

  static func paths(_ json: String) throws -> [String] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return ((document["files"] as? [[String: Any]]) ?? []).compactMap { ($0["path"] ?? $0["output"]) as? String }
  }

  /// A list with one path a line; a listed path that does not exist is a PA013 finding (exit 1
  /// in a batch), not a usage error.
  @Test func filesFromANewlineList() throws {
    let scratch = try Self.tree()
    defer { scratch.remove() }
    let list = scratch.path + "/list.txt"
    try "\(scratch.path)/in/a/photo.jpg\r\n\n\(scratch.path)/in/missing.jpg\n\(scratch.path)/in/b\n".write(toFile: list, atomically: true, encoding: .utf8)
    let r = PhotoCLI.runCapturing(["audit", "--files-from", list, "--no-pixels", "--quiet", "--format", "json"])
    #expect(r.status == 1)
    #expect(try Self.paths(r.out) == ["\(scratch.path)/in/a/photo.jpg", "\(scratch.path)/in/b/deep/x.heic", "\(scratch.path)/in/b/photo.jpg",
                                      "\(scratch.path)/in/missing.jpg"])
    let csv = PhotoCLI.runCapturing(["audit", "--files-from", list, "--no-pixels", "--quiet", "--format", "csv"]).out
    #expect(csv.contains("\(scratch.path)/in/missing.jpg,,PA013,unreadable,error,,,cannot open: no such file\n"))
  }

  /// NUL-separated (find -print0), from standard input: a name holding a newline survives.
  @Test func filesFromStandardInputWithNUL() throws {
    let scratch = try Self.tree()
    defer { scratch.remove() }
    let odd = scratch.path + "/in/two\nlines.jpg"
    try FileManager.default.copyItem(atPath: Self.fixtures + "/jpeg/clean.jpg", toPath: odd)
    let list = Array("\(scratch.path)/in/a/photo.jpg\0\(odd)\0".utf8)
    let r = PhotoCLI.runCapturing(["inspect", "--files-from", "-", "-0", "--format", "json"], stdin: list)
    #expect(r.status == 0, "\(r.err)")
    #expect(try Self.paths(r.out) == ["\(scratch.path)/in/a/photo.jpg", odd])
    // Without -0 the same bytes are one path with a NUL in it, and then two lines: not files.
    let split = PhotoCLI.runCapturing(["inspect", "--files-from", "-", "--format", "json"], stdin: Array("\(odd)\n".utf8))
    #expect(split.status == 3)
    let noList = PhotoCLI.runCapturing(["inspect", "-0", scratch.path + "/in"])
    #expect(noList.status == 2)
    #expect(noList.err.contains("-0 goes with --files-from"))
  }

  @Test func extensionsAndGlobs() throws {
    let scratch = try Self.tree()
    defer { scratch.remove() }
    let root = scratch.path + "/in"
    func listed(_ options: [String]) throws -> [String] {
      let r = PhotoCLI.runCapturing(["inspect", root, "--format", "json"] + options)
      #expect(r.status == 0, "\(options): \(r.err)")
      return try Self.paths(r.out).map { String($0.dropFirst(root.count + 1)) }
    }
    #expect(try listed([]) == ["a/photo.jpg", "b/deep/x.heic", "b/photo.jpg"], "notes.txt is no photo")
    #expect(try listed(["--ext", "HEIC"]) == ["b/deep/x.heic"])
    #expect(try listed(["--ext", "jpg,.heic"]) == ["a/photo.jpg", "b/deep/x.heic", "b/photo.jpg"])
    #expect(try listed(["--include", "*.jpg"]) == ["a/photo.jpg", "b/photo.jpg"])
    #expect(try listed(["--exclude", "b/*"]) == ["a/photo.jpg"])
    #expect(try listed(["--include", "b/*", "--exclude", "*.heic"]) == ["b/photo.jpg"])
    #expect(try listed(["--include", "x.*", "--include", "a/*"]) == ["a/photo.jpg", "b/deep/x.heic"])
    // A file named on the command line is taken as given.
    let named = PhotoCLI.runCapturing(["inspect", root + "/a/photo.jpg", "--ext", "heic", "--format", "json"])
    #expect(try Self.paths(named.out) == [root + "/a/photo.jpg"])
  }

  /// `a/photo.jpg` and `b/photo.jpg` used to collide ("rename one"): outputs keep their place
  /// below --out, and each descriptor's `original` leads back to its input.
  @Test func sanitizeMirrorsTheInputTree() throws {
    let scratch = try Self.tree()
    defer { scratch.remove() }
    let out = scratch.path + "/out"
    let r = PhotoCLI.runCapturing(["sanitize", scratch.path + "/in", "--out", out, "--quiet", "--format", "json"])
    #expect(r.status == 0, "\(r.err)")
    for (input, output) in [("a/photo.jpg", "a/photo"), ("b/photo.jpg", "b/photo"), ("b/deep/x.heic", "b/deep/x")] {
      #expect(FileManager.default.fileExists(atPath: "\(out)/\(output).jpg"), "\(output)")
      let descriptor = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/\(output).json"))) as? [String: Any]
      let original = try #require(descriptor?["original"] as? String)
      let resolved = URL(fileURLWithPath: "\(out)/\((output as NSString).deletingLastPathComponent)/\(original)").standardizedFileURL.path
      #expect(resolved == URL(fileURLWithPath: "\(scratch.path)/in/\(input)").standardizedFileURL.path)
      // verify finds the descriptor and, through it, the original (in a folder named with
      // --originals: it is outside the current directory): the pixels agree.
      let verify = PhotoCLI.runCapturing(["verify", "\(out)/\(output).jpg", "--format", "json", "--originals", scratch.path + "/in"])
      #expect(verify.status == 0, "\(verify.out.prefix(600))")
      #expect(verify.out.contains("\"verdict\": \"upright\""))
    }
    // Two inputs for one output in the same folder are still refused, by name.
    try FileManager.default.copyItem(atPath: Self.fixtures + "/png/clean.png", toPath: scratch.path + "/in/a/photo.png")
    let clash = PhotoCLI.runCapturing(["sanitize", scratch.path + "/in", "--out", scratch.path + "/out2", "--quiet"])
    #expect(clash.status == 4)
    #expect(clash.err.contains("in/a/photo.png: its output \(scratch.path)/out2/a/photo.jpg is already the output of \(scratch.path)/in/a/photo.jpg; rename one of them"),
            "\(clash.err)")
  }
}
