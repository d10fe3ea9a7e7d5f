/// The GPS record (type 0x2B) of a FLIR FFF file, little-endian whatever the directory's order:
/// GPSValid (int32u at 0: 1 when the receiver had a fix), GPSVersionID (4 bytes at 4),
/// GPSLatitudeRef and GPSLongitudeRef (2-byte strings at 8 and 0x0A), GPSLatitude and
/// GPSLongitude (signed doubles at 0x10 and 0x18), GPSAltitude (float at 0x20); more fields
/// follow (DOP, speed, track, map datum) that hold no position. [ExifTool FLIR.pm
/// %FLIR::GPSInfo, "ref PH/JD/forum9615"]
///
/// What it means for the verdict (SPEC "Fail closed"):
/// - a valid record (GPSValid 1) holds the camera's position: coordinates, or, when they are
///   not degrees, a position present but unreadable (PA001 either way), even at 0, 0 (as a GPS
///   IFD's 0, 0 is, and as ExifTool shows it);
/// - GPSValid 0 (no fix; ExifTool shows no position) with both coordinates 0: GPS tags without
///   coordinates (PA001 at info); with any other coordinate a stale fix is still a place the
///   camera was: coordinates (PA001) — the record says invalid, the bytes say where;
/// - a record too short for the layout, or a GPSValid other than 0 and 1, is a record whose
///   layout we do not know (PA015), and any position it holds is reported as well.
public enum FLIRGPSRecord {
  /// Bytes up to the end of GPSLongitude: shorter records hold no position we know how to read.
  public static let minimumLength = 0x20
  /// Bytes up to the end of GPSAltitude.
  static let altitudeEnd = 0x24

  /// What one GPS record says.
  public struct Contents: Sendable, Equatable {
    /// GPSValid as written.
    public var valid: UInt32
    /// Degrees, north positive (GPSLatitudeRef "S" makes a positive value negative).
    public var latitude: Double?
    /// Degrees, east positive.
    public var longitude: Double?
    /// Metres, when the record is long enough and the value finite.
    public var altitude: Double?
    /// Set when a position is present but is not degrees (NaN, out of range).
    public var unreadable: String?
    /// Set when the record's layout is not the one documented (PA015 reason).
    public var unknownLayout: String?
    /// True when the record locates the camera (coordinates or an unreadable position).
    public var locates: Bool { latitude != nil || longitude != nil || unreadable != nil }
  }

  /// Decodes `record` (the record's bytes).
  public static func decode(_ record: [UInt8]) -> Contents {
    guard record.count >= minimumLength else {
      return Contents(valid: 0, unknownLayout: "the FLIR GPS record has \(record.count) bytes, fewer than the \(minimumLength) of the documented layout")
    }
    let valid = UInt32(record[0]) | UInt32(record[1]) << 8 | UInt32(record[2]) << 16 | UInt32(record[3]) << 24
    var contents = Contents(valid: valid)
    if valid > 1 { contents.unknownLayout = "the FLIR GPS record's GPSValid is \(valid) (documented: 0 or 1)" }
    var lat = double(record, 0x10), lon = double(record, 0x18)
    if ref(record, 0x08) == "S", lat > 0 { lat = -lat }
    if ref(record, 0x0A) == "W", lon > 0 { lon = -lon }
    let latOK = lat.isFinite && abs(lat) <= 90, lonOK = lon.isFinite && abs(lon) <= 180
    let zero = lat == 0 && lon == 0
    if valid == 0 && zero { return contents }
    if latOK && lonOK {
      contents.latitude = lat
      contents.longitude = lon
    } else if valid == 0 {
      // No fix, and bytes that are not a position: nothing located.
      return contents
    } else {
      contents.unreadable = "FLIR GPSLatitude/GPSLongitude hold no degrees (\(latOK ? "longitude" : "latitude") out of range or not a number)"
    }
    if record.count >= altitudeEnd {
      let bits = UInt32(record[0x20]) | UInt32(record[0x21]) << 8 | UInt32(record[0x22]) << 16 | UInt32(record[0x23]) << 24
      let altitude = Double(Float(bitPattern: bits))
      if altitude.isFinite { contents.altitude = altitude }
    }
    return contents
  }

  /// The little-endian double at `at` (callers checked the length).
  static func double(_ b: [UInt8], _ at: Int) -> Double {
    var bits: UInt64 = 0
    for i in (0..<8).reversed() { bits = bits << 8 | UInt64(b[at + i]) }
    return Double(bitPattern: bits)
  }

  /// The first byte of a 2-byte reference string, as text ("N", "S", "E", "W"), or nil.
  static func ref(_ b: [UInt8], _ at: Int) -> String? {
    let c = b[at]
    return c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : nil
  }
}
