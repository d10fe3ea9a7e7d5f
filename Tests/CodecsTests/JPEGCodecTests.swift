import CTurboJPEG
import Foundation
import Testing

@testable import Codecs

@Suite("JPEGCodec header, scaling, decode and encode")
struct JPEGCodecTests {
  @Test func scalingFactorsIncludeTheUsualDownscales() {
    let factors = JPEGCodec.scalingFactors
    for f in [ScalingFactor(1, 1), ScalingFactor(1, 2), ScalingFactor(1, 4), ScalingFactor(1, 8)] {
      #expect(factors.contains(f), "missing \(f)")
    }
    #expect(factors == factors.sorted(by: >))
  }

  @Test(arguments: [
    (4032, 3024, ScalingFactor(1, 2), 2016, 1512),
    (4032, 3024, ScalingFactor(1, 4), 1008, 756),
    (4032, 3024, ScalingFactor(1, 8), 504, 378),
    (4000, 3000, ScalingFactor(5, 8), 2500, 1875),
    (101, 77, ScalingFactor(1, 2), 51, 39),  // ceil, not floor
    (1, 1, ScalingFactor(1, 8), 1, 1),
  ])
  func scaledSizeIsCeiling(w: Int, h: Int, f: ScalingFactor, ew: Int, eh: Int) {
    let s = JPEGCodec.scaledSize(width: w, height: h, factor: f)
    #expect(s.width == ew && s.height == eh)
  }

  @Test func headerOfEncodedImage() throws {
    let jpeg = try JPEGCodec.encode(TestImages.smooth(width: 64, height: 48), quality: 90, subsampling: .s420)
    let header = try JPEGCodec.readHeader(jpeg)
    #expect(header == JPEGHeaderInfo(width: 64, height: 48, subsampling: .s420, colorspace: .yCbCr))
    let h444 = try JPEGCodec.readHeader(JPEGCodec.encode(TestImages.smooth(width: 8, height: 8), quality: 90, subsampling: .s444))
    #expect(h444.subsampling == .s444)
  }

  @Test(arguments: [JPEGSubsampling.s420, .s444])
  func roundTripPSNR(subsampling: JPEGSubsampling) throws {
    let image = TestImages.smooth(width: 320, height: 240)
    let jpeg = try JPEGCodec.encode(image, quality: 90, subsampling: subsampling)
    let decoded = try JPEGCodec.decode(jpeg, maxPixels: 1 << 20)
    #expect(decoded.width == 320 && decoded.height == 240 && decoded.channels == 3)
    let db = TestImages.psnr(image, decoded)
    #expect(db > 35, "PSNR \(db) dB at quality 90 \(subsampling)")
  }

  @Test func decodeAtHalfScale() throws {
    let jpeg = try JPEGCodec.encode(TestImages.smooth(width: 333, height: 201), quality: 90)
    let half = try JPEGCodec.decode(jpeg, scale: ScalingFactor(1, 2), maxPixels: 1 << 20)
    #expect(half.width == 167 && half.height == 101)
    let eighth = try JPEGCodec.decode(jpeg, scale: ScalingFactor(1, 8), maxPixels: 1 << 20)
    #expect(eighth.width == 42 && eighth.height == 26)
  }

  @Test func unsupportedScaleIsRefused() throws {
    let jpeg = try JPEGCodec.encode(TestImages.smooth(width: 16, height: 16), quality: 90)
    #expect(throws: CodecError.self) { try JPEGCodec.decode(jpeg, scale: ScalingFactor(1, 3), maxPixels: 1 << 20) }
  }

  @Test func grayJPEG() throws {
    let gray = try PixelImage(width: 40, height: 30, channels: 1, pixels: (0..<1200).map { UInt8($0 % 40 * 6) })
    let jpeg = try JPEGCodec.encode(gray, quality: 95)
    #expect(try JPEGCodec.readHeader(jpeg).colorspace == .gray)
    let one = try JPEGCodec.decode(jpeg, maxPixels: 1 << 20)
    #expect(one.channels == 1)
    #expect(TestImages.psnr(gray, one) > 35)
    let rgb = try JPEGCodec.decode(jpeg, maxPixels: 1 << 20, expandGray: true)
    #expect(rgb.channels == 3)
    #expect(rgb.pixel(x: 7, y: 3) == [one.pixels[3 * 40 + 7], one.pixels[3 * 40 + 7], one.pixels[3 * 40 + 7]])
  }

  @Test func cmykJPEGDecodesToRGB() throws {
    // TurboJPEG writes CMYK as YCCK with an Adobe marker; libjpeg's CMYK is Adobe-inverted.
    let rgb = TestImages.smooth(width: 48, height: 32)
    let jpeg = try TestImages.encodeCMYK(rgb, quality: 98)
    #expect(try JPEGCodec.readHeader(jpeg).colorspace.isCMYK)
    let decoded = try JPEGCodec.decode(jpeg, maxPixels: 1 << 20)
    #expect(decoded.channels == 3)
    let db = TestImages.psnr(rgb, decoded)
    #expect(db > 30, "CMYK → RGB PSNR \(db)")
  }

