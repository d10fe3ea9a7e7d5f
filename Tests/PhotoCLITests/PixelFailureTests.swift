import Bytes
import Foundation
import PhotoCLI
import PhotoCore
import Pipeline
import Testing

/// Pixels that do not decode cleanly, or that were not decoded, never pass silently (issue 12
/// cases 5 and 7): a damaged output is PA016, a picture over a limit PA015, through the CLI
/// in-process with exact findings and exit statuses; `sanitize` refuses a damaged input unless
/// `--accept-damaged`.
@Suite struct PixelFailureTests {
  static let fixtures = DataSafetyInputs.fixtures
  static let damaged = fixtures + "/pixels/damaged"

  /// (id, severity, carrier, evidence) of the JSON report's findings for `file`.
  static func findings(_ json: String, file: String) -> [[String]] {
    guard let document = try? JSONParser.parse(Array(json.utf8)), case .array(let files)? = document["files"] else { return [] }
    return files.filter { $0["output"]?.stringValue == file }.flatMap { entry -> [[String]] in
      guard case .array(let list)? = entry["findings"] else { return [] }
      return list.map { f in ["id", "severity", "carrier", "evidence"].map { f[$0]?.stringValue ?? "" } }
    }
  }

  static let pixelDamage = "viewers show grey or garbage where the data is missing"

