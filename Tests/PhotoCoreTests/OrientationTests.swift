import PhotoCore
import Testing

@Suite struct OrientationTests {
  /// FORMATS.md: inverses are 6 ↔ 8, every other value is its own inverse.
  @Test(arguments: Orientation.allCases)
  func inverse(o: Orientation) {
    let expected: Orientation = o == .right ? .left : o == .left ? .right : o
    #expect(o.inverse == expected)
    #expect(o.after(o.inverse) == .up)
  }

  /// Each orientation moves a stored pixel where FORMATS.md's table says.
  @Test func displayedPointsMatchTheTable() {
    let stored = PixelSize(width: 4, height: 3)
    // The stored top-left corner lands at:
    let topLeft: [Orientation: (Int, Int)] = [
      .up: (0, 0), .upMirrored: (3, 0), .down: (3, 2), .downMirrored: (0, 2),
      .leftMirrored: (0, 0), .right: (2, 0), .rightMirrored: (2, 3), .left: (0, 3),
    ]
    for (o, expected) in topLeft {
      let p = o.displayedPoint(x: 0, y: 0, stored: stored)
      #expect(p.x == expected.0 && p.y == expected.1, "\(o)")
    }
  }

  /// Composition agrees with applying the point maps one after the other.
  @Test(arguments: Orientation.allCases)
  func compositionMatchesPointMaps(first: Orientation) {
    let stored = PixelSize(width: 5, height: 3)
    for second in Orientation.allCases {
      let composed = second.after(first)
      let mid = first.displayedSize(stored: stored)
      for (x, y) in [(0, 0), (4, 0), (1, 2), (3, 1)] {
        let a = first.displayedPoint(x: x, y: y, stored: stored)
        let b = second.displayedPoint(x: a.x, y: a.y, stored: mid)
        let c = composed.displayedPoint(x: x, y: y, stored: stored)
        #expect(b.x == c.x && b.y == c.y, "\(second) after \(first)")
      }
    }
  }

  /// HEIF: irot angle 3 (270° CCW) is EXIF 6; imir 0 flips top↔bottom, 1 left↔right (libheif).
  @Test(arguments: [
    ([HEIFTransform.rotation(counterClockwiseQuarterTurns: 3)], Orientation.right),
    ([.rotation(counterClockwiseQuarterTurns: 1)], .left),
    ([.rotation(counterClockwiseQuarterTurns: 2)], .down),
    ([.mirror(axis: 0)], .downMirrored),
    ([.mirror(axis: 1)], .upMirrored),
    // irot then imir (MIAF order): rotate 90° CCW, then flip left↔right = transverse (7).
    ([.rotation(counterClockwiseQuarterTurns: 1), .mirror(axis: 1)], .rightMirrored),
  ])
  func heifTransforms(transforms: [HEIFTransform], expected: Orientation) {
    let geometry = HEIFDisplayGeometry(stored: PixelSize(width: 4, height: 3), transforms: transforms)
    #expect(geometry.orientation == expected)
  }
}
