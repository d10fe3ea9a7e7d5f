import Bytes
import PhotoCore
import Testing

/// Display geometry from irot/imir/clap in ipma order, and clap rounding as libheif 1.15 does it.
@Suite struct ISOBMFFGeometryTests {
  typealias T = HEIFTransform
  static func clap(_ w: (Int64, Int64), _ h: (Int64, Int64), _ x: (Int64, Int64), _ y: (Int64, Int64)) -> CleanAperture {
    CleanAperture(widthN: w.0, widthD: w.1, heightN: h.0, heightD: h.1, horizOffN: x.0, horizOffD: x.1, vertOffN: y.0, vertOffD: y.1)
  }

  /// irot/imir sequences → the EXIF-numbered orientation of the composite, and the displayed size
  /// of a 40×30 image. irot is anti-clockwise (angle 3 = 90° CW = EXIF 6); imir axis 0 exchanges
  /// top and bottom (EXIF 4), axis 1 left and right (EXIF 2), as in ISO/IEC 23008-12:2022 and as
  /// libheif 1.15 decodes (see ISOBMFFLibheifDecodeTests). Applied in the listed order.
  @Test(arguments: [
    ([T](), Orientation.up, false),
    ([.rotation(counterClockwiseQuarterTurns: 1)], .left, true),
    ([.rotation(counterClockwiseQuarterTurns: 2)], .down, false),
    ([.rotation(counterClockwiseQuarterTurns: 3)], .right, true),
    ([.mirror(axis: 0)], .downMirrored, false),
    ([.mirror(axis: 1)], .upMirrored, false),
    // Rotate 90° CCW, then exchange top and bottom: (x,y) → (y, x) = transpose (EXIF 5).
    ([.rotation(counterClockwiseQuarterTurns: 1), .mirror(axis: 0)], .leftMirrored, true),
    // Exchange top and bottom, then rotate 90° CCW: (x,y) → (H−1−y, W−1−x) = transverse (EXIF 7).
    ([.mirror(axis: 0), .rotation(counterClockwiseQuarterTurns: 1)], .rightMirrored, true),
    ([.rotation(counterClockwiseQuarterTurns: 3), .mirror(axis: 0)], .rightMirrored, true),
    ([.mirror(axis: 0), .rotation(counterClockwiseQuarterTurns: 3)], .leftMirrored, true),
    ([.rotation(counterClockwiseQuarterTurns: 1), .mirror(axis: 1)], .rightMirrored, true),
    ([.rotation(counterClockwiseQuarterTurns: 2), .mirror(axis: 0)], .upMirrored, false),
    ([.mirror(axis: 0), .mirror(axis: 1)], .down, false),
  ] as [([T], Orientation, Bool)])
  func rotationAndMirrorInOrder(_ transforms: [T], _ expected: Orientation, _ swaps: Bool) {
    let g = HEIFDisplayGeometry(stored: PixelSize(width: 40, height: 30), transforms: transforms)
    #expect(g.orientation == expected)
    #expect(g.displayed == (swaps ? PixelSize(width: 30, height: 40) : PixelSize(width: 40, height: 30)))
  }

  /// clap → rectangle in stored coordinates, rounded as libheif 1.15 (`left_rounded` truncates,
  /// `top_rounded` rounds half up).
  @Test(arguments: [
    // libheif/rainbow-451x461.heic: half-pixel offsets, stored 452×462 → 451×461 at (0,0).
    (PixelSize(width: 452, height: 462), clap((451, 1), (461, 1), (-1, 2), (-1, 2)), PixelRect(x: 0, y: 0, width: 451, height: 461)),
    // libheif/hevc32.heif: 64×64, the top-left 32×32.
    (PixelSize(width: 64, height: 64), clap((32, 1), (32, 1), (-32, 2), (-32, 2)), PixelRect(x: 0, y: 0, width: 32, height: 32)),
    // link-u kimono.crop.avif: 722×1024, 385×330 at left 271.5 → 271 (truncated), top 39.
    (PixelSize(width: 722, height: 1024), clap((385, 1), (330, 1), (103, 1), (-308, 1)), PixelRect(x: 271, y: 39, width: 385, height: 330)),
    // kimono.mirror-vertical.rotate270.crop.avif: 1024×722, top 271.5 → 272 (rounded).
    (PixelSize(width: 1024, height: 722), clap((330, 1), (385, 1), (-308, 1), (103, 1)), PixelRect(x: 39, y: 272, width: 330, height: 385)),
    // Centred, integer: 100×80 → 50×40 at (25, 20).
    (PixelSize(width: 100, height: 80), clap((50, 1), (40, 1), (0, 1), (0, 1)), PixelRect(x: 25, y: 20, width: 50, height: 40)),
    // Odd aperture in an even image: centre 4.5, left 2.5 → 2 (truncated), top 2.5 → 3 (rounded).
    (PixelSize(width: 10, height: 10), clap((5, 1), (5, 1), (0, 1), (0, 1)), PixelRect(x: 2, y: 3, width: 5, height: 5)),
    // Fractional size: 901/2 = 450.5 wide rounds to 451.
    (PixelSize(width: 500, height: 500), clap((901, 2), (400, 1), (0, 1), (0, 1)), PixelRect(x: 24, y: 50, width: 451, height: 400)),
    // Whole image.
    (PixelSize(width: 7, height: 5), clap((7, 1), (5, 1), (0, 1), (0, 1)), PixelRect(x: 0, y: 0, width: 7, height: 5)),
    // Same values with larger denominators.
    (PixelSize(width: 452, height: 462), clap((902, 2), (922, 2), (-2, 4), (-3, 6)), PixelRect(x: 0, y: 0, width: 451, height: 461)),
  ])
  func clapRounding(_ stored: PixelSize, _ aperture: CleanAperture, _ expected: PixelRect) throws {
    let rect = try aperture.pixelRect(in: stored).get()
    #expect(rect == expected)
    let g = HEIFDisplayGeometry(stored: stored, transforms: [.cleanAperture(aperture)])
    #expect(g.crop == expected && g.displayed == expected.size && g.warnings.isEmpty)
  }

