import Platform
/// The names a photo's sidecars have beside it. The name only pairs a sidecar with its photo;
/// what a file is, is read from its content (`SidecarSniffer`).
///
/// **XMP** (Lightroom and Capture One write `NAME.xmp`; darktable and digiKam `NAME.EXT.xmp`):
/// `IMG_0001.xmp`, `IMG_0001.CR2.xmp`, the extension `.xmp` or `.XMP`.
///
/// **Google Takeout JSON** beside `NAME.EXT` — the rules as GooglePhotosTakeoutHelper, immich-go
/// and ente found them in real exports (their tests list the names below):
/// - `NAME.EXT.json` (exports before late 2024) and `NAME.EXT.supplemental-metadata.json` (since);
///   `NAME.json` when the photo was uploaded without an extension;
/// - Takeout cuts the name before `.json` to **46 UTF-16 code units**, so the whole name to 51:
///   `Screenshot_20231027_123303_Facebook.jpg.supple.json`,
///   `PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg..json`,
///   `Urlaub in Knaufspesch in der Schneifel (38).JP.json`; `.json` itself is never cut;
/// - a duplicate name gets a number: the photo `NAME(1).EXT`, its JSON `NAME.EXT(1).json` or,
///   with the new names, `NAME.EXT.supplemental-metadata(1).json` — the number after the cut
///   (`…_n.j(1).json`, `…supple(1).json`); some exports keep it in place (`NAME(1).EXT.json`,
///   `skytree (2).jpg.supplemental-metadata.json`);
/// - an edited copy (`NAME-edited.EXT`, and the other languages' suffixes) shares the original's
///   JSON (`NAME.EXT.json`).
public enum SidecarNames {
  /// Takeout's limit on a JSON sidecar's name before `.json`, in UTF-16 code units.
  public static let takeoutNameLimit = 46
  /// What newer exports add to the photo's name before `.json` (and before the cut).
  static let supplementalSuffix = ".supplemental-metadata"
  /// The suffixes of an edited copy's name, which shares its original's JSON
  /// (GooglePhotosTakeoutHelper `extraFormats`).
  static let editedSuffixes = [
    "-edited", "-effects", "-smile", "-mix", "-edytowane", "-bearbeitet", "-bewerkt", "-編集済み", "-modificato", "-modifié",
    "-ha editado", "-editat",
  ]

  /// True when `path` ends in `.xmp` (any case): a possible XMP sidecar.
  public static func isXMPName(_ path: String) -> Bool { hasExtension(path, "xmp") }

  /// True when `path` ends in `.json` (any case): a possible Takeout sidecar (or a descriptor).
  public static func isJSONName(_ path: String) -> Bool { hasExtension(path, "json") }

  /// True when `path` is named as a sidecar (`.xmp`, `.json`): never a photo of its own sidecars.
  public static func isSidecarName(_ path: String) -> Bool { isXMPName(path) || isJSONName(path) }

  /// True when the last component of `path` is longer than ".ext" and ends with it (any case).
  /// Asked of every file a batch lists: only the last bytes are looked at.
  static func hasExtension(_ path: String, _ ext: StaticString) -> Bool {
    let want = UnsafeBufferPointer(start: ext.utf8Start, count: ext.utf8CodeUnitCount)
    var path = path
    return path.withUTF8 { bytes in
      let n = want.count
      guard bytes.count > n + 1, bytes[bytes.count - n - 1] == UInt8(ascii: "."), bytes[bytes.count - n - 2] != UInt8(ascii: "/")
      else { return false }
      for i in 0..<n where bytes[bytes.count - n + i] | 0x20 != want[i] { return false }
      return true
    }
  }

  /// The file names (in the same folder) that may be sidecars of the photo named `name` (its
  /// last path component), in a fixed order without repeats; none for a sidecar name.
  public static func candidates(forPhotoNamed name: String) -> [String] {
    guard !isSidecarName(name), !name.isEmpty else { return [] }
    let dot = PathName.extensionDot(name)
    let stem = dot.map { String(name[..<$0]) } ?? name
    let ext = dot.map { String(name[$0...]) } ?? ""
    var out: [String] = []
    func add(_ candidate: String) { if candidate != name, !out.contains(candidate) { out.append(candidate) } }
    for x in [".xmp", ".XMP"] {
      add(stem + x)
      add(name + x)
    }
    add(stem + ".json")
    for (base, number) in bases(stem) {
      let full = base + ext
      add(full + number + ".json")
      add(clipped(full) + number + ".json")
      add(clipped(full + supplementalSuffix) + number + ".json")
    }
    return out
  }

  /// The names a photo's stem is known by: itself; without a trailing "(n)" (kept apart, it goes
  /// after the cut); each of those without an edited copy's suffix.
  static func bases(_ stem: String) -> [(base: String, number: String)] {
    var out: [(String, String)] = [(stem, "")]
    if let number = trailingNumber(stem) { out.append((String(stem.dropLast(number.count)), number)) }
    for (base, number) in out {
      for suffix in editedSuffixes where base.hasSuffix(suffix) && base.count > suffix.count {
        out.append((String(base.dropLast(suffix.count)), number))
      }
    }
    return out
  }

  /// "(12)" when `stem` ends with a parenthesised decimal number, else nil.
  static func trailingNumber(_ stem: String) -> String? {
    guard stem.hasSuffix(")"), let open = stem.lastIndex(of: "(") else { return nil }
    let digits = stem[stem.index(after: open)..<stem.index(before: stem.endIndex)]
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return String(stem[open...])
  }

  /// `text` cut to `takeoutNameLimit` UTF-16 code units, never inside a surrogate pair (a
  /// character outside the BMP counts 2, as immich-go's tests show with emoji names).
  static func clipped(_ text: String) -> String {
    guard text.utf16.count > takeoutNameLimit else { return text }
    var kept = String.UnicodeScalarView()
    var units = 0
    for scalar in text.unicodeScalars {
      units += UTF16.width(scalar)
      guard units <= takeoutNameLimit else { break }
      kept.append(scalar)
    }
    return String(kept)
  }
}
