import PhotoCore
import Testing

/// The orientation verdict table, on synthetic asymmetric pictures (no decoder involved).
@Suite struct OrientationClassifierTests {
  /// An asymmetric 40×30 picture: a gradient plus a bright block near the top-left.
  static func upright() -> (luma: [UInt8], size: PixelSize) {
    let w = 40, h = 30
    var luma = [UInt8](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var v = x * 3 + y * 2
        if x < 12 && y < 8 { v = 250 }
        if x > 30 && y > 20 { v = 10 }
        luma[y * w + x] = UInt8(min(v, 255))
      }
    }
    return (luma, PixelSize(width: w, height: h))
  }

  /// `luma` of `size` with `o` applied (what a viewer shows for a stored picture with tag `o`).
  static func apply(_ o: Orientation, _ luma: [UInt8], _ size: PixelSize) -> ([UInt8], PixelSize) {
    let out = o.displayedSize(stored: size)
    var result = [UInt8](repeating: 0, count: luma.count)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let p = o.displayedPoint(x: x, y: y, stored: size)
        result[p.y * out.width + p.x] = luma[y * size.width + x]
      }
    }
    return (result, out)
  }

  static func fingerprint(_ t: ([UInt8], PixelSize)) -> Fingerprint {
    Fingerprint(luma: t.0, width: t.1.width, height: t.1.height)
  }

  enum Mistake: String, CaseIterable { case correct, double, dropped, wrongDirection, missingMirror }

  /// The planted-defect matrix: 8 orientations × 5 pipeline mistakes, each classified.
  @Test(arguments: Orientation.allCases, Mistake.allCases)
  func matrix(originalTag: Orientation, mistake: Mistake) {
    let (up, size) = Self.upright()
    // The camera stores the inverse so that applying the tag shows it upright.
    let stored = Self.apply(originalTag.inverse, up, size)
    let original = Self.fingerprint((up, size))
    var outputPixels: ([UInt8], PixelSize)
    var outputTag = Orientation.up
    var expected: OrientationVerdict.Kind
    switch mistake {
    case .correct:
      outputPixels = (up, size)
      expected = .upright
    case .double:
      outputPixels = (up, size)
      outputTag = originalTag
      expected = originalTag == .up ? .upright : .doubleRotated
    case .dropped:
      outputPixels = stored
      expected = originalTag == .up ? .upright : .tagDroppedNotRotated
    case .wrongDirection:
      // Applied the inverse of the needed transform to the stored pixels.
      outputPixels = Self.apply(originalTag.inverse, stored.0, stored.1)
      let shown = originalTag.inverse.after(originalTag.inverse)
      expected = shown == .up ? .upright : (shown == originalTag.inverse ? .tagDroppedNotRotated : (shown.decomposition.mirror ? .mirrored : .rotated))
    case .missingMirror:
      // Applied only the rotation part of the tag.
      let rotationOnly = Orientation(mirror: false, clockwiseQuarterTurns: originalTag.decomposition.clockwiseQuarterTurns)
      outputPixels = Self.apply(rotationOnly, stored.0, stored.1)
      let shown = rotationOnly.after(originalTag.inverse)
      expected = shown == .up ? .upright : (shown == originalTag.inverse ? .tagDroppedNotRotated : .mirrored)
    }
    let verdict = OrientationClassifier.classify(original: original, outputStored: Self.fingerprint(outputPixels),
                                                 outputTag: outputTag, originalTag: originalTag)
    #expect(verdict.kind == expected, "\(originalTag) \(mistake): \(verdict.summary)")
    #expect(verdict.margin >= OrientationClassifier.minimumMargin)
  }

  @Test func flatPictureIsInconclusive() {
    let flat = Fingerprint(luma: [UInt8](repeating: 128, count: 100), width: 10, height: 10)
    let v = OrientationClassifier.classify(original: flat, outputStored: flat, outputTag: .up, originalTag: .up)
    #expect(v.kind == .inconclusive)
  }

  @Test func mirrorSymmetricPictureCannotTellMirrors() {
    // Symmetric left↔right: mirrored and upright look the same.
    var luma = [UInt8](repeating: 0, count: 20 * 20)
    for y in 0..<20 { for x in 0..<20 { luma[y * 20 + x] = UInt8(y * 12 + abs(10 - x) * 2) } }
    let f = Fingerprint(luma: luma, width: 20, height: 20)
    let v = OrientationClassifier.classify(original: f, outputStored: f, outputTag: .up, originalTag: .up)
    #expect(v.kind == .inconclusive)
  }
}
