import Foundation
import TestSupport
import Testing

@testable import Codecs

private let heifEnc = "/usr/bin/heif-enc"

/// ../shared/corpus next to the checkout.
private let corpus: URL = Repository.sharedCorpus

private func corpusFile(_ path: String) -> URL { corpus.appendingPathComponent(path) }
private func hasCorpusFile(_ path: String) -> Bool { FileManager.default.fileExists(atPath: corpusFile(path).path) }

/// iPhone 13 Pro Max HEIC: grid primary, `irot` angle 3 (270° CCW = EXIF 6), a `thmb`.
private let iphone = "ianare-exif-samples/iphone_13_pro_max.HEIC"

@Suite("HEIFContext decode")
struct HEIFDecodeTests {
  @Test(.enabled(if: TestImages.hasTool(heifEnc), "heif-enc not installed (apt install libheif-examples)"))
  func decodesWhatHeifEncWrote() throws {
    let source = TestImages.smooth(width: 96, height: 64)
    let heic = try encodeWithHeifEnc(PNGCodec.encode(source), ["-q", "95"])
    let context = try HEIFContext(data: heic)
    #expect(!context.hasAlpha)
    let image = try context.decodePrimary(maxPixels: 1 << 20)
    #expect((image.width, image.height, image.channels) == (96, 64, 3))
    let db = TestImages.psnr(source, image)
    #expect(db > 30, "HEIC q95 PSNR \(db)")
    #expect(try context.decodeThumbnail(maxPixels: 1 << 20) == nil)
  }

  @Test(.enabled(if: TestImages.hasTool(heifEnc), "heif-enc not installed (apt install libheif-examples)"))
  func alphaAndThumbnail() throws {
    var rgba = [UInt8]()
    for y in 0..<64 {
      for x in 0..<64 { rgba += [UInt8(x * 4), UInt8(y * 4), 90, UInt8(x < 32 ? 255 : 0)] }
    }
    let png = try PNGCodec.encode(PixelImage(width: 64, height: 64, channels: 4, pixels: rgba))
    let heic = try encodeWithHeifEnc(png, ["-q", "90", "-t", "16"])
    let context = try HEIFContext(data: heic)
    #expect(context.hasAlpha)
    let image = try context.decodePrimary(maxPixels: 1 << 20)
    #expect(image.channels == 4)
    #expect(image.pixel(x: 5, y: 5)?.last ?? 0 > 240)
    #expect(image.pixel(x: 60, y: 5)?.last ?? 255 < 15)
    let thumb = try #require(try context.decodeThumbnail(maxPixels: 1 << 20))
    #expect(max(thumb.width, thumb.height) == 16)
  }

  @Test(.enabled(if: TestImages.hasTool(heifEnc), "heif-enc not installed (apt install libheif-examples)"))
  func tenBitIsReducedToEightBits() throws {
    // A 16-bit PNG makes heif-enc write a 10-bit HEIC (-b 10).
    var row: [UInt8] = []
    for x in 0..<64 {
      let v = UInt16(x * 1000)
      row += [UInt8(v >> 8), UInt8(v & 0xFF), UInt8(v >> 8), UInt8(v & 0xFF), 0x80, 0x00]
    }
    let png = HandmadePNG.make(width: 64, height: 16, bitDepth: 16, colorType: 2, rows: Array(repeating: row, count: 16),
                               before: HandmadePNG.chunk("sRGB", [0]))
    let heic = try encodeWithHeifEnc(png, ["-q", "95", "-b", "10"])
    let image = try HEIFContext(data: heic).decodePrimary(maxPixels: 1 << 20)
    #expect(image.channels == 3)
    let left = Int(image.pixels[3 * (8 * 64 + 2)]), right = Int(image.pixels[3 * (8 * 64 + 62)])
    #expect(left < 30 && right > 220, "10-bit ramp decoded to \(left)…\(right)")
    #expect(abs(Int(image.pixels[3 * (8 * 64 + 32) + 2]) - 128) < 12)
  }

