import Bytes
import Foundation
import PhotoCore
import Testing

/// Every file of the shared corpus, whatever its format, through both walkers (HEIF and PNG):
/// each call returns or throws a `ContainerError` quickly; none traps or hangs. Files of the
/// walker's own format are also cut at random points and must still return or throw.
@Suite(.enabled(if: ContainerCorpus.isAvailable, ContainerCorpus.skipMessage))
struct ISOBMFFCorpusSweepTests {
  @Test func noCorpusFileCrashesOrHangsTheWalkers() throws {
    let paths = ContainerCorpus.paths
    try #require(paths.count >= 300)
    var slowest = (path: "", seconds: 0.0)
    var counts = (heifRead: 0, heifThrew: 0, pngRead: 0, pngThrew: 0)
    let clock = ContinuousClock()
    for path in paths {
      let bytes = ContainerCorpus.bytes(path)
      let source = MemorySource(bytes)
      let start = clock.now
      let heif = Result { () throws(ContainerError) in try HEIFWalker.scan(source) }
      let png = Result { () throws(ContainerError) in try PNGWalker.scan(source) }
      let elapsed = clock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      if seconds > slowest.seconds { slowest = (path, seconds) }
      if case .success = heif { counts.heifRead += 1 } else { counts.heifThrew += 1 }
      if case .success = png { counts.pngRead += 1 } else { counts.pngThrew += 1 }
      // Sniffed formats must be read by their own walker unless the file is known to be broken.
      let format = ImageFormat.sniff(Array(bytes.prefix(ImageFormat.sniffLength)))
      if format == .png, case .failure(let error) = png, !Self.brokenPNGs.contains(path) {
        Issue.record("\(path): PNG walker threw \(error)")
      }
    }
    print("""
      Corpus sweep: \(paths.count) files; HEIF walker read \(counts.heifRead), refused \(counts.heifThrew); \
      PNG walker read \(counts.pngRead), refused \(counts.pngThrew); slowest \(slowest.path) \
      (\(String(format: "%.1f", slowest.seconds * 1000)) ms for both walkers)
      """)
    #expect(slowest.seconds < 2, "\(slowest.path) took \(slowest.seconds) s")
  }

  /// PNGs that are broken before their first chunk (nothing to read).
  static let brokenPNGs: Set<String> = [
    "exiv2-test-data/exiv2-bug841.png", "exiv2-test-data/issue_428_poc4.png", "pillow-tests-images/broken.png",
  ]

  /// Each HEIF/AVIF and PNG of the corpus cut at 40 evenly spread points: return or throw, never trap.
  /// Each answers, a scan or an error, and both happen: cuts past the headers still scan, cuts
  /// inside them are refused (a walker that refused everything, or nothing, would fail here).
  @Test func corpusFilesCutShortNeverTrap() throws {
    var cuts = 0, scanned = 0, refused = 0, files = 0
    for path in ContainerCorpus.files(sniffedAs: [.heic, .heif, .avif, .png]) {
      let bytes = ContainerCorpus.bytes(path)
      let step = max(1, bytes.count / 40)
      files += 1
      for n in stride(from: 0, to: bytes.count, by: step) {
        let source = MemorySource(Array(bytes.prefix(n)))
        for walker in ["heif", "png"] {
          cuts += 1
          do {
            _ = walker == "heif" ? try HEIFWalker.scan(source) : try PNGWalker.scan(source)
            scanned += 1
          } catch {
            refused += 1
          }
        }
      }
    }
    #expect(files > 0 && scanned > 0)
    #expect(refused > 0, "no cut of \(files) files was refused")
    print("cut short: \(files) files, \(cuts) scans of cuts, \(scanned) returned, \(refused) refused")
  }
}
