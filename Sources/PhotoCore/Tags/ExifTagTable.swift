// Tag names follow ExifTool (lib/Image/ExifTool/Exif.pm, GPS.pm) so users can cross-check.

/// Why a tag matters for privacy.
public enum PrivacyClass: String, Sendable, Equatable, Codable {
  case none
  /// Coordinates or other location data.
  case location
  /// Serial numbers, owner/artist names, unique IDs.
  case identifying
  /// Capture time (a reviewer may want it, but it dates the photo).
  case time
}

/// What photoaudit knows about one EXIF tag: its ID, ExifTool name and privacy class.
public struct TagInfo: Sendable {
  public let id: UInt16
  public let name: String
  public let privacy: PrivacyClass
  public init(_ id: UInt16, _ name: String, privacy: PrivacyClass = .none) {
    self.id = id
    self.name = name
    self.privacy = privacy
  }
}

/// The EXIF tag tables, per IFD kind. Unknown tags keep their ID ("Exif_0x1234").
public enum ExifTagTable {
  /// IFD0 / IFD1 (TIFF) tags. [TIFF 6.0; EXIF 2.32 4.6.4]
  public static let tiff: [TagInfo] = [
    TagInfo(0x00FE, "SubfileType"), TagInfo(0x0100, "ImageWidth"), TagInfo(0x0101, "ImageHeight"),
    TagInfo(0x0102, "BitsPerSample"), TagInfo(0x0103, "Compression"),
    TagInfo(0x0106, "PhotometricInterpretation"), TagInfo(0x010E, "ImageDescription"),
    TagInfo(0x010F, "Make"), TagInfo(0x0110, "Model"), TagInfo(0x0111, "StripOffsets"),
    TagInfo(0x0112, "Orientation"), TagInfo(0x0115, "SamplesPerPixel"), TagInfo(0x0116, "RowsPerStrip"),
    TagInfo(0x0117, "StripByteCounts"), TagInfo(0x011A, "XResolution"), TagInfo(0x011B, "YResolution"),
    TagInfo(0x011C, "PlanarConfiguration"), TagInfo(0x0128, "ResolutionUnit"),
    TagInfo(0x012D, "TransferFunction"), TagInfo(0x0131, "Software"),
    TagInfo(0x0132, "ModifyDate", privacy: .time), TagInfo(0x013B, "Artist", privacy: .identifying),
    TagInfo(0x013C, "HostComputer", privacy: .identifying), TagInfo(0x013E, "WhitePoint"),
    TagInfo(0x013F, "PrimaryChromaticities"), TagInfo(0x0201, "ThumbnailOffset"),
    TagInfo(0x0202, "ThumbnailLength"), TagInfo(0x0211, "YCbCrCoefficients"),
    TagInfo(0x0212, "YCbCrSubSampling"), TagInfo(0x0213, "YCbCrPositioning"),
    TagInfo(0x0214, "ReferenceBlackWhite"), TagInfo(0x02BC, "ApplicationNotes"),
    TagInfo(0x4746, "Rating"), TagInfo(0x4749, "RatingPercent"),
    TagInfo(0x8298, "Copyright", privacy: .identifying), TagInfo(0x83BB, "IPTC-NAA"),
    TagInfo(0x8769, "ExifOffset"), TagInfo(0x8773, "ICC_Profile"), TagInfo(0x8825, "GPSInfo", privacy: .location),
    TagInfo(0x9C9B, "XPTitle"), TagInfo(0x9C9C, "XPComment"), TagInfo(0x9C9D, "XPAuthor", privacy: .identifying),
    TagInfo(0x9C9E, "XPKeywords"), TagInfo(0x9C9F, "XPSubject"), TagInfo(0xA480, "GDALMetadata"),
    TagInfo(0xC4A5, "PrintIM"), TagInfo(0xC612, "DNGVersion"), TagInfo(0xC62F, "CameraSerialNumber", privacy: .identifying),
    TagInfo(0xEA1C, "Padding"),
  ]

