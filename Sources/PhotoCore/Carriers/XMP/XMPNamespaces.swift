/// Known XMP namespaces: URI → the family-1 group suffix ExifTool uses ("XMP-<prefix>").
///
/// ExifTool groups by namespace URI, not by the prefix a file happens to use, and shortens a
/// few ugly prefixes (Iptc4xmpCore → iptcCore, Iptc4xmpExt → iptcExt...). Unknown URIs fall
/// back to the prefix written in the file. [ExifTool XMP.pm %nsURI, %stdXlatNS]
enum XMPNamespaces {
  static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
  package static let x = "adobe:ns:meta/"

  /// URI → ExifTool group prefix. Tags are data: add a row to add a namespace.
  static let groupByURI: [String: String] = [
    "http://ns.adobe.com/exif/1.0/aux/": "aux",
    "http://ns.adobe.com/album/1.0/": "album",
    "http://creativecommons.org/ns#": "cc",
    "http://ns.adobe.com/camera-raw-defaults/1.0/": "crd",
    "http://ns.adobe.com/camera-raw-settings/1.0/": "crs",
    "http://ns.adobe.com/camera-raw-saved-settings/1.0/": "crss",
    "http://purl.org/dc/elements/1.1/": "dc",
    "http://ns.adobe.com/exif/1.0/": "exif",
    "http://cipa.jp/exif/1.0/": "exifEX",
    "http://ns.adobe.com/iX/1.0/": "iX",
    "http://ns.adobe.com/pdf/1.3/": "pdf",
    "http://ns.adobe.com/pdfx/1.3/": "pdfx",
    "http://ns.adobe.com/photoshop/1.0/": "photoshop",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
    "http://ns.adobe.com/tiff/1.0/": "tiff",
    "adobe:ns:meta/": "x",
    "http://ns.adobe.com/xap/1.0/g/": "xmpG",
    "http://ns.adobe.com/xap/1.0/g/img/": "xmpGImg",
    "http://ns.adobe.com/xap/1.0/": "xmp",
    "http://ns.adobe.com/xap/1.0/bj/": "xmpBJ",
    "http://ns.adobe.com/xmp/1.0/DynamicMedia/": "xmpDM",
    "http://ns.adobe.com/xap/1.0/mm/": "xmpMM",
    "http://ns.adobe.com/xap/1.0/rights/": "xmpRights",
    "http://ns.adobe.com/xmp/note/": "xmpNote",
    "http://ns.adobe.com/xap/1.0/t/pg/": "xmpTPg",
    "http://ns.adobe.com/xap/1.0/PLUS/": "xmpPLUS",
    "http://ns.optimasc.com/dex/1.0/": "dex",
    "http://ns.iview-multimedia.com/mediapro/1.0/": "mediapro",
    "http://ns.microsoft.com/expressionmedia/1.0/": "expressionmedia",
    "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/": "iptcCore",
    "http://iptc.org/std/Iptc4xmpExt/2008-02-29/": "iptcExt",
    "http://ns.microsoft.com/photo/1.0": "microsoft",
    "http://ns.microsoft.com/photo/1.0/": "microsoft",
    "http://ns.microsoft.com/photo/1.1": "MP1",
    "http://ns.microsoft.com/photo/1.2/": "MP",
    "http://ns.adobe.com/lightroom/1.0/": "lr",
    "http://ns.adobe.com/DICOM/": "DICOM",
    "http://www.dji.com/drone-dji/1.0/": "drone-dji",
    "http://ns.useplus.org/ldf/xmp/1.0/": "plus",
    "http://prismstandard.org/namespaces/basic/2.0/": "prism",
    "http://prismstandard.org/namespaces/prl/2.1/": "prl",
    "http://prismstandard.org/namespaces/prismusagerights/2.1/": "pur",
    "http://prismstandard.org/namespaces/pmi/2.2/": "pmi",
    "http://prismstandard.org/namespaces/prm/3.0/": "prm",
    "http://ns.acdsee.com/iptc/1.0/": "acdsee",
    "http://www.digikam.org/ns/1.0/": "digiKam",
    "http://ns.adobe.com/swf/1.0/": "swf",
    "http://developer.sonyericsson.com/cell/1.0/": "cell",
    "http://ns.apple.com/adjustment-settings/1.0/": "aas",
    "http://www.metadataworkinggroup.com/schemas/regions/": "mwg-rs",
    "http://www.metadataworkinggroup.com/schemas/keywords/": "mwg-kw",
    "http://www.metadataworkinggroup.com/schemas/collections/": "mwg-coll",
    "http://ns.extensis.com/extensis/1.0/": "extensis",
    "http://ns.idimager.com/ics/1.0/": "ics",
    "http://ns.fastpictureviewer.com/fpv/1.0/": "fpv",
    "http://ns.adobe.com/creatorAtom/1.0/": "creatorAtom",
    "http://ns.apple.com/faceinfo/1.0/": "apple-fi",
    "http://ns.google.com/photos/1.0/audio/": "GAudio",
    "http://ns.google.com/photos/1.0/image/": "GImage",
    "http://ns.google.com/photos/1.0/panorama/": "GPano",
    "http://ns.google.com/videos/1.0/spherical/": "GSpherical",
    "http://ns.google.com/photos/1.0/depthmap/": "GDepth",
    "http://ns.google.com/photos/1.0/focus/": "GFocus",
    "http://ns.google.com/photos/1.0/camera/": "GCamera",
    "http://ns.google.com/photos/1.0/creations/": "GCreations",
    "http://ns.google.com/photos/dd/1.0/device/": "Device",
    "http://rs.tdwg.org/dwc/index.htm": "dwc",
    "http://xmp.gettyimages.com/gift/1.0/": "getty",
    "http://ns.leiainc.com/photos/1.0/image/": "LImage",
    "http://ns.google.com/photos/dd/1.0/profile/": "Profile",
    "http://ns.nikon.com/sdc/1.0/": "sdc",
    "http://ns.nikon.com/asteroid/1.0/": "ast",
    "http://ns.nikon.com/nine/1.0/": "nine",
    "http://ns.camerabits.com/photomechanic/1.0/": "photomech",
    "http://www.gimp.org/xmp/": "GIMP",
    "http://ns.adobe.com/hdr-gain-map/1.0/": "hdrgm",
    "http://ns.google.com/photos/1.0/container/": "Container",
    "http://ns.exiftool.org/1.0/": "et",
    "http://ns.exiftool.ca/1.0/": "et",
  ]

  /// File prefixes ExifTool renames when the URI is unknown. [ExifTool XMP.pm %stdXlatNS]
  static let prefixTranslation: [String: String] = [
    "Iptc4xmpCore": "iptcCore", "Iptc4xmpExt": "iptcExt", "photomechanic": "photomech",
    "MicrosoftPhoto": "microsoft", "prismusagerights": "pur", "GettyImagesGIFT": "getty",
  ]

  /// Namespaces whose elements are syntax, never properties. [ExifTool XMP.pm %ignoreNamespace]
  static let syntaxNamespaces: Set<String> = [rdf, x, MiniXML.xmlNamespace]

  /// The ExifTool group suffix for a namespace URI, else the file's (translated) prefix.
  package static func group(uri: String?, prefix: String?) -> String {
    if let uri, let known = groupByURI[uri] { return known }
    if let prefix, !prefix.isEmpty { return prefixTranslation[prefix] ?? prefix }
    return "unknown"
  }
}
