import Foundation
import PhotoCLI
import PhotoCore
import Testing

/// Decompression bombs through the CLI: a file whose header claims 65500×65500 pixels (4.3
/// gigapixels, 12.9 GB of RGB) is refused by `sanitize` and `verify` with a clear message,
/// before any pixel memory is allocated (measured: the child's peak RSS stays small).
@Suite struct DataSafetyLimitsTests {
  static let side = 65_500
  static let pixels = side * side

  /// A real fixture with its stored size patched to 65500×65500 (JPEG SOF, PNG IHDR with its
  /// CRC, HEIF `ispe`).
  static func bomb(_ ext: String) throws -> [UInt8] {
    switch ext {
    case "jpg":
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: DataSafetyInputs.fixtures + "/jpeg/orient-1.jpg")))
      var i = 2
      while i + 9 < bytes.count, bytes[i] == 0xFF {
        let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        if JPEGMarker.isStartOfFrame(bytes[i + 1]) {
          bytes.replaceSubrange(i + 5..<i + 9, with: be16(side) + be16(side))
          return bytes
        }
        i += 2 + length
      }
      throw Missing(what: "SOF")
    case "png":
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: DataSafetyInputs.fixtures + "/png/clean.png")))
      bytes.replaceSubrange(16..<24, with: be32(side) + be32(side))  // IHDR data at 16
      bytes.replaceSubrange(29..<33, with: be32(Int(PNGCRC.checksum(bytes[12..<29]))))
      return bytes
    case "heic":
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: DataSafetyInputs.fixtures + "/heic/upright.heic")))
      var patched = 0
      var from = 0
      while let at = bytes[from...].firstRange(of: Array("ispe".utf8))?.lowerBound {
        bytes.replaceSubrange(at + 8..<at + 16, with: be32(side) + be32(side))  // after version/flags
        patched += 1
        from = at + 16
      }
      guard patched > 0 else { throw Missing(what: "ispe") }
      return bytes
    default:
      throw Missing(what: ext)
    }
  }

  struct Missing: Error { var what: String }

  static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
  static func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (24 - 8 * $0)) & 0xFF) } }

  @Test(arguments: ["jpg", "png", "heic"])
  func sanitizeRefusesAGigapixelHeader(_ ext: String) throws {
    let scratch = try ScratchDirectory("bomb-\(ext)")
    defer { scratch.remove() }
    let input = scratch.path + "/bomb." + ext
    try Data(Self.bomb(ext)).write(to: URL(fileURLWithPath: input))
    let r = PhotoCLI.runCapturing(["sanitize", input, "--out", scratch.path + "/out", "--quiet"])
    #expect(r.status == 1)
    #expect(r.err.contains("\(input): \(Self.side)×\(Self.side) is \(Self.pixels) pixels, over --max-pixels 200000000 (decompression-bomb guard)"),
            "\(r.err)")
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/out")) ?? []).isEmpty)
  }

  /// `--max-pixels N` lowers the cap; the message names it.
  @Test func sanitizeHonoursALowerMaxPixels() throws {
    let scratch = try ScratchDirectory("max-pixels")
    defer { scratch.remove() }
    let input = DataSafetyInputs.fixtures + "/jpeg/orient-1.jpg"
    let r = PhotoCLI.runCapturing(["sanitize", input, "--out", scratch.path, "--max-pixels", "100", "--quiet"])
    #expect(r.status == 1)
    #expect(r.err.contains("pixels, over --max-pixels 100 (decompression-bomb guard)"), "\(r.err)")
    let usage = PhotoCLI.runCapturing(["sanitize", input, "--out", scratch.path, "--max-pixels", "0"])
    #expect(usage.status == 2)
    #expect(usage.err.contains("--max-pixels needs a whole number from 1 to"), "\(usage.err)")
  }

  /// `verify` decodes pixels to compare them: the same header is refused by the decoder's own
  /// cap before any allocation, and the refusal is a PA015 finding (pixels not checked), exit 1:
  /// never a crash, never a clean verdict.
  @Test(arguments: ["jpg", "png", "heic"])
  func verifyRefusesAGigapixelHeader(_ ext: String) throws {
    let scratch = try ScratchDirectory("verify-bomb-\(ext)")
    defer { scratch.remove() }
    let input = scratch.path + "/bomb." + ext
    try Data(Self.bomb(ext)).write(to: URL(fileURLWithPath: input))
    let r = PhotoCLI.runCapturing(["verify", input, "--original", input, "--format", "json"])
    #expect(r.status == 1)
    // Ours for JPEG and PNG; for HEIF libheif's own cap (32768×32768) speaks first.
    let refusal = ext == "heic"
      ? "HEIF: Memory allocation error: Security limit exceeded: Image size \(Self.side)x\(Self.side) exceeds the maximum image size 32768x32768"
      : "image is \(Self.side)×\(Self.side) (\(Self.pixels) pixels), over the limit of 200000000 pixels"
    #expect(r.out.contains("\"output pixels could not be decoded: \(refusal)\""), "\(r.out.prefix(1500)) \(r.err)")
    #expect(r.out.contains("\"evidence\": \"pixels not fully checked: the output's pixels were not decoded: \(refusal)\""),
            "\(r.out.prefix(3000))")
  }

  /// The refusal happens before allocation: the whole process peaks far below the 12.9 GB the
  /// header asks for (a child process, so `wait4` measures only it).
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage),
        arguments: [("sanitize", "jpg"), ("sanitize", "png"), ("sanitize", "heic"), ("verify", "jpg"), ("verify", "png"), ("verify", "heic")])
  func gigapixelHeaderIsRefusedWithoutAllocating(_ command: String, _ ext: String) throws {
    let scratch = try ScratchDirectory("bomb-rss")
    defer { scratch.remove() }
    let input = scratch.path + "/bomb." + ext
    try Data(Self.bomb(ext)).write(to: URL(fileURLWithPath: input))
    let arguments = command == "sanitize"
      ? ["sanitize", input, "--out", scratch.path + "/out", "--quiet"]
      : ["verify", input, "--original", input, "--format", "json"]
    // Linux carries the spawning process's high-water mark into the child's ru_maxrss at exec
    // (posix_spawn shares our memory until then), so the bound is ours plus 300 MiB: far below
    // the 12.9 GB a decode would touch.
    let inherited = PhotoauditProcess.selfMaxRSSKiB()
    let finished = try PhotoauditProcess.run(arguments, logDirectory: scratch.path)
    #expect(finished.signal == nil, "\(command) \(ext) died by signal \(finished.signal ?? 0)")
    #expect(finished.maxRSSKiB < inherited + 300 * 1024,
            "\(command) \(ext) peaked at \(finished.maxRSSKiB / 1024) MiB (this process: \(inherited / 1024) MiB)")
  }

  /// The per-file time budget in batches: `audit --file-timeout` (default 60 s) reports an
  /// overrun as a finding and goes on.
  @Test func auditHasAPerFileTimeBudget() {
    let help = PhotoCLI.runCapturing(["audit", "--help"])
    #expect(help.out.contains("--file-timeout"))
    let bad = PhotoCLI.runCapturing(["audit", DataSafetyInputs.fixtures + "/jpeg", "--file-timeout", "0"])
    #expect(bad.status == 2)
    #expect(bad.err.contains("--file-timeout needs a number of seconds above 0, not '0'"), "\(bad.err)")
  }

  /// `inspect`, `verify` and `sanitize` batches have the same budget: with a budget no file can
  /// meet, every file is reported as over it, the batch ends, and the exit status says so. The
  /// commands with findings report PA015 incomplete-check (no clean verdict), not PA013.
  @Test(arguments: ["inspect", "verify", "sanitize"])
  func everyBatchCommandHasAPerFileTimeBudget(_ command: String) throws {
    let help = PhotoCLI.runCapturing([command, "--help"])
    #expect(help.out.contains("--file-timeout"), "\(command) --help")
    let scratch = try ScratchDirectory("budget-\(command)")
    defer { scratch.remove() }
    let inputs = DataSafetyInputs.fixtureImages(["jpeg"]).prefix(4).map { $0 }
    #expect(inputs.count == 4)
    let out = scratch.path + "/out"
    let arguments: [String] = switch command {
    case "sanitize": ["sanitize"] + inputs + ["--out", out, "--quiet", "--format", "json"]
    case "verify": ["verify"] + inputs + ["--format", "csv"]
    default: ["inspect"] + inputs + ["--format", "jsonl"]
    }
    let r = PhotoCLI.runCapturing(arguments + ["--file-timeout", "0.000001", "-j", "2"])
    let overBudget = "took longer than the --file-timeout of 1e-06 s"
    switch command {
    case "sanitize":
      #expect(r.status == 1, "\(r.err)")
      #expect(r.err.components(separatedBy: overBudget).count == 5, "\(r.err)")
      #expect(r.out.components(separatedBy: "\"id\": \"PA015\"").count == 5, "\(r.out)")
      // Nothing committed: no output, no descriptor, no temporary file.
      let written = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
      #expect(written.isEmpty, "\(written)")
    case "verify":
      #expect(r.status == 1)
      let rows = r.out.split(separator: "\n").dropFirst()
      #expect(rows.count == 4)
      #expect(rows.allSatisfy { $0.contains(",PA015,incomplete-check,error,file,") && $0.contains(overBudget) }, "\(r.out)")
    default:
      #expect(r.status == 3)
      #expect(r.err.components(separatedBy: overBudget).count == 5, "\(r.err)")
    }
    let bad = PhotoCLI.runCapturing([command, inputs[0], "--file-timeout", "soon"] + (command == "sanitize" ? ["--out", out] : []))
    #expect(bad.status == 2)
    #expect(bad.err.contains("--file-timeout needs a number of seconds above 0, not 'soon'"), "\(bad.err)")
  }
}

/// A named pipe given as a file is refused at once, not waited on (opening a FIFO for reading
/// blocks until a writer comes).
@Suite struct NamedPipeTests {
  @Test func aNamedPipeIsRefusedNotWaitedOn() throws {
    let scratch = try ScratchDirectory("fifo")
    defer { scratch.remove() }
    let pipe = scratch.path + "/photo.jpg"
    #expect(mkfifo(pipe, 0o600) == 0)
    let clock = ContinuousClock()
    let started = clock.now
    let r = PhotoCLI.runCapturing(["inspect", pipe, "--format", "json"])
    #expect(clock.now - started < .seconds(5))
    #expect(r.status == 3)
    #expect(r.err.contains("photo.jpg: cannot open: is not a regular file"), "\(r.err)")
  }
}
