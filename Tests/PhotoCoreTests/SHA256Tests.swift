import Bytes
import PhotoCore
import Testing

/// FIPS 180-4 test vectors (and block-boundary lengths against a second computation path).
@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
  ])
  func vectors(message: String, hex: String) {
    #expect(SHA256.hex(Array(message.utf8)) == hex)
  }

  @Test func millionAs() {
    #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}

/// `SHA256.Stream` (pieces) and `SHA256.digest(of:)` (a file in pieces) give the one-shot digest.
@Suite struct SHA256StreamTests {
  @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 4097])
  func piecesMatchOneShot(length: Int) {
    let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    for piece in [1, 3, 63, 64, 65, 1000] {
      var stream = SHA256.Stream()
      var offset = 0
      while offset < message.count {
        let end = min(offset + piece, message.count)
        stream.update(Array(message[offset..<end]))
        offset = end
      }
      #expect(stream.finish() == SHA256.digest(message), "length \(length), pieces of \(piece)")
    }
  }

  @Test func millionAsInPieces() throws {
    let source = MemorySource([UInt8](repeating: 0x61, count: 1_000_000))
    #expect(SHA256.hex(digest: try SHA256.digest(of: source, piece: 4099)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
