import Testing
@testable import PhotoCore

/// Photoshop APP13 image resource blocks built in the test.
struct IPTCPhotoshopResourcesTests {
  static func block(_ sig: String = "8BIM", id: UInt16, name: String = "", data: [UInt8]) -> [UInt8] {
    var out = Array(sig.utf8) + [UInt8(id >> 8), UInt8(id & 0xFF), UInt8(name.utf8.count)] + Array(name.utf8)
    if (1 + name.utf8.count) % 2 == 1 { out.append(0) }
    let n = data.count
    out += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + data
    if n % 2 == 1 { out.append(0) }
    return out
  }

  @Test func blocksWithNamesPaddingAndOtherSignatures() {
    let iim = IPTCDecoderTests.ds(2, 90, "Kingston")
    let payload = PhotoshopResources.app13Signature
      + Self.block(id: 0x0425, data: [UInt8](repeating: 7, count: 16))
      + Self.block(id: 0x0404, name: "IPTC", data: iim)
      + Self.block("PHUT", id: 0x0BB7, name: "x", data: [1, 2, 3])
      + [0, 0, 0, 0]
    let (resources, warnings) = PhotoshopResources.parse(payload)
    #expect(warnings.isEmpty)
    #expect(resources.map(\.id) == [0x0425, 0x0404, 0x0BB7])
    #expect(resources.map(\.signature) == ["8BIM", "8BIM", "PHUT"])
    #expect(resources[1].name == "IPTC")
    #expect(resources[2].data == [1, 2, 3])
    let found = resources.first { $0.id == PhotoshopResources.iptcID }
    #expect(found.map { IPTCDecoder.decode($0.data).tags.first?.value } == .text("Kingston"))
    let unsigned = PhotoshopResources.parse(Array(payload.dropFirst(PhotoshopResources.app13Signature.count))).resources
    #expect(unsigned.map(\.data) == resources.map(\.data))
    #expect(unsigned.map(\.offset) == resources.map { $0.offset - PhotoshopResources.app13Signature.count })
  }

  @Test func badSignatureAndTruncatedBlocks() {
    let good = Self.block(id: 0x0404, data: [1, 2])
    let unknown = good + Array("XXXX".utf8) + [0, 1, 0, 0, 0, 0, 0]
    let (r1, w1) = PhotoshopResources.parse(unknown)
    #expect(r1.count == 1 && w1.count == 1)
    var cut = Self.block(id: 0x0404, data: [UInt8](repeating: 9, count: 40))
    cut.removeLast(10)
    let (r2, w2) = PhotoshopResources.parse(cut)
    #expect(r2.first?.data.count == 30)
    #expect(w2.count == 1)
  }

  @Test func everyPrefixParsesWithoutTrapping() {
    let payload = Self.block(id: 0x0404, name: "abc", data: IPTCDecoderTests.ds(2, 90, "City"))
      + Self.block(id: 0x040F, data: [UInt8](repeating: 3, count: 33))
    for n in 0...payload.count {
      let (resources, warnings) = PhotoshopResources.parse(Array(payload.prefix(n)))
      #expect(resources.count <= 2)
      if resources.count == 2, n < payload.count - 1 { #expect(!warnings.isEmpty) }
    }
  }
}
