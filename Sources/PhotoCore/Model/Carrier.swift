/// The kinds of place where metadata (or hidden data) can live in a file.
public enum CarrierKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// TIFF/EXIF block (JPEG APP1 "Exif\0\0", HEIF `Exif` item, PNG `eXIf`, raw profile).
  case exif
  /// XMP packet (JPEG APP1, HEIF `mime` item, PNG iTXt); Extended XMP is reassembled into it.
  case xmp
  /// One chunk of Extended XMP (JPEG APP1 "http://ns.adobe.com/xmp/extension/").
  case xmpExtended = "xmp-extended"
  /// IPTC-IIM (Photoshop APP13 8BIM 0x0404, PNG raw profile iptc).
  case iptc
  /// Photoshop APP13 image resources other than IPTC.
  case photoshop
  /// ICC colour profile (JPEG APP2 chunks, HEIF `colr`, PNG `iCCP`).
  case icc
  /// MPF index (JPEG APP2 "MPF\0", CIPA DC-007).
  case mpf
  /// A secondary image indexed by MPF (its own JPEG, after the primary's EOI).
  case mpfImage = "mpf-image"
  /// Vendor MakerNote block inside EXIF.
  case makernote
  /// Embedded thumbnail (EXIF IFD1 JPEG, HEIF `thmb` item).
  case thumbnail
  /// JFIF / JFXX APP0.
  case jfif
  /// Adobe APP14.
  case adobe
  /// JPEG COM segment, PNG tEXt/zTXt/iTXt that is not XMP or a raw profile.
  case comment
  /// An APPn (or box, or chunk) of a kind we do not interpret.
  case unknown
  /// Bytes after the end of the image (JPEG EOI, PNG IEND, last ISOBMFF box).
  case trailer
  /// A HEIF auxiliary image (depth, alpha, gain map) or other non-primary image item.
  case auxiliaryImage = "auxiliary-image"
  /// Bytes no decoder interprets where the fail-closed sweep found a GPS signature.
  case rawBytes = "raw-bytes"
  /// A Motion Photo's video (an MP4 after a JPEG's end of image or in a HEIF `mpvd` box).
  case motionPhotoVideo = "motion-photo"
  /// The JSON descriptor sent with an output (not a part of the file).
  case descriptor
  /// QuickTime/MP4 user data (`udta`): `©xyz` ISO 6709 location, 3GPP `loci`, `©mak`, `©mod`…
  case userData = "udta"
  /// QuickTime metadata (`meta` with `mdta` `keys` and `ilst`): `com.apple.quicktime.*` keys.
  case keys
  /// An iTunes-style item list (`meta`/`ilst` without `keys`): `©xyz`, `©day`, `©too`…
  case itemList = "ilst"
  /// A C2PA manifest store in JUMBF (JPEG APP11 segments joined, PNG `caBX`, the ISOBMFF C2PA
  /// `uuid` box, the WebP `C2PA` chunk).
  case c2pa
  /// The JSON or CBOR content of one C2PA assertion (`stds.exif`, `c2pa.actions`…).
  case c2paAssertion = "c2pa-assertion"
  /// The CBOR claim of one C2PA manifest (claim generator, the assertions it signs).
  case c2paClaim = "c2pa-claim"
  /// A C2PA claim or ingredient thumbnail: an image embedded in a manifest.
  case c2paThumbnail = "c2pa-thumbnail"
  /// FLIR thermal-camera data (JPEG APP1 "FLIR\0" segments joined: an FFF record directory with
  /// camera, palette, image and GPS records).
  case flir
  /// GoPro GPMF telemetry: the samples of a `gpmd` track (`track#N/gpmf`).
  case gpmf
  /// Google Camera Motion Metadata: the samples of a `camm` track.
  case camm
  /// Apple timed metadata: the samples of a `mebx` track, read through its keys.
  case mebx
  /// DJI telemetry: the protobuf samples of a `djmd` track.
  case djmd
  /// A text or subtitle track (`tx3g`, QuickTime `text`): its text.
  case timedText = "text"
  /// A timecode track (`tmcd`): frame numbers.
  case timecode = "tmcd"
  /// A dashcam's Novatek GPS records (`freeGPS ` blocks, listed by `moov/gps `).
  case freeGPS = "freegps"
  /// The samples of a track of data in a format photoaudit does not decode (PA015).
  case timedData = "timed-data"
  /// A GeoTIFF georeference (ModelTiepoint, ModelTransformation, GeoKeys): where a raster lies
  /// on Earth, a location like GPS. [GeoTIFF 1.1]
  case geotiff
  /// A sidecar file of a photo (an XMP packet, a Google Takeout JSON): read as a metadata file of
  /// its own, what it carries counts for its photo.
  case sidecar
}

