import Codecs
import Testing

@testable import PhotoCore

@Suite("JPEGCodec.chooseScale (SPEC \"Sizes\")")
struct PixelScalePlanTests {
  struct Row: Sendable, CustomStringConvertible {
    var original: (Int, Int)
    var bound: (Int, Int)
    var exact = false
    var factor: ScalingFactor
    var decoded: (Int, Int)
    var output: (Int, Int)
    var description: String { "\(original) in \(bound)\(exact ? " exact" : "")" }
  }

  static let table: [Row] = [
    // 4032 / 2 = 2016 ≤ 2048 and within 2 % (1.6 %): the half-scale decode is the output.
    Row(original: (4032, 3024), bound: (2048, 2048), factor: ScalingFactor(1, 2), decoded: (2016, 1512), output: (2016, 1512)),
    Row(original: (3024, 4032), bound: (2048, 2048), factor: ScalingFactor(1, 2), decoded: (1512, 2016), output: (1512, 2016)),
    // 4000 / 2 = 2000 is 2.3 % short: decode at the smallest scale still ≥ 2048 (5/8) and resample.
    Row(original: (4000, 3000), bound: (2048, 2048), factor: ScalingFactor(5, 8), decoded: (2500, 1875), output: (2048, 1536)),
    // Exactly half.
    Row(original: (4096, 3072), bound: (2048, 2048), factor: ScalingFactor(1, 2), decoded: (2048, 1536), output: (2048, 1536)),
    // Never upscale.
    Row(original: (1000, 750), bound: (2048, 2048), factor: .one, decoded: (1000, 750), output: (1000, 750)),
    Row(original: (2048, 1536), bound: (2048, 2048), factor: .one, decoded: (2048, 1536), output: (2048, 1536)),
    // upload-1024: 4032 / 4 = 1008, 1.6 % short of 1024.
    Row(original: (4032, 3024), bound: (1024, 1024), factor: ScalingFactor(1, 4), decoded: (1008, 756), output: (1008, 756)),
    // 48 MP: 8000 / 4 = 2000 is 2.3 % short; 3/8 gives 3000.
    Row(original: (8000, 6000), bound: (2048, 2048), factor: ScalingFactor(3, 8), decoded: (3000, 2250), output: (2048, 1536)),
    // fit-2000x1500: 1/2 gives 2016×1512, which does not fit; it still covers the target.
    Row(original: (4032, 3024), bound: (2000, 1500), factor: ScalingFactor(1, 2), decoded: (2016, 1512), output: (2000, 1500)),
    // --exact-size: never land short of N.
    Row(original: (4032, 3024), bound: (2048, 2048), exact: true, factor: ScalingFactor(5, 8), decoded: (2520, 1890), output: (2048, 1536)),
    Row(original: (4096, 3072), bound: (2048, 2048), exact: true, factor: ScalingFactor(1, 2), decoded: (2048, 1536), output: (2048, 1536)),
    // Just over the bound: no DCT scale lands; decode full and resample.
    Row(original: (2049, 1537), bound: (2048, 2048), factor: .one, decoded: (2049, 1537), output: (2048, 1536)),
  ]

  @Test(arguments: table)
  func rule(row: Row) {
    let plan = JPEGCodec.chooseScale(
      original: PixelSize(width: row.original.0, height: row.original.1),
      fitting: PixelSize(width: row.bound.0, height: row.bound.1), exact: row.exact)
    #expect(plan.factor == row.factor, "\(plan)")
    #expect(plan.decodedSize == PixelSize(width: row.decoded.0, height: row.decoded.1), "\(plan)")
    #expect(plan.outputSize == PixelSize(width: row.output.0, height: row.output.1), "\(plan)")
    #expect(plan.needsResample == (row.decoded != row.output))
    #expect(plan.outputSize.width <= max(row.bound.0, 0) || plan.factor == .one)
  }

  @Test func longSideIsASquareBound() {
    let a = JPEGCodec.chooseScale(original: PixelSize(width: 4032, height: 3024), longSide: 2048)
    #expect(a == JPEGCodec.chooseScale(original: PixelSize(width: 4032, height: 3024), fitting: PixelSize(width: 2048, height: 2048)))
    #expect(a.description == "decode at 1/2 → 2016×1512, no resample")
  }

  @Test func neverUpscalesForAnyFactorList() {
    for side in [1, 7, 500, 1000, 2047] {
      let plan = JPEGCodec.chooseScale(original: PixelSize(width: side, height: side / 2 + 1), longSide: 2048)
      #expect(plan.factor == .one && !plan.needsResample)
    }
  }

  @Test func scaledSizeUsesCeiling() {
    #expect(JPEGCodec.scaledSize(for: PixelSize(width: 4032, height: 3024), factor: ScalingFactor(1, 2)) == PixelSize(width: 2016, height: 1512))
    #expect(JPEGCodec.scaledSize(for: PixelSize(width: 4033, height: 3025), factor: ScalingFactor(1, 8)) == PixelSize(width: 505, height: 379))
  }
}