  /// Nonsense fractions are rejected with a reason, and the geometry ignores them with a warning.
  @Test(arguments: [
    (clap((10, 0), (10, 1), (0, 1), (0, 1)), PixelSize(width: 100, height: 100)),
    (clap((10, 1), (10, 1), (0, 0), (0, 1)), PixelSize(width: 100, height: 100)),
    (clap((0, 1), (10, 1), (0, 1), (0, 1)), PixelSize(width: 100, height: 100)),
    (clap((-5, 1), (10, 1), (0, 1), (0, 1)), PixelSize(width: 100, height: 100)),
    (clap((200, 1), (10, 1), (0, 1), (0, 1)), PixelSize(width: 100, height: 100)),   // wider than the image
    (clap((50, 1), (50, 1), (40, 1), (0, 1)), PixelSize(width: 100, height: 100)),   // pushed out to the right
    (clap((50, 1), (50, 1), (0, 1), (-40, 1)), PixelSize(width: 100, height: 100)),  // pushed out at the top
    (clap((1, 3), (1, 3), (0, 1), (0, 1)), PixelSize(width: 100, height: 100)),      // rounds to nothing
    // libheif/clap-overflow-divide-zero.heic, on its own 4032×3024 image.
    (clap((150994917, 50397952), (16777471, 4294967040), (100728832, 65536000), (553648127, 4294902329)),
     PixelSize(width: 4032, height: 3024)),
    (clap((Int64(UInt32.max), 1), (Int64(UInt32.max), 1), (Int64(Int32.min), 1), (Int64(Int32.max), 1)),
     PixelSize(width: 4032, height: 3024)),
  ])
  func nonsenseClapIsRejected(_ aperture: CleanAperture, _ stored: PixelSize) {
    if case .success(let rect) = aperture.pixelRect(in: stored) {
      Issue.record("accepted \(rect) for \(aperture) in \(stored)")
    }
    let g = HEIFDisplayGeometry(stored: stored, transforms: [.cleanAperture(aperture), .rotation(counterClockwiseQuarterTurns: 1)])
    #expect(g.crop == nil && g.displayed == stored.transposed && g.warnings.count == 1)
  }

  /// clap after a rotation applies to the rotated image; the rectangle is reported in stored
  /// coordinates, and both orders of the same crop give the same displayed result.
  @Test func clapAfterRotationMapsBackToStoredCoordinates() throws {
    let stored = PixelSize(width: 1024, height: 722)
    // kimono.mirror-vertical.rotate270.crop.avif: clap, irot 1, imir 0 (clap first: stored coordinates).
    let clapFirst = HEIFDisplayGeometry(stored: stored, transforms: [
      .cleanAperture(Self.clap((330, 1), (385, 1), (-308, 1), (103, 1))),
      .rotation(counterClockwiseQuarterTurns: 1), .mirror(axis: 0),
    ])
    #expect(clapFirst.crop == PixelRect(x: 39, y: 272, width: 330, height: 385))
    #expect(clapFirst.displayed == PixelSize(width: 385, height: 330))
    #expect(clapFirst.orientation == .leftMirrored && clapFirst.irotDegreesCCW == 90 && clapFirst.imirAxis == 0)
    // The same crop expressed after the rotation (in the rotated 722×1024 image).
    let clapLast = HEIFDisplayGeometry(stored: stored, transforms: [
      .rotation(counterClockwiseQuarterTurns: 1),
      .cleanAperture(Self.clap((385, 1), (330, 1), (-1, 1), (-308, 1))),
    ])
    let crop = try #require(clapLast.crop)
    #expect(crop.size == PixelSize(width: 330, height: 385))
    #expect(clapLast.displayed == PixelSize(width: 385, height: 330))
    #expect(crop.fits(in: stored))
  }

  @Test func scanGivesTheGeometryOfThePrimary() throws {
    var b = HEIFBuilder()
    b.properties = [BoxBytes.ispe(452, 462), BoxBytes.clap((451, 1), (461, 1), (-1, 2), (-1, 2)), BoxBytes.irot(1), BoxBytes.imir(1)]
    b.associations = [(1, [(1, false), (2, true), (3, true), (4, true)])]
    let scan = try HEIFWalker.scan(MemorySource(b.build()))
    let g = try #require(scan.heifDisplayGeometry)
    #expect(scan.storedSize == PixelSize(width: 452, height: 462))
    #expect(g.crop == PixelRect(x: 0, y: 0, width: 451, height: 461))
    #expect(g.displayed == PixelSize(width: 461, height: 451))
    #expect(g.irotDegreesCCW == 90 && g.imirAxis == 1)
    #expect(scan.transforms.count == 3)
  }
}