/// One metadata carrier located in a file: where it is and its payload bytes.
///
/// Walkers produce carriers; they never interpret EXIF or XMP themselves. For EXIF the payload
/// starts at the TIFF header ("II*\0" / "MM\0*"), with any "Exif\0\0" or HEIF offset removed.
public struct Carrier: Sendable, Equatable {
  public var kind: CarrierKind
  /// Absolute file offset of the payload.
  public var offset: Int
  /// Length of the payload in the file.
  public var length: Int
  /// HEIF item ID, MPF image index (1-based, 1 = primary) or PNG chunk index, when relevant.
  public var item: Int?
  /// Where it was found ("APP1", "zTXt 'Raw profile type exif'", "item 3 Exif").
  public var note: String?
  /// The payload, decoded from its wrapping (hex text decoded, zlib inflated, chunks joined).
  public var payload: [UInt8]
  /// HEIF: the items this metadata item describes (`cdsc` references).
  public var describedItems: [Int] = []
  /// The embedded document the carrier is in (`.root` for the file itself): "thumbnail",
  /// "mpf-image#2", "trailer#1".
  public var document: CarrierPath = .root
  /// Where the payload lies in its document's source, when it is those bytes unchanged
  /// (not inflated, hex-decoded or joined from pieces): embedded documents inside it are then
  /// read in place.
  public var sourceRange: Range<Int>?
  /// An EXIF block's own TIFF walk, when the layout walk made it (read once, used by the decoder).
  var tiff: TIFFStructure?
  /// What a `.comment` carrier is (the tag its text becomes); nil for other kinds.
  public var comment: CommentOrigin?

  public init(kind: CarrierKind, offset: Int, length: Int, item: Int? = nil, note: String? = nil, payload: [UInt8] = [],
              sourceRange: Range<Int>? = nil) {
    self.kind = kind
    self.offset = offset
    self.length = length
    self.item = item
    self.note = note
    self.payload = payload
    self.sourceRange = sourceRange
  }

  /// The carrier path: its document, then its kind and item ("mpf-image#2/exif", "exif#5").
  public var path: CarrierPath { document.appending(kind.rawValue, index: item) }
}

/// A HEIF transformative property of the primary item, in `ipma` order. [ISO/IEC 23008-12 6.5]
public enum HEIFTransform: Sendable, Equatable {
  /// `irot`: rotation by `quarterTurns` × 90° counter-clockwise.
  case rotation(counterClockwiseQuarterTurns: Int)
  /// `imir`: 0 flips top↔bottom, 1 flips left↔right (libheif 1.15; see `HEIFDisplayGeometry`).
  case mirror(axis: Int)
  /// `clap`: clean aperture.
  case cleanAperture(CleanAperture)
}

/// A `clap` box: width, height and centre offsets as fractions. [ISO 14496-12 12.1.4]
public struct CleanAperture: Sendable, Equatable {
  public var widthN: Int64, widthD: Int64
  public var heightN: Int64, heightD: Int64
  public var horizOffN: Int64, horizOffD: Int64
  public var vertOffN: Int64, vertOffD: Int64
  public init(widthN: Int64, widthD: Int64, heightN: Int64, heightD: Int64,
              horizOffN: Int64, horizOffD: Int64, vertOffN: Int64, vertOffD: Int64) {
    self.widthN = widthN; self.widthD = widthD; self.heightN = heightN; self.heightD = heightD
    self.horizOffN = horizOffN; self.horizOffD = horizOffD; self.vertOffN = vertOffN; self.vertOffD = vertOffD
  }
}

