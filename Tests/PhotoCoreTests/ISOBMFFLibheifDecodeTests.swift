import Bytes
import Codecs
import Foundation
import PhotoCore
import Testing

/// Checks our display geometry against libheif 1.15's decoder, pixel by pixel: libheif decodes
/// the stored pixels (`ignore_transformations`) and the displayed picture; our crop rectangle and
/// orientation applied to the first must reproduce the second better than any neighbouring
/// rectangle or other orientation.
@Suite(.enabled(if: ContainerCorpus.isAvailable, ContainerCorpus.skipMessage))
struct ISOBMFFLibheifDecodeTests {
  static let maxPixels = 50_000_000

  /// Mean absolute sample difference between `shown` and `raw` seen through `crop` + `orientation`
  /// (sampled on a grid); nil when the geometry does not fit.
  static func difference(raw: PixelImage, shown: PixelImage, crop: PixelRect, orientation: Orientation) -> Double? {
    guard crop.fits(in: PixelSize(width: raw.width, height: raw.height)),
          orientation.displayedSize(stored: crop.size) == PixelSize(width: shown.width, height: shown.height),
          raw.channels == shown.channels else { return nil }
    let displayed = PixelSize(width: shown.width, height: shown.height)
    let inverse = orientation.inverse
    var total = 0, count = 0
    for y in stride(from: 0, to: shown.height, by: 3) {
      for x in stride(from: 0, to: shown.width, by: 3) {
        let p = inverse.displayedPoint(x: x, y: y, stored: displayed)
        guard let a = shown.pixel(x: x, y: y), let b = raw.pixel(x: crop.x + p.x, y: crop.y + p.y) else { return nil }
        for (u, v) in zip(a, b) { total += abs(Int(u) - Int(v)) }
        count += a.count
      }
    }
    return count == 0 ? nil : Double(total) / Double(count)
  }

  /// Decodes `bytes` both ways and checks that `geometry` explains libheif's displayed picture
  /// best. Returns a failure description, or nil.
  static func check(_ bytes: [UInt8], geometry: HEIFDisplayGeometry, stored: PixelSize) throws -> String? {
    let context = try HEIFContext(data: bytes)
    let raw = try context.decodePrimary(applyTransformations: false, maxPixels: maxPixels, threads: 1)
    let shown = try context.decodePrimary(applyTransformations: true, maxPixels: maxPixels, threads: 1)
    let shownSize = PixelSize(width: shown.width, height: shown.height)
    guard shownSize == geometry.displayed else { return "libheif decodes \(shownSize), we say \(geometry.displayed)" }
    let crop = geometry.crop ?? PixelRect(x: 0, y: 0, width: stored.width, height: stored.height)
    guard let ours = difference(raw: raw, shown: shown, crop: crop, orientation: geometry.orientation) else {
      return "our geometry does not fit the decoded images"
    }
    for orientation in Orientation.allCases {
      for dy in -2...2 {
        for dx in -2...2 where (dx, dy, orientation) != (0, 0, geometry.orientation) {
          let other = PixelRect(x: crop.x + dx, y: crop.y + dy, width: crop.width, height: crop.height)
          if let d = difference(raw: raw, shown: shown, crop: other, orientation: orientation), d < ours {
            return "\(orientation) at \(other) matches better (\(d)) than ours \(geometry.orientation) at \(crop) (\(ours))"
          }
        }
      }
    }
    return ours < 4 ? nil : "our geometry leaves a mean difference of \(ours)"
  }

  /// Every corpus HEIF/AVIF whose primary has transforms and that libheif decodes (up to 2 MP,
  /// to keep the test quick: the large camera files add nothing the small ones do not cover).
  @Test func decodedPicturesMatchOurGeometry() throws {
    var checked: [String] = []
    for path in ContainerCorpus.files(sniffedAs: [.heic, .heif, .avif]) {
      let bytes = ContainerCorpus.bytes(path)
      guard let scan = try? HEIFWalker.scan(MemorySource(bytes)), !scan.transforms.isEmpty,
            let stored = scan.storedSize, stored.pixelCount <= 2_000_000, let geometry = scan.heifDisplayGeometry,
            (try? HEIFContext(data: bytes).decodePrimary(applyTransformations: false, maxPixels: Self.maxPixels, threads: 1)) != nil
      else { continue }
      if let problem = try Self.check(bytes, geometry: geometry, stored: stored) {
        Issue.record("\(path): \(problem)")
        continue
      }
      checked.append("\(path) (\(geometry.orientation), crop \(geometry.crop.map { "\($0)" } ?? "none"))")
    }
    print("HEIF geometry vs libheif decoder: \(checked.count) files agree pixel for pixel")
    for line in checked { print("  \(line)") }
    #expect(checked.count >= 12)
  }

  /// `libheif/rainbow-451x461.heic` with its clap box rewritten: libheif's decoded crop sits
  /// where our rounding says (left truncated, top rounded half up), and its handle size
  /// (`heif_image_handle_get_width/height`) is our crop size.
  @Test(arguments: [
    ([451, 1, 461, 1, -1, 2, -1, 2], PixelRect(x: 0, y: 0, width: 451, height: 461)),
    ([300, 1, 200, 1, 1, 2, 1, 2], PixelRect(x: 76, y: 132, width: 300, height: 200)),
    ([100, 1, 50, 1, -7, 2, 9, 2], PixelRect(x: 172, y: 211, width: 100, height: 50)),
    ([199, 2, 151, 2, 0, 1, 0, 1], PixelRect(x: 176, y: 193, width: 100, height: 76)),
    ([64, 1, 64, 1, -100, 1, 150, 1], PixelRect(x: 94, y: 349, width: 64, height: 64)),
    ([225, 1, 231, 1, -113, 1, -115, 1], PixelRect(x: 0, y: 1, width: 225, height: 231)),
  ])
  func rewrittenClapMatchesLibheif(_ fields: [Int], _ expected: PixelRect) throws {
    let path = "libheif/rainbow-451x461.heic"
    var bytes = ContainerCorpus.bytes(path)
    let file = try HEIFWalker.parse(MemorySource(bytes))
    let clapBox = try #require(file.properties.first { if case .cleanAperture = $0.property { true } else { false } }?.box)
    bytes.replaceSubrange(clapBox.payloadOffset..<clapBox.payloadOffset + 32, with: fields.flatMap { ISOBytes.uint($0, size: 4) })
    let scan = try HEIFWalker.scan(MemorySource(bytes))
    let geometry = try #require(scan.heifDisplayGeometry)
    #expect(geometry.crop == expected)
    let info = try HEIFContext(data: bytes).primaryImageInfo()
    #expect(PixelSize(width: info.width, height: info.height) == expected.size)
    if let problem = try Self.check(bytes, geometry: geometry, stored: try #require(scan.storedSize)) {
      Issue.record("\(problem)")
    }
  }
}
