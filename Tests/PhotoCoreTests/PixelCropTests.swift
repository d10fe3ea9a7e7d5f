import Codecs
import Testing

@testable import PhotoCore

@Suite("PixelImage.cropped")
struct PixelCropTests {
  @Test func cropCopiesTheRectangle() throws {
    let image = PixelFixtures.asymmetric(width: 20, height: 10, channels: 4)
    let crop = try image.cropped(to: PixelRect(x: 3, y: 2, width: 5, height: 7))
    #expect((crop.width, crop.height, crop.channels) == (5, 7, 4))
    for y in 0..<7 {
      for x in 0..<5 { #expect(crop.pixel(x: x, y: y) == image.pixel(x: x + 3, y: y + 2)) }
    }
    #expect(try image.cropped(to: PixelRect(x: 0, y: 0, width: 20, height: 10)) == image)
    #expect(try image.cropped(to: PixelRect(x: 19, y: 9, width: 1, height: 1)).pixels == Array(image.pixel(x: 19, y: 9) ?? []))
  }

  @Test(arguments: [
    PixelRect(x: -1, y: 0, width: 5, height: 5),
    PixelRect(x: 0, y: -1, width: 5, height: 5),
    PixelRect(x: 0, y: 0, width: 0, height: 5),
    PixelRect(x: 0, y: 0, width: 5, height: -2),
    PixelRect(x: 16, y: 0, width: 5, height: 5),
    PixelRect(x: 0, y: 6, width: 5, height: 5),
    PixelRect(x: 0, y: 0, width: 21, height: 10),
    PixelRect(x: Int.max, y: 0, width: Int.max, height: 1),
  ])
  func outOfBoundsIsAnError(rect: PixelRect) {
    let image = PixelFixtures.asymmetric(width: 20, height: 10, channels: 3)
    #expect(throws: CodecError.self) { try image.cropped(to: rect) }
  }
}
