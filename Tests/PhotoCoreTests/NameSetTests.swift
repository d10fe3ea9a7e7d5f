@testable import PhotoCore
@testable import Bytes
import Testing

/// `NameSet` answers exactly as a `Set<String>` of the same names: its length and first-byte
/// masks only decide misses early.
@Suite struct NameSetTests {
  static let names = [
    "Artist", "City", "Sub-location", "", "Ünïcode", "日本語", "A",
    String(repeating: "x", count: 63), String(repeating: "y", count: 64), String(repeating: "z", count: 200),
  ]

  /// Names of the same length or first byte as members, members' prefixes and extensions, case
  /// changes, every single byte, and the long ones around the 63-byte bucket.
  static var probes: [String] {
    var out = names
    for name in names {
      out.append(name + "s")
      out.append(String(name.dropLast()))
      out.append(name.uppercased())
      out.append(name.lowercased())
      out.append("Q" + String(name.dropFirst()))
    }
    out += (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    out += [String(repeating: "x", count: 62), String(repeating: "y", count: 65), String(repeating: "x", count: 64),
            "Artisu", "Cite", "Ünïcodf", "日本人", "B", "Sub-locatioN"]
    return out
  }

  @Test func answersLikeASetOfTheSameNames() {
    let set = Set(Self.names)
    let nameSet = NameSet(Self.names)
    for probe in Self.probes {
      #expect(nameSet.contains(probe) == set.contains(probe), "\(probe.debugDescription)")
    }
    for name in Self.names { #expect(nameSet.contains(name)) }
  }

  @Test func anEmptySetHoldsNothing() {
    let empty = NameSet([])
    #expect(!empty.contains(""))
    #expect(!empty.contains("Artist"))
  }
}
