import Bytes
import Testing

/// RFC 4231 test vectors for HMAC-SHA256 (cases 1, 2, 3, 6 and 7: a short key, a text key, a
/// 20-byte key with 50-byte data, and keys longer than a block, which are hashed first).
@Suite struct HMACTests {
  @Test(arguments: [
    ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
     "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ([UInt8](repeating: 0xaa, count: 131),
     Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
     "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
  ])
  func rfc4231(key: [UInt8], message: [UInt8], hex: String) {
    #expect(HMACSHA256.hex(key: key, message: message) == hex)
  }
}
