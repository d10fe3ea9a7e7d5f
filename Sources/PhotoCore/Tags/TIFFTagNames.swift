// Tag names follow ExifTool (lib/Image/ExifTool/Exif.pm, GeoTiff.pm) so users can cross-check.

/// The tags of whole TIFF files that EXIF blocks do not use: tiles, SubIFDs, the metadata blocks
/// TIFF files hold in IFD0 (XMP, IPTC, Photoshop), DNG's tags and GeoTIFF's. Looked up after
/// `ExifTagTable` for the image directories of a TIFF file. [TIFF 6.0 §8, §15; TIFF TN1; XMP
/// Part 3 §1.1.4; DNG 1.7 §4; GeoTIFF 1.1 (OGC 19-008r4) §7]
enum TIFFTagNames {
  package static let table: [TagInfo] = [
    TagInfo(0x0107, "Thresholding"), TagInfo(0x0108, "CellWidth"), TagInfo(0x0109, "CellLength"),
    TagInfo(0x010A, "FillOrder"), TagInfo(0x010D, "DocumentName"), TagInfo(0x0118, "MinSampleValue"),
    TagInfo(0x0119, "MaxSampleValue"), TagInfo(0x011D, "PageName"), TagInfo(0x011E, "XPosition"),
    TagInfo(0x011F, "YPosition"), TagInfo(0x0120, "FreeOffsets"), TagInfo(0x0121, "FreeByteCounts"),
    TagInfo(0x0122, "GrayResponseUnit"), TagInfo(0x0123, "GrayResponseCurve"), TagInfo(0x0124, "T4Options"),
    TagInfo(0x0125, "T6Options"), TagInfo(0x0129, "PageNumber"), TagInfo(0x013D, "Predictor"),
    TagInfo(0x0140, "ColorMap"), TagInfo(0x0141, "HalftoneHints"), TagInfo(0x0142, "TileWidth"),
    TagInfo(0x0143, "TileLength"), TagInfo(0x0144, "TileOffsets"), TagInfo(0x0145, "TileByteCounts"),
    TagInfo(0x014A, "SubIFD"), TagInfo(0x014C, "InkSet"), TagInfo(0x0152, "ExtraSamples"),
    TagInfo(0x0153, "SampleFormat"), TagInfo(0x015B, "JPEGTables"), TagInfo(0x0200, "JPEGProc"),
    TagInfo(0x0207, "JPEGQTables"), TagInfo(0x0208, "JPEGDCTables"), TagInfo(0x0209, "JPEGACTables"),
    TagInfo(0x8649, "PhotoshopSettings"), TagInfo(0x830E, "PixelScale", privacy: .location),
    TagInfo(0x8482, "ModelTiePoint", privacy: .location), TagInfo(0x85D8, "ModelTransform", privacy: .location),
    TagInfo(0x87AF, "GeoTiffDirectory", privacy: .location), TagInfo(0x87B0, "GeoTiffDoubleParams", privacy: .location),
    TagInfo(0x87B1, "GeoTiffAsciiParams", privacy: .location), TagInfo(0x9003, "DateTimeOriginal", privacy: .time),
    TagInfo(0xA481, "GDALNoData"), TagInfo(0xC613, "DNGBackwardVersion"), TagInfo(0xC614, "UniqueCameraModel"),
    TagInfo(0xC615, "LocalizedCameraModel"), TagInfo(0xC61A, "BlackLevel"), TagInfo(0xC61D, "WhiteLevel"),
    TagInfo(0xC621, "ColorMatrix1"), TagInfo(0xC622, "ColorMatrix2"), TagInfo(0xC623, "CameraCalibration1"),
    TagInfo(0xC624, "CameraCalibration2"), TagInfo(0xC627, "AnalogBalance"), TagInfo(0xC628, "AsShotNeutral"),
    TagInfo(0xC62A, "BaselineExposure"), TagInfo(0xC62B, "BaselineNoise"), TagInfo(0xC62C, "BaselineSharpness"),
    TagInfo(0xC62E, "LinearResponseLimit"), TagInfo(0xC630, "DNGLensInfo"), TagInfo(0xC633, "ShadowScale"),
    TagInfo(0xC634, "DNGPrivateData"), TagInfo(0xC635, "MakerNoteSafety"), TagInfo(0xC65A, "CalibrationIlluminant1"),
    TagInfo(0xC65B, "CalibrationIlluminant2"), TagInfo(0xC65D, "RawDataUniqueID", privacy: .identifying),
    TagInfo(0xC68B, "OriginalRawFileName", privacy: .identifying), TagInfo(0xC68C, "OriginalRawFileData"),
    TagInfo(0xC6F3, "CameraCalibrationSig"), TagInfo(0xC6F4, "ProfileCalibrationSig"), TagInfo(0xC6F8, "ProfileName"),
    TagInfo(0xC6FC, "ProfileToneCurve"), TagInfo(0xC6FD, "ProfileEmbedPolicy"), TagInfo(0xC6FE, "ProfileCopyright"),
    TagInfo(0xC71B, "PreviewDateTime", privacy: .time), TagInfo(0xC71A, "PreviewColorSpace"),
    TagInfo(0xC7A7, "NewRawImageDigest"),
  ]

  private static let index = Dictionary(table.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  /// The tag's info in an image directory of a TIFF file: EXIF's tables first, then this one.
  package static func info(_ id: UInt16) -> TagInfo? {
    if let known = ExifTagTable.info(id, in: .ifd0), known.id == id { return known }
    return index[id]
  }

  /// The name of `id` in a directory of `kind` ("Exif_0x1234" when unknown, as `ExifTagTable`).
  package static func name(_ id: UInt16, in kind: TIFFFileLayout.DirectoryKind) -> String {
    switch kind {
    case .image: info(id)?.name ?? ExifTagTable.name(id, in: .ifd0)
    case .exif: ExifTagTable.name(id, in: .exifIFD)
    case .gps: ExifTagTable.name(id, in: .gps)
    case .interop: ExifTagTable.name(id, in: .interop)
    }
  }

  /// The EXIF table a directory of `kind` is named from.
  package static func group(_ kind: TIFFFileLayout.DirectoryKind) -> ExifGroup {
    switch kind {
    case .image: .ifd0
    case .exif: .exifIFD
    case .gps: .gps
    case .interop: .interop
    }
  }
}