  /// Each damaged output, verified against its original (`jpeg/orient-6.jpg`, named by its
  /// descriptor): one finding, PA016, whose evidence is the decoder's own message; exit 1.
  @Test(arguments: [
    ("truncated-scan.jpg", "Premature end of JPEG file"),
    ("corrupt-data.jpg", "Corrupt JPEG data: bad Huffman code"),
    ("truncated-idat.png", "the file ends before the image data does (truncated)"),
    ("corrupt-idat.png", "IDAT: incorrect data check"),
  ])
  func aDamagedOutputIsPA016(_ name: String, _ message: String) {
    let file = Self.damaged + "/" + name
    let r = PhotoCLI.runCapturing(["verify", file, "--format", "json"])
    #expect(r.status == 1, "\(r.err)")
    #expect(Self.findings(r.out, file: file) == [
      ["PA016", "error", "pixels", "the pixels do not decode cleanly: \(message); \(Self.pixelDamage)"],
    ])
  }

  /// A HEIC whose `mdat` ends in the middle of the coded image: libheif refuses it (an extent
  /// outside the file), so no viewer built on it shows anything: PA016. (The walk also reports
  /// the bytes of the cut `mdat` as unaccounted, PA014: not a pixel finding.)
  @Test func aTruncatedHEICIsPA016() {
    let file = Self.damaged + "/truncated-mdat.heic"
    let r = PhotoCLI.runCapturing(["verify", file, "--format", "json"])
    #expect(r.status == 1)
    let pixelFindings = Self.findings(r.out, file: file).filter { $0[2] == "pixels" }
    #expect(pixelFindings == [[
      "PA016", "error", "pixels",
      "the pixels do not decode cleanly: HEIF: Invalid input: Unexpected end of file: Extent in iloc box references data outside of file bounds (points to file position 358); \(Self.pixelDamage)",
    ]])
  }

  /// A grid 33,536 pixels wide (2.1 MP, under --max-pixels): libheif refuses it ("Security
  /// limit exceeded"), so its pixels are not checked: PA015, exit 1 — not "ok".
  @Test func aPictureLibheifRefusesIsPA015() {
    let file = Self.fixtures + "/pixels/limits/grid-33536-wide.heic"
    let r = PhotoCLI.runCapturing(["verify", file, "--format", "json"])
    #expect(r.status == 1)
    #expect(Self.findings(r.out, file: file).filter { ["PA004", "PA005", "PA009", "PA015", "PA016"].contains($0[0]) } == [[
      "PA015", "error", "pixels",
      "pixels not fully checked: the output's pixels were not decoded: HEIF: Memory allocation error: Security limit exceeded: Image size 33536x64 exceeds the maximum image size 32768x32768",
    ]])
  }

  /// An original that does not decode leaves orientation and crop unchecked: PA015 on the output.
  @Test func aDamagedOriginalLeavesTheComparisonIncomplete() {
    let output = Self.fixtures + "/defects/correct-6.jpg"
    let r = PhotoCLI.runCapturing(["verify", output, "--original", Self.damaged + "/truncated-scan.jpg", "--format", "json"])
    #expect(r.status == 1)
    #expect(Self.findings(r.out, file: output) == [[
      "PA015", "error", "pixels",
      "pixels not fully checked: the original's pixels are damaged (Premature end of JPEG file), so orientation and crop were not compared",
    ]])
  }

  /// `audit` of the folder: every damaged file is an error, the batch goes on, exit 1; with
  /// `--no-pixels` nothing is decoded and the JPEG/PNG outputs have no finding of their own.
  @Test func auditReportsEveryDamagedOutput() {
    let r = PhotoCLI.runCapturing(["audit", Self.damaged, "--format", "json"])
    #expect(r.status == 1)
    for name in ["truncated-scan.jpg", "corrupt-data.jpg", "truncated-idat.png", "corrupt-idat.png", "truncated-mdat.heic"] {
      #expect(Self.findings(r.out, file: Self.damaged + "/" + name).map { $0[0] }.contains("PA016"), "\(name)")
    }
    let metadataOnly = PhotoCLI.runCapturing(["audit", Self.damaged, "--no-pixels", "--format", "json"])
    for name in ["truncated-scan.jpg", "corrupt-data.jpg", "corrupt-idat.png"] {
      #expect(Self.findings(metadataOnly.out, file: Self.damaged + "/" + name).filter { $0[0] == "PA016" }.isEmpty)
    }
  }

  /// `sanitize` refuses a damaged input (nothing written, exit 1, the reason on stderr); with
  /// `--accept-damaged` it writes what decodes and its report carries PA016.
  @Test func sanitizeRefusesADamagedInputUnlessAccepted() throws {
    let scratch = try ScratchDirectory("damaged-sanitize")
    defer { scratch.remove() }
    let input = Self.damaged + "/truncated-scan.jpg"
    let refused = PhotoCLI.runCapturing(["sanitize", input, "--out", scratch.path, "--quiet"])
    #expect(refused.status == 1)
    #expect(refused.err.contains(
      "\(input): the pixels do not decode cleanly (Premature end of JPEG file); not sanitized (--accept-damaged writes what decodes)"), "\(refused.err)")
    #expect((try FileManager.default.contentsOfDirectory(atPath: scratch.path)).isEmpty)

    let accepted = PhotoCLI.runCapturing(["sanitize", input, "--out", scratch.path, "--accept-damaged", "--quiet", "--format", "json"])
    #expect(accepted.status == 1)
    #expect((try FileManager.default.contentsOfDirectory(atPath: scratch.path)).sorted() == ["truncated-scan.jpg", "truncated-scan.json"])
    let document = try JSONParser.parse(Array(accepted.out.utf8))
    guard case .array(let files)? = document["files"], case .array(let list)? = files.first?["findings"] else {
      Issue.record("no findings in \(accepted.out)")
      return
    }
    #expect(list.map { $0["id"]?.stringValue } == ["PA016"])
    #expect(list.first?["evidence"]?.stringValue ==
      "made from an input whose pixels do not decode cleanly (Premature end of JPEG file), accepted with --accept-damaged: the output shows what decoded, grey or garbage where the data was missing")
    // The output itself decodes cleanly: verifying it finds no damage of its own.
    let verified = PhotoCLI.runCapturing(["verify", scratch.path + "/truncated-scan.jpg", "--no-pixels", "--format", "json"])
    #expect(Self.findings(verified.out, file: scratch.path + "/truncated-scan.jpg").filter { $0[0] == "PA016" }.isEmpty)
  }

  /// `--max-pixels` (the decompression-bomb cap) applied to the pixel checks: a picture over it
  /// is not decoded, and says so (PA015), for each format.
  @Test(arguments: [("jpeg/orient-6.jpg", "128×192 (24576 pixels)"), ("png/orient-6.png", "128×192 (24576 pixels)"),
                    ("heic/upright.heic", "144×96 (13824 pixels)"), ("pixels/grid/grid.heic", "1500×1000 (1500000 pixels)")])
  func aPictureOverMaxPixelsIsPA015(_ name: String, _ size: String) {
    var options = AuditOptions()
    options.maxPixels = 1_000
    let file = Self.fixtures + "/" + name
    let result = PairAuditor.audit(output: file, original: nil, descriptor: nil, options: options)
    #expect(result.report.findings.filter { $0.carrier == "pixels" }.map(\.evidence) == [
      "pixels not fully checked: the output's pixels were not decoded: image is \(size), over the limit of 1000 pixels",
    ])
    #expect(result.report.findings.filter { $0.carrier == "pixels" }.map(\.id) == [.incompleteCheck])
  }
}
