/// GPS data found in one carrier, as signed decimal degrees, metres and UTC time.
public struct GPSFix: Sendable, Equatable {
  public var carrier: CarrierKind
  /// HEIF item or MPF image it belongs to, nil for the primary image's own carrier.
  public var item: Int?
  /// Degrees, north positive.
  public var latitude: Double?
  /// Degrees, east positive.
  public var longitude: Double?
  /// Metres above sea level (negative below).
  public var altitude: Double?
  /// ISO 8601 UTC ("2025-01-01T02:20:30Z"), from GPSDateStamp + GPSTimeStamp.
  public var timestamp: String?

  public init(carrier: CarrierKind, item: Int? = nil, latitude: Double? = nil, longitude: Double? = nil,
              altitude: Double? = nil, timestamp: String? = nil) {
    self.carrier = carrier
    self.item = item
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.timestamp = timestamp
  }

  /// True when it locates the photo: a latitude or a longitude is present.
  public var hasCoordinates: Bool { latitude != nil || longitude != nil }
}