  @Test(.enabled(if: hasCorpusFile(iphone), "../shared/corpus is not present; skipping corpus HEIC"))
  func irotSwapsSizesUnlessTransformsAreIgnored() throws {
    let data = try [UInt8](Data(contentsOf: corpusFile(iphone)))
    let context = try HEIFContext(data: data)
    let shown = try context.decodePrimary(maxPixels: 200_000_000)
    let stored = try context.decodePrimary(applyTransformations: false, maxPixels: 200_000_000, threads: 0)
    #expect(stored.width > stored.height, "the iPhone stores landscape pixels")
    #expect((shown.width, shown.height) == (stored.height, stored.width))
    // irot 270° CCW = 90° CW: displayed (x, y) = stored (y, H − 1 − x).
    let h = stored.height
    for (x, y) in [(0, 0), (100, 7), (shown.width - 1, shown.height - 1), (1234, 2000)] {
      let a = shown.pixel(x: x, y: y), b = stored.pixel(x: y, y: h - 1 - x)
      #expect(a == b, "displayed (\(x),\(y))")
    }
    let thumb = try #require(try context.decodeThumbnail(maxPixels: 1 << 20))
    #expect(thumb.width > 0 && thumb.height > 0)
  }

  @Test(.enabled(if: hasCorpusFile(iphone), "../shared/corpus is not present; skipping corpus HEIC"))
  func oversizedIsRefusedFromISPE() throws {
    let context = try HEIFContext(data: [UInt8](Data(contentsOf: corpusFile(iphone))))
    do {
      _ = try context.decodePrimary(maxPixels: 1000)
      Issue.record("a 12 MP HEIC must be refused with a 1000-pixel limit")
    } catch {
      // The stored (ispe) size, landscape, before transforms: refused before decoding.
      guard case .tooLarge(let w, let h, 1000) = error else {
        Issue.record("expected .tooLarge, got \(error)")
        return
      }
      #expect(w * h > 10_000_000 && w > h, "\(w)×\(h)")
    }
  }

  @Test(.enabled(if: hasCorpusFile("libheif/rainbow-451x461.heic"), "../shared/corpus is not present"))
  func clapCropsWhenApplied() throws {
    let context = try HEIFContext(data: [UInt8](Data(contentsOf: corpusFile("libheif/rainbow-451x461.heic"))))
    let shown = try context.decodePrimary(maxPixels: 1 << 20)
    let stored = try context.decodePrimary(applyTransformations: false, maxPixels: 1 << 20)
    #expect((shown.width, shown.height) == (451, 461))
    #expect(stored.width >= 451 && stored.height >= 461)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus.appendingPathComponent("libheif").path), "../shared/corpus is not present"))
  func hostileCorpusFilesNeverCrash() throws {
    let dir = corpus.appendingPathComponent("libheif")
    var opened = 0, refused = 0, decoded = 0, failed = 0
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    for name in names {
      guard let data = try? [UInt8](Data(contentsOf: dir.appendingPathComponent(name))) else { continue }
      guard let context = try? HEIFContext(data: data) else {
        refused += 1
        continue
      }
      opened += 1
      if let picture = try? context.decodePrimary(maxPixels: 50_000_000, threads: 1) {
        decoded += 1
        #expect(picture.width > 0 && picture.height > 0 && picture.pixels.count == picture.width * picture.height * picture.channels, "\(name)")
      } else {
        failed += 1
      }
      _ = try? context.decodeThumbnail(maxPixels: 50_000_000)
    }
    // Every file was read and gave an answer: opened, or refused with an error.
    #expect(opened + refused == names.count)
    #expect(decoded > 0, "no corpus HEIF decoded: \(refused) refused, \(failed) failed")
    print("libheif corpus: \(names.count) files, \(decoded) decoded, \(failed) failed to decode, \(refused) refused")
  }

  private func encodeWithHeifEnc(_ png: [UInt8], _ options: [String]) throws -> [UInt8] {
    let dir = try TestImages.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("in.png"), output = dir.appendingPathComponent("out.heic")
    try Data(png).write(to: input)
    _ = try TestImages.run(heifEnc, options + ["-o", output.path, input.path])
    return try [UInt8](Data(contentsOf: output))
  }
}
