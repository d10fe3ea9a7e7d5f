/// The camera/capture and identifying fields a reviewer looks at first, picked from the tags.
public enum CaptureSummary {
  /// (label, tag name) of the camera and capture fields, in display order.
  static let cameraFields: [(label: String, name: String)] = [
    ("make", "Make"), ("model", "Model"), ("lens", "LensModel"), ("software", "Software"),
    ("date_time_original", "DateTimeOriginal"), ("offset_time_original", "OffsetTimeOriginal"),
    ("exposure_time", "ExposureTime"), ("f_number", "FNumber"), ("iso", "ISO"), ("focal_length", "FocalLength"),
  ]

  /// Camera and capture fields present in the primary image.
  public static func camera(_ m: PhotoMetadata) -> [(label: String, value: String)] {
    cameraFields.compactMap { field in
      m.tags.first { $0.name == field.name && $0.isPrimary && $0.carrier != .mpfImage }
        .map { (field.label, $0.value.display) }
    }
  }

  /// Tag names that identify a person or a device, in any carrier. [SPEC PA007]
  public static let identifyingNames: Set<String> = [
    "Artist", "Copyright", "OwnerName", "CameraOwnerName", "SerialNumber", "CameraSerialNumber",
    "BodySerialNumber", "LensSerialNumber", "InternalSerialNumber", "ImageUniqueID", "HostComputer", "XPAuthor",
    "DocumentID", "InstanceID", "OriginalDocumentID", "DerivedFromDocumentID", "DerivedFromInstanceID",
    "HistoryInstanceID", "HistoryAction", "HistorySoftwareAgent", "HistoryWhen", "History", "Creator", "By-line",
    "Owner", "Credit", "Rights", "CopyrightNotice", "Writer-Editor", "CreatorContactInfo",
  ]

  /// Identifying tags found anywhere in the file.
  public static func identifying(_ m: PhotoMetadata) -> [MetadataTag] {
    m.tags.filter { identifyingNames.contains($0.name) && !isEmpty($0.value) }
  }

  static func isEmpty(_ v: TagValue) -> Bool {
    switch v {
    case .text(let s): s.trimmingWhitespace().isEmpty
    case .list(let items): items.isEmpty
    default: false
    }
  }
}

import Foundation
