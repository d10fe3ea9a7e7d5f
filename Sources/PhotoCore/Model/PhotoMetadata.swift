/// The orientation facts of a file, each as found, plus the one that applies to display.
public struct OrientationFacts: Sendable, Equatable {
  /// IFD0 Orientation raw value (may be invalid: 0 or 9+).
  public var exif: Int?
  /// False in HEIF, where irot/imir define display and the EXIF tag must be ignored, in JPEG XL
  /// (the codestream's orientation applies) and in movies (the track matrix applies).
  public var exifApplies: Bool
  /// HEIF `irot`, degrees counter-clockwise as in the file.
  public var irot: Int?
  /// HEIF `imir` value (0 flips top↔bottom, 1 flips left↔right, as libheif reads it).
  public var imir: Int?
  /// XMP `tiff:Orientation`.
  public var xmp: Int?
  /// IFD1 (thumbnail) Orientation; never applies to the main image.
  public var thumbnail: Int?
  /// MOV/MP4: the video track's display rotation from its `tkhd` matrix, degrees clockwise
  /// (ExifTool's `Rotation`: 90 = shown turned 90° clockwise).
  public var trackRotation: Int?
  /// MOV/MP4: the video track's matrix mirrors the frames.
  public var trackMirrored: Bool?
  /// JPEG XL: the codestream's orientation (1–8, EXIF numbering), which governs display; an
  /// `Exif` box's Orientation does not apply (libjxl `JxlBasicInfo.orientation`).
  public var codestream: Int?
  /// The transform from stored to displayed pixels actually applied by a correct reader.
  public var effective: Orientation

  public init(exif: Int? = nil, exifApplies: Bool = true, irot: Int? = nil, imir: Int? = nil,
              xmp: Int? = nil, thumbnail: Int? = nil, effective: Orientation = .up) {
    self.exif = exif
    self.exifApplies = exifApplies
    self.irot = irot
    self.imir = imir
    self.xmp = xmp
    self.thumbnail = thumbnail
    self.effective = effective
  }
}

/// A crop recorded in the file: HEIF `clap` or XMP `crs:` crop.
public struct CropInfo: Sendable, Equatable {
  /// Where a crop is read from; the raw value is what reports print.
  public enum Source: String, Sendable {
    /// HEIF `clap` (clean aperture): the decoder applies it.
    case clap
    /// XMP `crs:` (Camera Raw settings): an editor's crop the pixels do not show.
    case xmpCRS = "xmp-crs"
  }

  public var source: Source
  /// The crop rectangle in stored pixel coordinates (clap) or, for XMP, derived from the
  /// normalised crs:CropLeft/Top/Right/Bottom on the stored size.
  public var rect: PixelRect
  public init(source: Source, rect: PixelRect) {
    self.source = source
    self.rect = rect
  }
}

/// An image inside the file other than the primary: MPF secondary image, EXIF thumbnail, HEIF
/// thumbnail or auxiliary item. Its own metadata is summarised so leaks there are visible.
public struct EmbeddedImage: Sendable, Equatable {
  /// Which carrier holds it (`.mpfImage`, `.thumbnail`, `.auxiliaryImage`).
  public var kind: CarrierKind
  /// MPF index (1-based) or HEIF item ID.
  public var item: Int?
  /// Absolute offset and length of its bytes (for a HEIF item: its first extent).
  public var offset: Int
  public var length: Int
  /// What it is ("Large Thumbnail", "Disparity", "urn:...:gainmap", "JPEG thumbnail").
  public var role: String?
  /// Its format, when recognisable.
  public var format: ImageFormat?
  /// Its stored size, when known.
  public var size: PixelSize?
  /// Carriers found inside it (its own EXIF, XMP...).
  public var carrierKinds: [CarrierKind]
  /// Its place in the layout tree ("thumbnail", "mpf-image#2", "trailer#1", "mpf-image#2/thumbnail");
  /// the prefix of the carrier paths of what it carries.
  public var path: CarrierPath
  /// Its own EXIF Orientation (IFD0 of its EXIF), when it has one.
  public var orientation: Int?
  /// Its size as displayed through its own transformations, when it has its own (a HEIF image
  /// item's `clap`/`irot`/`imir`); nil when it is displayed like the primary image.
  public var displayed: PixelSize?

