@testable import Bytes
import Foundation
@testable import PhotoCore
@testable import Platform
import Testing

/// The small replacements for Foundation calls that profiles showed in the metadata scan: each
/// must give what the Foundation call gives.
@Suite struct TextAndPathHelpersTests {
  static let paths = [
    "IMG_0001.HEIC", "a/b/IMG_0001.jpg", "/abs/dir/photo.tar.gz", "dir.v2/file", "dir/.hidden", "dir/.hidden.json",
    "noext", "a/b/", "x/y.", "./rel/ä ö.JPG", "../up/IMG_0001.jpeg.json",
  ]

  @Test(arguments: paths.filter { !$0.hasSuffix("/") })
  func deletingExtensionMatchesNSString(_ path: String) {
    #expect(PathName.deletingExtension(path) == (path as NSString).deletingPathExtension, "\(path)")
  }

  /// Where we differ from NSString on purpose: NSString drops a trailing slash ("a/b/" → "a/b",
  /// "x.y/" → "x"); a path that ends in "/" names a folder, its last component is empty and has
  /// no extension, so it comes back unchanged.
  @Test(arguments: ["a/b/", "x.y/", "/dir.v2/", "./"])
  func aFolderPathHasNoExtension(_ path: String) {
    #expect(PathName.deletingExtension(path) == path)
    #expect((path as NSString).deletingPathExtension != path, "NSString's behaviour, which we do not copy")
  }

  @Test(arguments: paths.filter { !$0.hasSuffix("/") })
  func stemMatchesNSString(_ path: String) {
    #expect(PathName.stem(path) == ((path as NSString).lastPathComponent as NSString).deletingPathExtension, "\(path)")
  }

  @Test func byteSearchFindsTheFirstOccurrence() {
    let haystack: [UInt8] = [1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4]
    #expect(ByteSearch.firstIndex(of: [1, 2, 3, 4], in: haystack) == 3)
    #expect(ByteSearch.firstIndex(of: [3], in: haystack) == 2)
    #expect(ByteSearch.firstIndex(of: [4, 1], in: haystack) == 6)
    #expect(ByteSearch.firstIndex(of: [4, 5], in: haystack) == nil)
    #expect(ByteSearch.firstIndex(of: [], in: haystack) == 0)
    #expect(ByteSearch.firstIndex(of: [1, 2], in: []) == nil)
    #expect(ByteSearch.firstIndex(of: haystack[...], in: haystack) == 0)
    #expect(ByteSearch.firstIndex(of: [3, 4, 9], in: haystack) == nil, "a match may not run past the end")
    var generator = SplitMix64(seed: 0x5EED_0001)  // seeded: a failure reproduces
    for _ in 0..<200 {
      let data = (0..<300).map { _ in UInt8.random(in: 0...3, using: &generator) }
      let start = Int.random(in: 0..<290, using: &generator)
      let needle = data[start..<start + Int.random(in: 1...10, using: &generator)]
      #expect(ByteSearch.firstIndex(of: needle, in: data) == data.firstRange(of: needle)?.lowerBound)
    }
  }

  @Test(arguments: ["", "   ", "abc", "  abc", "abc \t", "\tab c\t ", "\u{3000}Tokyo\u{00A0}", "line\n", " é ", "a\u{2003}"])
  func trimmingWhitespaceMatchesFoundation(_ text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
  }

  @Test(arguments: [0.0, -0.0, 37.331686, -122.030656, 1e-7, 123456789.1234565, -0.0000005, 48.858370])
  func cFormatMatchesStringFormat(_ value: Double) {
    #expect(CFormat.string("%.6f", value) == String(format: "%.6f", value))
    #expect(CFormat.string("%.2f", value) == String(format: "%.2f", value))
  }

  /// `CFormat.fixed` (integer rounding) against glibc's `vsnprintf` ("%.Nf"): exact ties that round
  /// to even (0.125 → "0.12", 2.5 → "2"), ties that are not exact in binary (2.675), negative
  /// values rounding to zero ("-0.000000"), subnormals, the 1e15 limit, non-finite values.
  @Test(arguments: [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 2.675, 1.005, 0.05, 1e-7, -1e-7, 5e-7, -5e-7,
                    4.9999995, 37.331686, -122.030656, 5e-324, -5e-324, 2.2250738585072014e-308,
                    1e14 + 0.5, 999_999_999_999_999.9, 1e15, -1e15, 1e300, .infinity, -.infinity, .nan])
  func fixedDecimalsMatchPrintf(_ value: Double) {
    for places in 0...9 {
      #expect(CFormat.fixed(value, places: places) == CFormat.string("%.\(places)f", value), "\(value) to \(places) places")
    }
  }

  /// The same on 20,000 seeded values: coordinates, multiples of 1/8 (exact ties), tiny values
  /// and arbitrary bit patterns.
  @Test func fixedDecimalsMatchPrintfOnSeededValues() {
    var generator = SplitMix64(seed: 12)
    var mismatches: [String] = []
    for n in 0..<20_000 {
      let value: Double = switch n % 4 {
      case 0: Double.random(in: -180...180, using: &generator)
      case 1: Double(Int.random(in: -100_000...100_000, using: &generator)) / 8
      case 2: Double.random(in: -1e-3...1e-3, using: &generator)
      default: Double(bitPattern: generator.next())
      }
      let places = n % 10
      let ours = CFormat.fixed(value, places: places), printf = CFormat.string("%.\(places)f", value)
      if ours != printf, mismatches.count < 5 { mismatches.append("\(value) to \(places): \(ours) vs \(printf)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }
}
