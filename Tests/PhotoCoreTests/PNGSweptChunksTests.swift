@testable import PhotoCore
import Testing

/// Which known PNG chunks the fail-closed sweep searches (`PNGWalker.isSwept`): every one no
/// decoder reads in full, except a fixed-layout chunk at its own length too short to hold any
/// GPS signature.
@Suite struct PNGSweptChunksTests {
  @Test func onlyChunksTooShortForASignatureAreSkipped() {
    for (type, length) in PNGWalker.shortFixedLengths {
      #expect(length < GPSSignatures.minimumLength, "\(type) holds \(length) bytes: it could hold a signature")
      #expect(!PNGWalker.isSwept(type, length: length))
      #expect(PNGWalker.isSwept(type, length: length + 4096), "a \(type) declaring more than its fields")
    }
    // Fixed layouts long enough for coordinates in text, and variable ones, are searched.
    #expect(PNGWalker.isSwept("cHRM", length: 32) && PNGWalker.isSwept("IHDR", length: 13) && PNGWalker.isSwept("pHYs", length: 9))
    #expect(PNGWalker.isSwept("bKGD", length: 6) && PNGWalker.isSwept("sPLT", length: 100))
    // Image data and chunks a decoder reads (or sweeps itself) are not.
    for type in ["IDAT", "fdAT", "tEXt", "zTXt", "iTXt", "eXIf", "iCCP", "caBX"] { #expect(!PNGWalker.isSwept(type, length: 4096)) }
  }
}