/// What a container walker found: format, stored size, carriers and structural facts.
public struct ContainerScan: Sendable {
  /// The image format; nil for documents that are not images (a TIFF block, an ICC profile).
  public var format: ImageFormat?
  /// Size of the stored (coded) pixels before any orientation or crop.
  public var storedSize: PixelSize?
  /// Every carrier located, in file order.
  public var carriers: [Carrier]
  /// HEIF only: the primary item's transformative properties in `ipma` order.
  public var transforms: [HEIFTransform]
  /// HEIF: the primary item's ID (`pitm`).
  public var primaryItemID: Int?
  /// Facts about the structure itself (SOF fields, HEIF item list, PNG IHDR fields).
  public var structureTags: [MetadataTag]
  /// Images other than the primary (MPF secondary images, thumbnails, HEIF auxiliary items).
  public var embeddedImages: [EmbeddedImage]
  /// Problems that did not stop the walk (bad CRC, truncated tail, unknown box...).
  public var warnings: [String]
  /// HEIF: the walked structure, handed on to the byte mapper so a file is walked once.
  public var heif: HEIFFile?
  /// MOV/MP4 (and any ISOBMFF with a `moov`): the tracks, for the stored size and orientation.
  public var movie: MovieInfo?
  /// HEIF Motion Photo: the payload of the `mpvd` box, an MP4 read as the child "motion-photo".
  public var motionPhotoVideo: Range<Int>?
  /// A Motion Photo: what its XMP declares, where the video was found, what disagrees.
  public var motionPhoto: MotionPhotoInfo?
  /// JUMBF: the C2PA manifests the walk located, for the model and the embedded-file finder.
  public var c2pa: C2PAStoreLayout?
  /// JPEG XL: the codestream's orientation (1–8, EXIF numbering), which governs display.
  public var codestreamOrientation: Int?
  /// JPEG XL: the JPEG segments its `jbrd` box kept, for the finder ("jpeg-reconstruction").
  public var jpegReconstruction: JPEGReconstruction?
  /// MOV/MP4: the tracks whose samples are data (timed metadata, text, timecode) and a Novatek
  /// GPS list, located for the telemetry decoders (`Carriers/Telemetry`).
  public var timedTracks: [TimedTrack] = []
  /// A TIFF file (TIFF, DNG, a raw): every IFD the walk read, for the model, the embedded-image
  /// finder and the pixel decoder.
  var tiffFile: TIFFFileLayout?

  public init(format: ImageFormat?, storedSize: PixelSize? = nil, carriers: [Carrier] = [],
              transforms: [HEIFTransform] = [], structureTags: [MetadataTag] = [],
              embeddedImages: [EmbeddedImage] = [], warnings: [String] = []) {
    self.format = format
    self.storedSize = storedSize
    self.carriers = carriers
    self.transforms = transforms
    self.structureTags = structureTags
    self.embeddedImages = embeddedImages
    self.warnings = warnings
  }
}

/// Where a comment carrier's text comes from, which names the tag it becomes (as ExifTool names
/// it): a JPEG COM segment and a GIF comment extension are `File:Comment`, a PNG text chunk is
/// `PNG:<keyword>`.
public enum CommentOrigin: Sendable, Equatable {
  /// A JPEG COM segment.
  case jpegSegment
  /// A GIF comment or plain-text extension.
  case gifExtension
  /// A PNG tEXt, zTXt or iTXt chunk and its keyword; nil when the chunk could not be read.
  case pngText(keyword: String?)

  /// The tag group ("File", "PNG").
  public var group: String {
    switch self {
    case .jpegSegment, .gifExtension: "File"
    case .pngText: "PNG"
    }
  }

  /// The tag name: "Comment", or a PNG chunk's keyword.
  public var name: String {
    switch self {
    case .jpegSegment, .gifExtension, .pngText(keyword: nil): "Comment"
    case .pngText(keyword: let keyword?): keyword
    }
  }
}
