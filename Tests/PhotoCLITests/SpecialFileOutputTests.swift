import Foundation
import PhotoCore
import Platform
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--output` naming a device or a FIFO (`-o /dev/null`, `-o /dev/stdout`, a named pipe) is
/// written in place. Before, the temporary (or partial) file was renamed over it: run as root,
/// `-o /dev/null` replaced the device node by a regular file. Tested with a FIFO, which behaves
/// the same and is safe to break.
@Suite struct SpecialFileOutputTests {
  /// A FIFO in a scratch folder, opened for reading without blocking (so writers do not wait),
  /// and what arrives in it.
  struct Pipe {
    let folder: ScratchDirectory
    let path: String
    let reader: Int32

    init() throws {
      folder = try ScratchDirectory("fifo")
      path = folder.path + "/out.json"
      try #require(mkfifo(path, 0o600) == 0)
      // O_RDWR: open(2) of a FIFO for writing does not block while this end is open.
      reader = open(path, O_RDWR | O_NONBLOCK)
      try #require(reader >= 0)
    }

    /// Everything written so far (the pipe buffer holds 64 KiB; the tests write less).
    func drain() -> [UInt8] {
      var out: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        out += buffer[0..<n]
      }
      return out
    }

    var isStillFIFO: Bool {
      var info = stat()
      return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// Names in the folder besides the FIFO (a temporary or partial file left behind).
    var others: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0 != "out.json" }
    }

    func remove() {
      close(reader)
      folder.remove()
    }
  }

  @Test func atomicWriteToAFIFOWritesIntoItAndLeavesItAFIFO() throws {
    let pipe = try Pipe()
    defer { pipe.remove() }
    #expect(AtomicFile.isSpecialFile(pipe.path))
    try AtomicFile.write("{\"files\": []}\n", to: pipe.path)
    #expect(String(decoding: pipe.drain(), as: UTF8.self) == "{\"files\": []}\n")
    #expect(pipe.isStillFIFO)
    #expect(pipe.others.isEmpty)
  }

  @Test func streamedReportToAFIFOWritesIntoItAndLeavesItAFIFO() throws {
    let pipe = try Pipe()
    defer { pipe.remove() }
    let stream = try StreamFile(path: pipe.path)
    try stream.write("{\"a\":1}\n")
    try stream.write("{\"b\":2}\n")
    try stream.finish()
    #expect(String(decoding: pipe.drain(), as: UTF8.self) == "{\"a\":1}\n{\"b\":2}\n")
    #expect(pipe.isStillFIFO)
    #expect(pipe.others.isEmpty)
  }

  @Test func regularFilesAndMissingPathsAreNotSpecial() throws {
    let folder = try ScratchDirectory("special")
    defer { folder.remove() }
    #expect(!AtomicFile.isSpecialFile(folder.path + "/missing"))
    #expect(!AtomicFile.isSpecialFile(folder.path))
    try AtomicFile.write("x", to: folder.path + "/file")
    #expect(!AtomicFile.isSpecialFile(folder.path + "/file"))
    #expect(AtomicFile.isSpecialFile("/dev/null"))
  }
}
