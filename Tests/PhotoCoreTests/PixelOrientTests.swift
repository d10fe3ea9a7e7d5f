import Codecs
import Testing

@testable import PhotoCore

@Suite("PixelImage.oriented")
struct PixelOrientTests {
  static let cases: [(Orientation, Int)] = Orientation.allCases.flatMap { o in [1, 3, 4].map { (o, $0) } }

  /// Every stored pixel lands exactly where `Orientation.displayedPoint` says.
  @Test(arguments: cases)
  func matchesDisplayedPoint(o: Orientation, channels: Int) {
    // 5×3 is small; 71×130 crosses the 64-pixel tile edges of the quarter-turn path.
    for (w, h) in [(5, 3), (71, 130), (1, 4)] {
      let stored = PixelFixtures.asymmetric(width: w, height: h, channels: channels)
      let shown = stored.oriented(o)
      let size = o.displayedSize(stored: PixelSize(width: w, height: h))
      #expect((shown.width, shown.height, shown.channels) == (size.width, size.height, channels))
      var wrong = 0
      for y in 0..<h {
        for x in 0..<w {
          let d = o.displayedPoint(x: x, y: y, stored: PixelSize(width: w, height: h))
          if shown.pixel(x: d.x, y: d.y) != stored.pixel(x: x, y: y) { wrong += 1 }
        }
      }
      #expect(wrong == 0, "\(o) on \(w)×\(h)×\(channels): \(wrong) pixels misplaced")
    }
  }

  @Test(arguments: Orientation.allCases)
  func inverseUndoes(o: Orientation) {
    let image = PixelFixtures.asymmetric(width: 13, height: 8, channels: 3)
    #expect(image.oriented(o).oriented(o.inverse) == image)
    #expect(image.oriented(o.inverse).oriented(o) == image)
  }

  @Test(arguments: Orientation.allCases)
  func composesLikeTheGroup(first: Orientation) {
    let image = PixelFixtures.asymmetric(width: 6, height: 4, channels: 1)
    for second in Orientation.allCases {
      #expect(image.oriented(first).oriented(second) == image.oriented(second.after(first)), "\(second) after \(first)")
    }
  }

  @Test func rightTurnsLandscapeIntoPortraitClockwise() {
    // EXIF 6: the stored top-left pixel shows at the top-right.
    let image = PixelFixtures.asymmetric(width: 4, height: 2, channels: 3)
    let shown = image.oriented(.right)
    #expect((shown.width, shown.height) == (2, 4))
    #expect(shown.pixel(x: 1, y: 0) == image.pixel(x: 0, y: 0))
    #expect(shown.pixel(x: 0, y: 3) == image.pixel(x: 3, y: 1))
  }
}
