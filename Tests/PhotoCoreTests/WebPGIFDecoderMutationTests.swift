import Bytes
import Codecs
import Foundation
import PhotoCore
import Testing

/// libwebp and giflib behind `WebPCodec`/`GIFCodec` on mutated WebP and GIF fixtures: every
/// input decodes or throws, never traps (the reduced and the full-size paths, animations'
/// first frames). `PHOTOAUDIT_DECODER_MUTATIONS=N` changes the count per fixture (the walkers
/// have their own fuzz targets, `riff` and `gif`).
@Suite struct WebPGIFDecoderMutationTests {
  static var count: Int {
    ProcessInfo.processInfo.environment["PHOTOAUDIT_DECODER_MUTATIONS"].flatMap(Int.init) ?? 400
  }

  @Test(arguments: ["carriers/webp-exif-gps.webp", "carriers/webp-animated.webp", "carriers/webp-orient-6.webp",
                    "carriers/gif-animated.gif", "carriers/gif-xmp-gps.gif"])
  func mutatedFilesNeverTrap(_ fixture: String) throws {
    let seed = try FileSource(path: FixtureFiles.path(fixture)).allBytes()
    var mutator = Mutator(seed: 17)
    var decoded = 0
    for index in 0..<Self.count {
      let bytes = mutator.mutate(seed).bytes
      let factor = index % 3 + 1
      if fixture.hasSuffix(".gif") {
        if (try? GIFCodec.decodeFirstFrame(bytes, factor: factor, maxPixels: 1 << 22)) != nil { decoded += 1 }
      } else if (try? WebPCodec.decode(bytes, factor: factor, maxPixels: 1 << 22)) != nil {
        decoded += 1
      }
    }
    // Many mutants still decode (a flipped bit in image data is just a wrong pixel).
    #expect(decoded > 0)
  }
}