  public init(kind: CarrierKind, item: Int?, offset: Int, length: Int, role: String? = nil,
              format: ImageFormat? = nil, size: PixelSize? = nil, carrierKinds: [CarrierKind] = [],
              path: CarrierPath? = nil, orientation: Int? = nil, displayed: PixelSize? = nil) {
    self.kind = kind
    self.item = item
    self.offset = offset
    self.length = length
    self.role = role
    self.format = format
    self.size = size
    self.carrierKinds = carrierKinds
    self.path = path ?? CarrierPath(kind.rawValue, index: item)
    self.orientation = orientation
    self.displayed = displayed
  }
}

/// Everything photoaudit knows about one file's metadata: the normalized model every check
/// and report works from.
public struct PhotoMetadata: Sendable, Equatable {
  public var path: String
  public var fileSize: Int
  public var format: ImageFormat?
  /// Stored (coded) pixel size, before orientation and crop.
  public var stored: PixelSize?
  /// Size as displayed: after crop and orientation.
  public var displayed: PixelSize?
  public var orientation: OrientationFacts
  public var crop: CropInfo?
  /// Every carrier where coordinates were found.
  public var gps: [GPSFix]
  /// Carriers holding GPS tags but no coordinates (e.g. only GPSVersionID or altitude).
  public var gpsWithoutCoordinates: [GPSFix]
  public var carriers: [Carrier]
  public var tags: [MetadataTag]
  public var embeddedImages: [EmbeddedImage]
  /// ICC profile description ("Display P3"), when an ICC profile is present.
  public var iccDescription: String?
  /// Non-fatal problems found while reading.
  public var warnings: [String]
  /// Parts of the file that could not be checked (each one is a PA015 finding).
  public var incomplete: [IncompleteCheck] = []
  /// C2PA manifests, in every store of the file (signatures not validated).
  public var manifests: [ProvenanceManifest] = []
  /// Why the file could not be read, when it could not.
  public var error: String?
  /// A Motion Photo: what its XMP declares and where the video is (nil for other files).
  public var motionPhoto: MotionPhotoInfo?

  public init(path: String, fileSize: Int = 0, format: ImageFormat? = nil, stored: PixelSize? = nil,
              displayed: PixelSize? = nil, orientation: OrientationFacts = OrientationFacts(),
              crop: CropInfo? = nil, gps: [GPSFix] = [], gpsWithoutCoordinates: [GPSFix] = [],
              carriers: [Carrier] = [], tags: [MetadataTag] = [], embeddedImages: [EmbeddedImage] = [],
              iccDescription: String? = nil, warnings: [String] = [], error: String? = nil) {
    self.path = path
    self.fileSize = fileSize
    self.format = format
    self.stored = stored
    self.displayed = displayed
    self.orientation = orientation
    self.crop = crop
    self.gps = gps
    self.gpsWithoutCoordinates = gpsWithoutCoordinates
    self.carriers = carriers
    self.tags = tags
    self.embeddedImages = embeddedImages
    self.iccDescription = iccDescription
    self.warnings = warnings
    self.error = error
  }

  /// True when some carrier holds coordinates.
  public var hasGPS: Bool { !gps.isEmpty }

  /// The first tag named `name` (optionally in `group`) from the primary image.
  public func tag(_ name: String, group: String? = nil) -> MetadataTag? {
    tags.first { $0.name == name && $0.isPrimary && (group == nil || $0.group == group) }
  }

  /// True when a carrier of `kind` is present, in the file or an embedded document.
  public func has(_ kind: CarrierKind) -> Bool { carriers.contains { $0.kind == kind } }
}
