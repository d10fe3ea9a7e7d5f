@testable import Bytes
import Foundation
@testable import PhotoCore
@testable import Pipeline
@testable import Platform
import Testing

/// `InputList` and `InputSelection.resolveList`: the compact sorted input list of a batch —
/// byte order over whole paths, keys below the walked folder, a path given twice kept once,
/// and the same files as the folder walk (`resolve`).
@Suite struct InputListTests {
  @Test func sortsWholePathsByTheirBytesAcrossRoots() {
    var list = InputList()
    list.append(prefix: "b/", relative: "z.jpg".utf8[...])
    list.append(prefix: "b/", relative: "a/x.jpg".utf8[...])
    list.append(prefix: "", relative: "b/a.jpg".utf8[...])  // named: sorts among the walked ones
    list.append(prefix: "a/", relative: "é.jpg".utf8[...])
    list.append(prefix: "a/", relative: "Z.jpg".utf8[...])
    list.append(prefix: "b/", relative: "a.jpg".utf8[...])
    list.sort()
    let paths = (0..<list.count).map(list.path)
    #expect(paths == ["a/Z.jpg", "a/é.jpg", "b/a.jpg", "b/a/x.jpg", "b/z.jpg"], "b/a.jpg is given twice and kept once")
    #expect(paths == paths.sorted(by: PathOrder.less))
    // The first one given stays: the named one (its key is the whole path).
    #expect(list.key(2) == "b/a.jpg" && list.isNamed(2))
    #expect(list.key(3) == "a/x.jpg" && !list.isNamed(3))
    #expect(list.contains("b/a/x.jpg") && list.contains("a/é.jpg"))
    #expect(!list.contains("b/a") && !list.contains("a/") && !list.contains("c.jpg"))
  }

  @Test func filterKeepsPositions() {
    var list = InputList()
    for name in ["d", "c", "b", "a"] { list.append(prefix: "r/", relative: name.utf8[...]) }
    list.sort()
    list.filter { $0 % 2 == 0 }
    #expect((0..<list.count).map(list.key) == ["a", "c"])
  }

  /// A list read from a file entry by entry splits as the whole list does: newlines (a CR
  /// before one dropped), NULs, empty entries skipped, a last entry without a separator kept.
  @Test(arguments: [("a.jpg\r\nb c.jpg\n\n\nd/é.jpg", false), ("a.jpg\0\0b\nc.jpg\0d.jpg", true), ("", false), ("\n\n", false)])
  func listSourceSplitsAsEntries(text: String, nul: Bool) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-list-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var read: [String] = []
    try InputSelection.ListSource.file(path, nulSeparated: nul).forEach { read.append($0) }
    #expect(read == InputSelection.entries(of: Array(text.utf8), nulSeparated: nul))
    var fromBytes: [String] = []
    try InputSelection.ListSource.bytes(Array(text.utf8), nulSeparated: nul).forEach { fromBytes.append($0) }
    #expect(fromBytes == read)
  }

  /// The compact walk finds what `resolve` finds, filters applied, in path order; a shard's
  /// `keep` sees the keys below the folder.
  @Test func resolveListEqualsResolve() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-inputlist-\(UUID().uuidString.prefix(8))").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for path in ["a/x.jpg", "a/x.json", "a.jpg", "a/b/y.HEIC", "c/z.png", "c/notes.txt", ".photoaudit-partial-s.jsonl"] {
      let full = root + "/" + path
      try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: full, contents: Data([0]))
    }
    var selection = InputSelection()
    selection.paths = [root]
    selection.listed = [root + "/c/z.png", root + "/missing.jpg"]
    var keys: [String] = []
    let listed = try selection.resolveList { key in
      keys.append(String(decoding: Array(key), as: UTF8.self))
      return true
    }
    let walked = selection.resolve().listing.files.filter { !Pairing.isAuxiliary($0) }
    let inputs = (0..<listed.inputs.count).map(listed.inputs.path)
    #expect(inputs == Array(Set(walked)).sorted(by: PathOrder.less), "the same files, once each, in path order")
    #expect(inputs.contains(root + "/missing.jpg"), "a listed entry that does not exist stays: its PA013")
    #expect((0..<listed.aside.count).map(listed.aside.path) == [root + "/a/x.json", root + "/c/notes.txt"])
    // A JSON file is asked too: it may be a sidecar without its photo, checked in its own shard.
    #expect(Set(keys) == ["a/x.jpg", "a.jpg", "a/b/y.HEIC", "c/z.png", root + "/c/z.png", root + "/missing.jpg", "a/x.json"])
    #expect((0..<listed.sidecars.count).map(listed.sidecars.path) == [root + "/a/x.json"])
    #expect(listed.considered == 6)

    selection.extensions = ["jpg"]
    let narrowed = try selection.resolveList()
    #expect((0..<narrowed.inputs.count).map(narrowed.inputs.key) == ["a.jpg", "a/x.jpg", root + "/missing.jpg"])
    #expect(narrowed.aside.count == 2, "descriptors are found whatever --ext says")
  }
}
