/// What one XMP packet says, decoded: every property as an ExifTool-named tag, plus the
/// composites checks need (GPS, orientation, crop) and the privacy-relevant subsets.
public struct XMPContents: Sendable, Equatable {
  /// Every property, flattened: group "XMP-<ExifTool prefix>", ExifTool name. Values are the
  /// XMP text; arrays (and fields of arrays of structures) are `.list`.
  public var tags: [MetadataTag]
  /// GPS found in the packet (exif:GPS*, IPTC Extension location structures, DJI, Google
  /// depth-map EarthPose, Darwin Core), or nil when there is none. It may hold only an altitude
  /// or a time: check `hasCoordinates`.
  public var gps: GPSFix?
  /// Every other position the packet holds, each once (`XMPGPSComposer`): each
  /// `Iptc4xmpExt:LocationShown` point, a vendor's position (`drone-skydio:Latitude`…), any
  /// property named like a coordinate in any namespace, and coordinates present but unreadable.
  /// Each names its properties in `tag`.
  public var additionalGPS: [GPSFix]
  /// `tiff:Orientation` as written (may be an invalid number).
  public var orientation: Int?
  /// The Camera Raw crop (`crs:`), when any crop property is present.
  public var crop: XMPCrop?
  /// Textual location: photoshop:City/State/Country, Iptc4xmpCore:Location/CountryCode,
  /// Iptc4xmpExt:LocationCreated/LocationShown fields, Darwin Core place names (PA006).
  public var locationText: [MetadataTag]
  /// Serial numbers, people, unique IDs and edit history (PA007).
  public var identifying: [MetadataTag]
  /// `xmpNote:HasExtendedXMP`: the GUID of the Extended XMP that completes this packet.
  public var extendedXMPGUID: String?
  /// Things tolerated while reading (a skipped DOCTYPE, an unparsable coordinate...).
  public var warnings: [String]

  /// Creates contents; every part defaults to empty.
  public init(tags: [MetadataTag] = [], gps: GPSFix? = nil, additionalGPS: [GPSFix] = [], orientation: Int? = nil, crop: XMPCrop? = nil,
              locationText: [MetadataTag] = [], identifying: [MetadataTag] = [], extendedXMPGUID: String? = nil,
              warnings: [String] = []) {
    self.tags = tags
    self.gps = gps
    self.additionalGPS = additionalGPS
    self.orientation = orientation
    self.crop = crop
    self.locationText = locationText
    self.identifying = identifying
    self.extendedXMPGUID = extendedXMPGUID
    self.warnings = warnings
  }
}

/// A Camera Raw / Lightroom crop: edges normalised to 0...1 of the stored image, and a
/// straightening angle. [Adobe Camera Raw settings schema, crs:CropTop...CropAngle]
public struct XMPCrop: Sendable, Equatable {
  /// `crs:HasCrop`: whether the crop is in effect.
  public var hasCrop: Bool
  /// `crs:CropTop`: the top edge, a fraction of the stored height.
  public var top: Double?
  /// `crs:CropLeft`: the left edge, a fraction of the stored width.
  public var left: Double?
  /// `crs:CropBottom`: the bottom edge, a fraction of the stored height.
  public var bottom: Double?
  /// `crs:CropRight`: the right edge, a fraction of the stored width.
  public var right: Double?
  /// Degrees, `crs:CropAngle` (0 when absent).
  public var angle: Double

  /// Creates a crop from the `crs:` values.
  public init(hasCrop: Bool, top: Double?, left: Double?, bottom: Double?, right: Double?, angle: Double = 0) {
    self.hasCrop = hasCrop
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
    self.angle = angle
  }

  /// The crop rectangle in stored pixels (the axis-aligned box; `angle` is reported apart), or
  /// nil when the crop is off, an edge is missing or out of 0...1, or the box is empty.
  public func rect(in stored: PixelSize) -> PixelRect? {
    guard hasCrop, stored.width > 0, stored.height > 0,
      let top, let left, let bottom, let right,
      [top, left, bottom, right].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }),
      left < right, top < bottom
    else { return nil }
    let x0 = Int((left * Double(stored.width)).rounded())
    let y0 = Int((top * Double(stored.height)).rounded())
    let x1 = Int((right * Double(stored.width)).rounded())
    let y1 = Int((bottom * Double(stored.height)).rounded())
    let rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    return rect.fits(in: stored) ? rect : nil
  }

  /// True when the crop is in effect and removes something (not the whole frame).
  public var isEffective: Bool {
    guard hasCrop else { return false }
    return (top ?? 0) > 0 || (left ?? 0) > 0 || (bottom ?? 1) < 1 || (right ?? 1) < 1 || angle != 0
  }
}
