@testable import PhotoCore
import Testing

/// The by-group indexes of `XMPTagNames` answer as the "group:localName" tables they are built
/// from, and `upperFirst`'s ASCII shortcut as its general rule.
@Suite struct XMPTagNamesIndexTests {
  static let tables: [([String: String], XMPTagNames.PairTable)] = [
    (XMPTagNames.renamed, XMPTagNames.renamedIndex), (XMPTagNames.flatPrefix, XMPTagNames.flatPrefixIndex),
    (XMPTagNames.flatField, XMPTagNames.flatFieldIndex), (XMPTagNames.renamedFlat, XMPTagNames.renamedFlatIndex),
  ]

  @Test func everyEntryIsFoundByGroupAndName() {
    for (table, index) in Self.tables {
      #expect(!table.isEmpty)
      for (key, value) in table {
        let colon = key.firstIndex(of: ":")!
        let group = String(key[..<colon]), name = String(key[key.index(after: colon)...])
        #expect(!group.contains(":"))
        #expect(index[group, name] == value, "\(key)")
        #expect(index[group, name + "x"] == table["\(group):\(name)x"])
        #expect(index["x" + group, name] == table["x\(group):\(name)"])
      }
    }
  }

  /// The general rule, written out: keep [0-9A-Za-z_-], uppercase the first character.
  static func general(_ name: String) -> String {
    let kept = String(String.UnicodeScalarView(name.unicodeScalars.filter {
      $0.isASCII && (CharacterSetLike.alnum($0) || $0 == "-" || $0 == "_")
    }))
    guard let first = kept.first else { return "" }
    return first.uppercased() + kept.dropFirst()
  }

  enum CharacterSetLike {
    static func alnum(_ s: Unicode.Scalar) -> Bool {
      ("0"..."9").contains(s) || ("a"..."z").contains(s) || ("A"..."Z").contains(s)
    }
  }

  @Test func upperFirstFollowsTheGeneralRule() {
    for name in ["city", "City", "gpsLatitude", "_x", "-y", "9lives", "a", "", "é", "éte", "a b", "a:b", "Ünï", "x\u{301}y",
                 "LocationCreated", "dc:title", "ÿz", "zÿ", "A\u{0}b"] {
      #expect(XMPTagNames.upperFirst(name) == Self.general(name), "\(name.debugDescription)")
    }
  }
}