  @Test func hugeHeaderIsRefusedBeforeDecoding() throws {
    let header = TestImages.minimalJPEGHeader(width: 65500, height: 65500)
    let info = try JPEGCodec.readHeader(header)
    #expect(info.width == 65500 && info.height == 65500)
    // 65500² × 3 bytes would be 12.9 GB: refused from the header, before any allocation.
    #expect(throws: CodecError.tooLarge(width: 65500, height: 65500, limit: 200_000_000)) {
      try JPEGCodec.decode(header, scale: ScalingFactor(1, 8), maxPixels: 200_000_000)
    }
  }

  @Test func garbageAndEmptyAreErrorsNotCrashes() {
    #expect(throws: CodecError.self) { try JPEGCodec.readHeader([]) }
    #expect(throws: CodecError.self) { try JPEGCodec.readHeader([0xFF, 0xD8, 0xFF]) }
    #expect(throws: CodecError.self) { try JPEGCodec.decode(Array("not a jpeg".utf8), maxPixels: 100) }
  }

  @Test func truncatedJPEGDecodesWithWarningUnlessStrict() throws {
    let jpeg = try JPEGCodec.encode(TestImages.smooth(width: 128, height: 128), quality: 90)
    let cut = Array(jpeg.prefix(jpeg.count * 2 / 3))
    let image = try JPEGCodec.decode(cut, maxPixels: 1 << 20)
    #expect(image.width == 128)
    #expect(throws: CodecError.self) { try JPEGCodec.decode(cut, maxPixels: 1 << 20, strict: true) }
  }

  @Test func encodeRefusesAlphaAndBadQuality() throws {
    let rgba = try PixelImage(width: 4, height: 4, channels: 4, fill: 9)
    #expect(throws: CodecError.self) { try JPEGCodec.encode(rgba, quality: 90) }
    let rgb = try PixelImage(width: 4, height: 4, channels: 3, fill: 9)
    #expect(throws: CodecError.self) { try JPEGCodec.encode(rgb, quality: 0) }
    #expect(throws: CodecError.self) { try JPEGCodec.encode(rgb, quality: 101) }
  }

  @Test func libraryVersionLooksLikeAVersion() {
    #expect(JPEGCodec.libraryVersion.split(separator: ".").count == 3)
  }
}

// MARK: - Test support shared by the Codecs test files

/// Synthetic images and helpers for codec tests (no fixtures needed).
enum TestImages {
  /// A smooth, asymmetric RGB pattern that JPEG compresses well.
  static func smooth(width: Int, height: Int) -> PixelImage {
    var p = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 3
        p[i] = UInt8(x * 255 / max(1, width - 1))
        p[i + 1] = UInt8(y * 255 / max(1, height - 1))
        p[i + 2] = UInt8(128 + 100 * sin(Double(x + 2 * y) / 9))
      }
    }
    return try! PixelImage(width: width, height: height, channels: 3, pixels: p)
  }

  /// PSNR in dB (a local copy: the Codecs tests do not link PhotoCore).
  static func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
    precondition(a.pixels.count == b.pixels.count)
    var sum = 0.0
    for i in 0..<a.pixels.count {
      let d = Double(a.pixels[i]) - Double(b.pixels[i])
      sum += d * d
    }
    return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(a.pixels.count)))
  }

  /// SOI, DQT, SOF0 (W×H, 3 components 4:2:0), SOS, EOI: enough for `tjDecompressHeader3`.
  static func minimalJPEGHeader(width: Int, height: Int) -> [UInt8] {
    var b: [UInt8] = [0xFF, 0xD8]
    b += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
    b += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x03]
    b += [0x01, 0x22, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00]
    b += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]
    b += [0xFF, 0xD9]
    return b
  }

  /// Encodes RGB as a CMYK JPEG through `tjCompress2(TJPF_CMYK)`, converting with the same
  /// Adobe-inverted convention libjpeg-turbo's tools use (255 = no ink).
  static func encodeCMYK(_ rgb: PixelImage, quality: Int) throws -> [UInt8] {
    var cmyk = [UInt8](repeating: 0, count: rgb.width * rgb.height * 4)
    for i in 0..<(rgb.width * rgb.height) {
      let r = Double(rgb.pixels[3 * i]), g = Double(rgb.pixels[3 * i + 1]), b = Double(rgb.pixels[3 * i + 2])
      let maxc = max(r, g, b)
      let k = maxc  // inverted K: 255 = no black ink
      func inverted(_ v: Double) -> UInt8 { maxc == 0 ? 255 : UInt8((v * 255 / maxc).rounded()) }
      cmyk[4 * i] = inverted(r)
      cmyk[4 * i + 1] = inverted(g)
      cmyk[4 * i + 2] = inverted(b)
      cmyk[4 * i + 3] = UInt8(k)
    }
    guard let handle = tjInitCompress() else { throw ToolFailure(tool: "tjInitCompress", message: "") }
    defer { tjDestroy(handle) }
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let rc = tjCompress2(
      handle, cmyk, Int32(rgb.width), Int32(rgb.width * 4), Int32(rgb.height), Int32(TJPF_CMYK.rawValue),
      &out, &size, Int32(TJSAMP_444.rawValue), Int32(quality), 0)
    defer { tjFree(out) }
    guard rc == 0, let out else { throw ToolFailure(tool: "tjCompress2", message: String(cString: tjGetErrorStr2(handle))) }
    return Array(UnsafeBufferPointer(start: out, count: Int(size)))
  }

  /// A fresh temporary directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-pixels-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs a tool and returns its standard output; throws when it exits non-zero.
  static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let message = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolFailure(tool: tool, message: String(decoding: message, as: UTF8.self))
    }
    return data
  }

  struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var message: String
    var description: String { "\(tool) failed: \(message)" }
  }

  /// True when an executable exists at `path`.
  static func hasTool(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }
}