  /// Exif IFD tags. [EXIF 2.32 4.6.5]
  public static let exif: [TagInfo] = [
    TagInfo(0x829A, "ExposureTime"), TagInfo(0x829D, "FNumber"), TagInfo(0x8822, "ExposureProgram"),
    TagInfo(0x8824, "SpectralSensitivity"), TagInfo(0x8827, "ISO"), TagInfo(0x8830, "SensitivityType"),
    TagInfo(0x8832, "RecommendedExposureIndex"), TagInfo(0x9000, "ExifVersion"),
    TagInfo(0x9003, "DateTimeOriginal", privacy: .time), TagInfo(0x9004, "CreateDate", privacy: .time),
    TagInfo(0x9010, "OffsetTime", privacy: .time), TagInfo(0x9011, "OffsetTimeOriginal", privacy: .time),
    TagInfo(0x9012, "OffsetTimeDigitized", privacy: .time), TagInfo(0x9101, "ComponentsConfiguration"),
    TagInfo(0x9102, "CompressedBitsPerPixel"), TagInfo(0x9201, "ShutterSpeedValue"),
    TagInfo(0x9202, "ApertureValue"), TagInfo(0x9203, "BrightnessValue"),
    TagInfo(0x9204, "ExposureCompensation"), TagInfo(0x9205, "MaxApertureValue"),
    TagInfo(0x9206, "SubjectDistance"), TagInfo(0x9207, "MeteringMode"), TagInfo(0x9208, "LightSource"),
    TagInfo(0x9209, "Flash"), TagInfo(0x920A, "FocalLength"), TagInfo(0x9214, "SubjectArea"),
    TagInfo(0x927C, "MakerNote"), TagInfo(0x9286, "UserComment"),
    TagInfo(0x9290, "SubSecTime", privacy: .time), TagInfo(0x9291, "SubSecTimeOriginal", privacy: .time),
    TagInfo(0x9292, "SubSecTimeDigitized", privacy: .time), TagInfo(0xA000, "FlashpixVersion"),
    TagInfo(0xA001, "ColorSpace"), TagInfo(0xA002, "ExifImageWidth"), TagInfo(0xA003, "ExifImageHeight"),
    TagInfo(0xA004, "RelatedSoundFile"), TagInfo(0xA005, "InteropOffset"),
    TagInfo(0xA20B, "FlashEnergy"), TagInfo(0xA20E, "FocalPlaneXResolution"),
    TagInfo(0xA20F, "FocalPlaneYResolution"), TagInfo(0xA210, "FocalPlaneResolutionUnit"),
    TagInfo(0xA214, "SubjectLocation"), TagInfo(0xA215, "ExposureIndex"), TagInfo(0xA217, "SensingMethod"),
    TagInfo(0xA300, "FileSource"), TagInfo(0xA301, "SceneType"), TagInfo(0xA302, "CFAPattern"),
    TagInfo(0xA401, "CustomRendered"), TagInfo(0xA402, "ExposureMode"), TagInfo(0xA403, "WhiteBalance"),
    TagInfo(0xA404, "DigitalZoomRatio"), TagInfo(0xA405, "FocalLengthIn35mmFormat"),
    TagInfo(0xA406, "SceneCaptureType"), TagInfo(0xA407, "GainControl"), TagInfo(0xA408, "Contrast"),
    TagInfo(0xA409, "Saturation"), TagInfo(0xA40A, "Sharpness"), TagInfo(0xA40C, "SubjectDistanceRange"),
    TagInfo(0xA420, "ImageUniqueID", privacy: .identifying),
    TagInfo(0xA430, "OwnerName", privacy: .identifying), TagInfo(0xA431, "SerialNumber", privacy: .identifying),
    TagInfo(0xA432, "LensInfo"), TagInfo(0xA433, "LensMake"), TagInfo(0xA434, "LensModel"),
    TagInfo(0xA435, "LensSerialNumber", privacy: .identifying), TagInfo(0xA460, "CompositeImage"),
    TagInfo(0xA500, "Gamma"), TagInfo(0xEA1C, "Padding"), TagInfo(0xEA1D, "OffsetSchema"),
  ]

  /// GPS IFD tags; every one is location data. [EXIF 2.32 4.6.6]
  public static let gps: [TagInfo] = [
    "GPSVersionID", "GPSLatitudeRef", "GPSLatitude", "GPSLongitudeRef", "GPSLongitude",
    "GPSAltitudeRef", "GPSAltitude", "GPSTimeStamp", "GPSSatellites", "GPSStatus", "GPSMeasureMode",
    "GPSDOP", "GPSSpeedRef", "GPSSpeed", "GPSTrackRef", "GPSTrack", "GPSImgDirectionRef",
    "GPSImgDirection", "GPSMapDatum", "GPSDestLatitudeRef", "GPSDestLatitude", "GPSDestLongitudeRef",
    "GPSDestLongitude", "GPSDestBearingRef", "GPSDestBearing", "GPSDestDistanceRef", "GPSDestDistance",
    "GPSProcessingMethod", "GPSAreaInformation", "GPSDateStamp", "GPSDifferential", "GPSHPositioningError",
  ].enumerated().map { TagInfo(UInt16($0.offset), $0.element, privacy: .location) }

  /// Interoperability IFD tags. [EXIF 2.32 4.6.7]
  public static let interop: [TagInfo] = [
    TagInfo(0x0001, "InteropIndex"), TagInfo(0x0002, "InteropVersion"),
    TagInfo(0x1000, "RelatedImageFileFormat"), TagInfo(0x1001, "RelatedImageWidth"),
    TagInfo(0x1002, "RelatedImageHeight"),
  ]

  private static func index(_ list: [TagInfo]) -> [UInt16: TagInfo] {
    Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }
  private static let tiffIndex = index(tiff), exifIndex = index(exif), gpsIndex = index(gps), interopIndex = index(interop)

  /// The table of `group`'s tags. (A switch: a dictionary keyed by the group hashed its name's
  /// string for every tag of every file.)
  private static func table(_ group: ExifGroup) -> [UInt16: TagInfo] {
    switch group {
    case .ifd0, .ifd1: tiffIndex
    case .exifIFD: exifIndex
    case .gps: gpsIndex
    case .interop: interopIndex
    }
  }

  /// The tag's info in `group`, falling back to the other tables (libexif files tags by the IFD
  /// they were found in, and writers misplace tags), or nil when unknown.
  public static func info(_ id: UInt16, in group: ExifGroup) -> TagInfo? {
    if let hit = table(group)[id] { return hit }
    if group == .gps || group == .interop { return nil }  // small numeric IDs clash across tables
    return exifIndex[id] ?? tiffIndex[id]
  }

  /// ExifTool's name for `id` in `group`, or its "Exif_0x1234" form for an unknown tag.
  public static func name(_ id: UInt16, in group: ExifGroup) -> String {
    info(id, in: group)?.name ?? "Exif_0x" + String(format: "%04x", id)
  }
}

/// The EXIF groups, named as ExifTool's family-1 groups.
public enum ExifGroup: String, Sendable, Equatable, Hashable, CaseIterable {
  case ifd0 = "IFD0", ifd1 = "IFD1", exifIFD = "ExifIFD", gps = "GPS", interop = "InteropIFD"
}

import Bytes
import Foundation
