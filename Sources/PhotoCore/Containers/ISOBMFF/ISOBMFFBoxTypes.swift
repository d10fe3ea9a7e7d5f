/// Box types the byte map knows: which ones hold child boxes (and where the children start), and
/// which leaf types are documented structures. A box of any other type is mapped as opaque.
/// [ISO/IEC 14496-12 (ISOBMFF) Table 1; ISO/IEC 23008-12 (HEIF) 6–9; AV1-ISOBMFF; ISO/IEC 23000-22 (MIAF)]
enum ISOBMFFBoxTypes {
  /// Where the children of a container start within its payload, or nil for a leaf.
  /// `payloadHead` holds the payload's first bytes (version byte of a FullBox, QuickTime check).
  static func childOffset(type: String, payloadHead: [UInt8]) -> Int? {
    switch type {
    case "meta":
      // A FullBox, except QuickTime's plain 'meta' whose first child ('hdlr') starts at once. [QTFF]
      if payloadHead.count >= 8, payloadHead[4..<8].elementsEqual([UInt8](ascii: "hdlr")),
         payloadHead[0..<4].contains(where: { $0 != 0 }) {
        return 0
      }
      return 4  // [14496-12 8.11.1]
    case "iref": return 4  // FullBox, then SingleItemTypeReferenceBoxes [8.11.12]
    case "dref": return 8  // FullBox, entry_count [8.7.2]
    case "iinf":
      // FullBox, then entry_count: 16 bits in version 0, 32 otherwise. [8.11.6]
      guard let version = payloadHead.first else { return nil }
      return version == 0 ? 6 : 8
    default:
      return plainContainers.contains(type) ? 0 : nil
    }
  }

  /// Containers whose children start at once. (One set lookup: a `switch` over these compared
  /// every leaf's type with each of them, ~150,000 string comparisons on bench/'s scan set.)
  static let plainContainers: Set<String> = Set([
    "iprp", "ipco", "dinf", "moov", "trak", "mdia", "minf", "stbl", "udta", "edts", "meco", "grpl",
    "moof", "traf", "mvex", "mfra", "tref", "sinf", "schi", "rinf", "strk", "strd", "mere",
  ]).union(QuickTimeBoxTypes.containers)

  /// Leaf boxes whose layout is documented (properties, item boxes, track boxes, brands…).
  static let knownLeaves: Set<String> = [
    // File level [14496-12 4.3, 8.1, 8.16; 23008-12]
    "ftyp", "styp", "etyp", "otyp", "mdat", "free", "skip", "wide", "pdin", "sidx", "ssix", "prft", "emsg", "imda",
    "mini", "jumb",
    // meta and items [14496-12 8.11; 23008-12 9]
    "hdlr", "pitm", "iloc", "infe", "idat", "ipma", "ipro", "fiin", "bxml", "xml ", "iods", "url ", "urn ", "ilst",
    "keys",
    // item references [14496-12 8.11.12; 23008-12 6.4, 6.6, 7]
    "dimg", "thmb", "auxl", "cdsc", "base", "prem", "iloc", "evir", "tbas", "exbl", "pred", "font", "mask", "sbpm",
    // item properties [23008-12 6.5, 9.3; AV1-ISOBMFF 2.3; 23001-17; 14496-15]
    "hvcC", "avcC", "av1C", "vvcC", "jpgC", "j2kH", "ispe", "pixi", "colr", "irot", "imir", "clap", "rloc", "auxC",
    "lsel", "a1op", "a1lx", "oinf", "tols", "clli", "mdcv", "cclv", "amve", "pasp", "iscl", "altt", "udes", "uncC",
    "cmpd", "cpal", "splz", "sbpm", "snuc", "cloc", "rref", "crtt", "mdft", "aebr", "wbbr", "fobr", "afbr", "dobr",
    "pymd", "ispe", "lhvC", "taic", "itai", "ster", "mskC", "ccst", "reve", "hvcE", "av2C", "rotn", "ilce",
    "cmpC", "icef", "cpat", "fpat", "cmpd", "dfrm", "gimi",
    // entity groups [14496-12 8.18; 23008-12 6.8]
    "altr", "ster", "brst", "pano", "slid", "favc", "iaug", "tsyn",
    // tracks and samples [14496-12 8.2–8.8]
    "mvhd", "tkhd", "mdhd", "vmhd", "smhd", "nmhd", "sthd", "stsd", "stts", "ctts", "cslg", "stsc", "stsz", "stz2",
    "stco", "co64", "stss", "stsh", "sdtp", "sbgp", "sgpd", "saiz", "saio", "subs", "elst", "mehd", "trex", "mfhd",
    "tfhd", "tfdt", "trun", "tfra", "mfro", "leva", "trep", "cprt", "kind", "elng", "frma", "schm", "tenc",
  ]

  /// True when a box of `type` under `parent` is a documented structure.
  static func isKnown(_ type: String, parent: String?) -> Bool {
    if parent == "iref" { return true }  // every child of iref is a reference box, named by its type
    return knownLeaves.contains(type) || childOffset(type: type, payloadHead: [0, 0, 0, 0]) != nil
      || QuickTimeBoxTypes.isKnown(type, parent: parent)
  }
}
