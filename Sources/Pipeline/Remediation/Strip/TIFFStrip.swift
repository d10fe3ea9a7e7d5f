import PhotoCore

/// `strip` of a TIFF, BigTIFF or DNG, in place at the same length (`LayoutTree.tiffRemoval`):
/// the Exif, GPS and Interop IFDs go whole (MakerNote, serial numbers, GPS with them), and so do
/// these entries of every image IFD — who and where (Artist, Copyright, HostComputer, Make,
/// Model, Software, DateTime, the TIFF/EP date and serials, DNG's CameraSerialNumber,
/// RawDataUniqueID, OriginalRawFileName and OriginalRawFileData, DNGPrivateData, the Windows XP
/// text tags, PrintIM), the metadata blocks (XMP, IPTC, Photoshop resources and layers) and the
/// GeoTIFF georeference (ModelTiepoint, ModelPixelScale, ModelTransformation, the GeoKeys).
/// Kept: every tag a reader needs for the pixels and their colour (the ICC profile 0x8773,
/// Orientation, DNG's colour and calibration tags, UniqueCameraModel, which DNG requires), and
/// every strip, tile and preview JPEG byte for byte. The camera raws that are TIFF-shaped (CR2,
/// NEF, ARW…) are not rewritten: their vendors' structures point at absolute offsets strip does
/// not know. [TIFF 6.0; BigTIFF; DNG 1.7; GeoTIFF 1.1; CIPA DC-008]
enum TIFFStrip {
  /// Tags removed from image IFDs, with their names for the report.
  static let removed: [UInt16: String] = [
    0x010D: "DocumentName", 0x010E: "ImageDescription", 0x010F: "Make", 0x0110: "Model", 0x0131: "Software",
    0x0132: "DateTime", 0x013B: "Artist", 0x013C: "HostComputer", 0x8298: "Copyright", 0x02BC: "XMP", 0x83BB: "IPTC",
    0x8649: "Photoshop", 0x935C: "ImageSourceData", 0x927C: "MakerNote", 0x9286: "UserComment", 0x9003: "DateTimeOriginal",
    0x9004: "DateTimeDigitized", 0x9211: "ImageNumber", 0x9216: "TIFF-EPStandardID", 0xA420: "ImageUniqueID",
    0xA430: "OwnerName", 0xA431: "SerialNumber", 0xA433: "LensMake", 0xA434: "LensModel", 0xA435: "LensSerialNumber",
    0xC4A5: "PrintIM", 0xC62F: "CameraSerialNumber", 0xC634: "DNGPrivateData", 0xC65D: "RawDataUniqueID",
    0xC68B: "OriginalRawFileName", 0xC68C: "OriginalRawFileData", 0x9C9B: "XPTitle",
    0x9C9C: "XPComment", 0x9C9D: "XPAuthor", 0x9C9E: "XPKeywords", 0x9C9F: "XPSubject",
    0x830E: "ModelPixelScale", 0x8482: "ModelTiepoint", 0x85D8: "ModelTransformation", 0x87AF: "GeoKeyDirectory",
    0x87B0: "GeoDoubleParams", 0x87B1: "GeoAsciiParams",
  ]

  static func plan(_ input: StripInput) throws(StripRefusal) -> StripPlan {
    guard input.metadata.format == .tiff || input.metadata.format == .dng else {
      throw .unsupported("strip does not rewrite \(input.metadata.format?.rawValue.uppercased() ?? "raw") camera raws (their vendors' structures point at absolute offsets); nothing was changed")
    }
    let made: TIFFRemoval?
    do { made = try input.tree.tiffRemoval(tags: Set(removed.keys), names: removed) } catch { throw .unsure(error.description) }
    guard let removal = made else { throw .unsure("its TIFF structure was not read") }
    var plan = StripPlan()
    for edit in removal.edits { plan.replace(edit.range, with: edit.bytes, nil) }
    for what in removal.removed { plan.note(removed: what) }
    if input.metadata.carriers.contains(where: { $0.kind == .icc && $0.document.isRoot }) { plan.kept.append("ICC profile") }
    if let orientation = JPEGStrip.exifOrientation(input.metadata) { plan.kept.append("Orientation \(orientation)") }
    return plan
  }
}
