import Bytes
/// GPS data found in one carrier, as signed decimal degrees, metres and UTC time.
public struct GPSFix: Sendable, Equatable {
  /// The kind of carrier that holds it (the last step of `path`).
  public var carrier: CarrierKind
  /// HEIF item or MPF image it belongs to, nil for the primary image's own carrier.
  public var item: Int?
  /// Where it is: "exif", "thumbnail/exif", "trailer#1/exif", "mpf-image#2/xmp", "raw-bytes".
  public var path: CarrierPath
  /// Degrees, north positive.
  public var latitude: Double?
  /// Degrees, east positive.
  public var longitude: Double?
  /// Metres above sea level (negative below).
  public var altitude: Double?
  /// ISO 8601 UTC ("2025-01-01T02:20:30Z"), from GPSDateStamp + GPSTimeStamp.
  public var timestamp: String?
  /// The file offset of the evidence, when known (the carrier, or the bytes the sweep matched).
  public var offset: Int?
  /// Set when a GPS position is present but its value cannot be read ("GPSLatitude has 12
  /// bytes of data past the end of the block"): still GPS. [SPEC "Fail closed"] Values it quotes
  /// (an out-of-range number, a GeoTIFF origin) are secret: reports print it redacted.
  public var unreadable: RedactableText?
  /// Set for a hit of the fail-closed sweep: what it matched ("a TIFF GPS IFD", "XMP property
  /// exif:GPSLatitude", "ISO 6709 string +31.2304+121.4737/"); the text it matched is secret.
  public var signature: RedactableText?
  /// The tag that holds the coordinates when it is not the photo's own GPSLatitude and
  /// GPSLongitude: a tag whose text holds them (`TextTagSweep`, "IFD0:ImageDescription"), or
  /// the destination's position ("GPSDestLatitude/GPSDestLongitude").
  public var tag: String?
  /// The sidecar file the fix was read from (`IMG_0001.xmp`, `IMG_0001.jpg.json`), when it is not
  /// the file itself: reports name it with the carrier `sidecar`.
  public var sidecar: String?

  public init(carrier: CarrierKind, item: Int? = nil, latitude: Double? = nil, longitude: Double? = nil,
              altitude: Double? = nil, timestamp: String? = nil, path: CarrierPath? = nil) {
    self.carrier = carrier
    self.item = item
    self.path = path ?? CarrierPath(carrier.rawValue, index: item)
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.timestamp = timestamp
  }

  /// True when it locates the photo: a latitude or a longitude is present.
  public var hasCoordinates: Bool { latitude != nil || longitude != nil }

  /// True when it counts as GPS for the file (PA001 error): coordinates, a position present but
  /// unreadable, or a sweep hit. GPS tags without any of these (a version number, an altitude
  /// alone) do not.
  public var locates: Bool { hasCoordinates || unreadable != nil || signature != nil }

  /// The same fix inside the embedded document `document` ("thumbnail" + "exif" →
  /// "thumbnail/exif"), with file offsets unchanged.
  public func inDocument(_ document: CarrierPath) -> GPSFix {
    var moved = self
    moved.path = document.appending(path)
    return moved
  }
}
