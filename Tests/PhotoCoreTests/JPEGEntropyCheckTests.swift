@testable import Bytes
import Codecs
import Foundation
import Testing

@testable import PhotoCore

/// Garbage inside a JPEG scan is damage (PA016), whatever the scale the pixel check decodes at:
/// TurboJPEG's fast Huffman decoder reads it without a warning of its own, and what warning it
/// does give ("extraneous bytes before marker 0xD?") is the one junk after whole data gives, so
/// `JPEGEntropyCheck` decodes the Huffman data to tell them apart.
@Suite struct JPEGEntropyCheckTests {
  static func bytes(_ fixture: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path(fixture))))
  }

  /// The reduced picture the pixel check decodes, and its damage.
  static func damage(_ bytes: [UInt8], minLongSide: Int?) throws -> String? {
    let source = MemorySource(bytes)
    let metadata = Inspector.read(source: source, path: "x.jpg").metadata
    return try PictureDecoder.decode(source, metadata: metadata, heif: nil, minLongSide: minLongSide, maxPixels: 1 << 26).damage
  }

  /// The residue/ fixtures (gen/residue.sh): 1536 bytes of garbage in the middle of the scan,
  /// without and with a restart marker per MCU row; 64 bytes of junk after complete data.
  @Test(arguments: [
    ("residue/scan-garbage.jpg", "Corrupt JPEG data: 529 extraneous bytes before marker 0xd9; scan 1 has corrupt entropy-coded data: a coefficient past the 64th of its block (MCU row 8 of 16, byte 4913)"),
    ("residue/scan-garbage-rst.jpg", "Corrupt JPEG data: 1076 extraneous bytes before marker 0xd7; scan 1 has corrupt entropy-coded data: a DC coefficient of 2280, beyond what 8-bit samples give (MCU row 8 of 16, byte 5001)"),
  ])
  func garbageInAScanIsDamageAtEveryScale(_ fixture: String, _ damage: String) throws {
    let jpeg = try Self.bytes(fixture)
    // TurboJPEG's first warning is the same at every DCT scale (the entropy-coded data is
    // decoded whole at each; only the IDCT is scaled) — and is no damage by itself.
    let warnings = try Set(JPEGCodec.scalingFactors.filter { $0 <= .one }.map { factor in
      try JPEGCodec.decodeReportingWarnings(jpeg, scale: factor, maxPixels: 1 << 26).warning
    })
    #expect(warnings.count == 1)
    let outcome = try JPEGCodec.decodeReportingWarnings(jpeg, maxPixels: 1 << 26)
    #expect(outcome.damage == nil)
    // The check, whatever the reduction (128 px: an output alone; 256: beside its original;
    // nil: full size, sanitize).
    for side in [64, 128, 256, nil] as [Int?] {
      #expect(try Self.damage(jpeg, minLongSide: side) == damage, "minLongSide \(String(describing: side))")
    }
  }

  /// Junk after complete data: the same kind of warning, every pixel whole, no damage.
  @Test func junkAfterCompleteDataIsNotDamage() throws {
    let jpeg = try Self.bytes("residue/scan-junk.jpg")
    let outcome = try JPEGCodec.decodeReportingWarnings(jpeg, maxPixels: 1 << 26)
    #expect(outcome.warning == "Corrupt JPEG data: 61 extraneous bytes before marker 0xd9")
    #expect(JPEGEntropyCheck.check(jpeg) == .sound(extraBytes: 64))
    #expect(try Self.damage(jpeg, minLongSide: 128) == nil)
  }

  /// Sound files decode whole, restart markers and all.
  @Test(arguments: ["jpeg/clean.jpg", "jpeg/orient-6.jpg", "residue/scan-original.jpg", "residue/scan-rst.jpg", "pixels/pairs/original-6.jpg"])
  func soundFixturesAreSound(_ fixture: String) throws {
    #expect(JPEGEntropyCheck.check(try Self.bytes(fixture)) == .sound(extraBytes: 0))
  }

  /// 1536 bytes of garbage (no 0xFF) inserted or written over at 60 seeded places of two
  /// outputs, one with a restart marker per MCU row: every one is damage. (Smaller garbage is
  /// sometimes absorbed whole — the data still ends where a marker is, and TurboJPEG warns of
  /// nothing, so nothing runs the check; see docs/NOTES.md.)
  @Test func seededGarbageIsAlwaysFound() throws {
    var rng = SplitMix64(seed: 1536)
    var missed: [String] = []
    for name in ["residue/scan-junk.jpg", "residue/scan-rst.jpg"] {
      // The sound picture under each: the junk control without its junk; the restart output.
      let base = name.hasSuffix("junk.jpg") ? Self.withoutJunk(try Self.bytes(name)) : try Self.bytes(name)
      #expect(JPEGEntropyCheck.check(base) == .sound(extraBytes: 0))
      let sos = try #require((0..<base.count - 1).last { base[$0] == 0xFF && base[$0 + 1] == 0xDA })
      let start = sos + 2 + (Int(base[sos + 2]) << 8 | Int(base[sos + 3])), end = base.count - 2
      for trial in 0..<30 {
        var at = start + 16 + Int(rng.next() % UInt64(end - start - 1600))
        while base[at - 1] == 0xFF { at += 1 }
        let garbage = (0..<1536).map { _ in UInt8(rng.next() % 255) }
        var damaged = base
        if trial % 2 == 0 { damaged.insert(contentsOf: garbage, at: at) } else { damaged.replaceSubrange(at..<at + 1536, with: garbage) }
        if try Self.damage(damaged, minLongSide: 128) == nil { missed.append("\(name) trial \(trial) at \(at)") }
      }
    }
    #expect(missed.isEmpty, "\(missed)")
  }

  static func withoutJunk(_ jpeg: [UInt8]) -> [UInt8] {
    Array(jpeg.prefix(jpeg.count - 2 - 64)) + [0xFF, 0xD9]
  }

  /// Every prefix cut inside the scan is corrupt (the data ends before its MCUs), every cut in
  /// the headers not checked; none traps. Random flips never trap either.
  @Test func truncationAndMutationNeverTrap() throws {
    let whole = try Self.bytes("jpeg/orient-6.jpg")
    let sos = try #require((0..<whole.count - 1).last { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA })
    let dataStart = sos + 2 + (Int(whole[sos + 2]) << 8 | Int(whole[sos + 3]))
    for n in stride(from: 0, to: whole.count - 2, by: 3) {
      let verdict = JPEGEntropyCheck.check(Array(whole.prefix(n)))
      if n > dataStart + 1 {
        guard case .corrupt = verdict else { Issue.record("a \(n)-byte prefix: \(verdict)"); continue }
      } else {
        guard case .notChecked = verdict else { Issue.record("a \(n)-byte prefix: \(verdict)"); continue }
      }
    }
    var rng = SplitMix64(seed: 6)
    for _ in 0..<500 {
      var mutated = whole
      for _ in 0..<(1 + Int(rng.next() % 8)) { mutated[Int(rng.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: rng.next()) }
      _ = JPEGEntropyCheck.check(mutated)
    }
  }

  /// Every JPEG of the corpus: the check finds corruption only where the file is damaged —
  /// the one corpus file it calls corrupt is Pillow's hopper_bad_exif.jpg, whose picture
  /// libjpeg decodes to stripes of garbage (djpeg: "1214 extraneous bytes before marker 0xd0").
  @Test(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipMessage))
  func corpusJPEGsAreSoundButOne() throws {
    var corrupt: [String] = [], sound = 0, notChecked = 0
    for row in SharedCorpus.rows(ofType: ["JPEG"]) {
      let bytes = [UInt8](try Data(contentsOf: row.url))
      switch JPEGEntropyCheck.check(bytes) {
      case .sound: sound += 1
      case .notChecked: notChecked += 1
      case .corrupt(let why):
        // Truncated files are corrupt by definition: TurboJPEG reports them as damage too.
        let turbo = try? JPEGCodec.decodeReportingWarnings(bytes, scale: ScalingFactor(1, 8), maxPixels: 1 << 28)
        if turbo?.damage == nil { corrupt.append("\(row.path): \(why)") }
      }
    }
    #expect(corrupt == ["pillow-tests-images/hopper_bad_exif.jpg: scan 1 has corrupt entropy-coded data: a coefficient past the 64th of its block (MCU row 1 of 63, byte 708)"])
    #expect(sound >= 150, "\(sound) sound, \(notChecked) not checked")
  }
}
