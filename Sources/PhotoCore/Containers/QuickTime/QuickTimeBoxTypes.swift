/// Boxes of QuickTime movies and MP4 files beyond ISOBMFF's own table (`ISOBMFFBoxTypes`): the
/// QuickTime containers the walker descends into, the leaves whose layout is documented, and the
/// `udta` entries the user-data decoder reads. Any other box stays opaque (swept, PA014).
/// [Apple QTFF "Movie atoms", "User data atoms"; 3GPP TS 26.244 8; ISO/IEC 14496-12 8.10]
enum QuickTimeBoxTypes {
  /// QuickTime containers of child boxes (children start right after the header).
  static let containers: Set<String> = ["tapt", "gmhd", "clip", "matt"]

  /// QuickTime leaves with a documented layout.
  package static let leaves: Set<String> = [
    // track aperture modes, base media header, clipping and matte [QTFF]
    "clef", "prof", "enof", "gmin", "tcmi", "text", "crgn", "kmat", "ctab", "load", "alis", "rsrc",
    // track references [QTFF "Track reference atoms"; 14496-12 8.3.3]
    "cdep", "chap", "sync", "hint", "tmcd", "vdep", "mpod", "ipir", "scpt", "ssrc", "fall", "folw", "forc", "subt", "sbtl",
    // media headers [14496-12 8.4.5]; GoPro's base media info of a GPMF track [gopro/gpmf-parser docs/README.md]
    "hmhd", "nmhd", "sthd", "gpmd",
    // the preview atom at the top level of old movies [QTFF "Preview atom"]
    "pnot",
  ]

  /// `udta` entries the user-data decoder reads: QuickTime text items (`©xyz`, `©mak`…), the 3GPP
  /// asset boxes (`loci`, `titl`…), XMP and the metadata box. [QTFF "User data text"; 3GPP TS 26.244 8]
  static let userData: Set<String> = ["loci", "titl", "dscp", "cprt", "perf", "auth", "gnre", "albm", "yrrc", "kywd", "XMP_", "meta"]

  /// True when a box of `type` under `parent` is a documented QuickTime structure.
  static func isKnown(_ type: String, parent: String?) -> Bool {
    if parent == "udta" { return type.hasPrefix("©") || userData.contains(type) }
    return leaves.contains(type)
  }
}
