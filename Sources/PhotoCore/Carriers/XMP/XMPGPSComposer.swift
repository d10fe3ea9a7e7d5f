/// Finds GPS in a flattened XMP packet. Coordinates come from the first source that has any;
/// sources are data, in priority order. The time is always `exif:GPSTimeStamp`.
enum XMPGPSComposer {
  /// One place XMP can hold coordinates: group and the flattened names of its fields.
  struct Source: Sendable {
    var group: String
    var latitude: [String]
    var longitude: [String]
    var altitude: [String] = []
    var altitudeRef: String?
    /// How the finding names the tags when they are not a photo's own position.
    var named: String?
  }

  static let sources: [Source] = [
    // [XMP Part 2 (EXIF schema) GPS properties]
    Source(group: "exif", latitude: ["GPSLatitude"], longitude: ["GPSLongitude"],
           altitude: ["GPSAltitude"], altitudeRef: "GPSAltitudeRef"),
    // [IPTC Photo Metadata Standard, Location structure: GPSLatitude/GPSLongitude/GPSAltitude]
    Source(group: "iptcExt", latitude: ["LocationCreatedGPSLatitude"], longitude: ["LocationCreatedGPSLongitude"],
           altitude: ["LocationCreatedGPSAltitude"], altitudeRef: "LocationCreatedGPSAltitudeRef"),
    Source(group: "iptcExt", latitude: ["LocationShownGPSLatitude"], longitude: ["LocationShownGPSLongitude"],
           altitude: ["LocationShownGPSAltitude"], altitudeRef: "LocationShownGPSAltitudeRef"),
    // DJI drones (ExifTool DJI.pm XMP: GpsLatitude, GpsLongitude and the misspelt GpsLongtitude)
    Source(group: "drone-dji", latitude: ["GpsLatitude"], longitude: ["GpsLongitude", "GpsLongtitude"],
           altitude: ["AbsoluteAltitude"]),
    // Google dynamic depth: Device:EarthPos (EarthPose Latitude/Longitude/Altitude)
    Source(group: "Device", latitude: ["EarthPosLatitude"], longitude: ["EarthPosLongitude"],
           altitude: ["EarthPosAltitude"]),
    // Darwin Core (dwc:Location decimalLatitude/decimalLongitude)
    Source(group: "dwc", latitude: ["DCDecimalLatitude"], longitude: ["DCDecimalLongitude"]),
    // Last: the destination's position (the subject's, or where the camera pointed), which
    // locates the photo as well when nothing else does. [XMP Part 2, EXIF schema]
    Source(group: "exif", latitude: ["GPSDestLatitude"], longitude: ["GPSDestLongitude"],
           named: "XMP-exif:GPSDestLatitude/GPSDestLongitude"),
  ]

  static func compose(_ flat: XMPFlattener, carrier: CarrierKind, item: Int?, warnings: inout [String]) -> GPSFix? {
    let timeText = flat.first("exif", "GPSDateTime")
    let timestamp = timeText.flatMap { XMPValueParsing.utcTimestamp($0) }
    var fallbackAltitude: Double?
    for source in sources {
      let lat = read(flat, source.group, source.latitude, &warnings) { XMPValueParsing.coordinate($0, isLatitude: true) }
      let lon = read(flat, source.group, source.longitude, &warnings) { XMPValueParsing.coordinate($0, isLatitude: false) }
      var altitude = read(flat, source.group, source.altitude, &warnings) { XMPValueParsing.rational($0) }
      if let ref = source.altitudeRef.flatMap({ flat.first(source.group, $0) }), ref.trimmingXMLSpace == "1",
        let a = altitude {
        altitude = -abs(a)  // [EXIF 2.32 4.6.6 GPSAltitudeRef: 1 = below sea level]
      }
      if lat != nil || lon != nil {
        var fix = GPSFix(carrier: carrier, item: item, latitude: lat, longitude: lon, altitude: altitude,
                         timestamp: timestamp)
        fix.tag = source.named
        return fix
      }
      if fallbackAltitude == nil { fallbackAltitude = altitude }
    }
    guard fallbackAltitude != nil || timestamp != nil || hasAnyGPSTag(flat) else { return nil }
    return GPSFix(carrier: carrier, item: item, altitude: fallbackAltitude, timestamp: timestamp)
  }

  /// The first parsable value among `names`; an unparsable value is reported once.
  static func read(_ flat: XMPFlattener, _ group: String, _ names: [String], _ warnings: inout [String],
                   _ parse: (String) -> Double?) -> Double? {
    for name in names {
      guard let text = flat.first(group, name) else { continue }
      if let v = parse(text) { return v }
      if !text.trimmingXMLSpace.isEmpty {
        warnings.append("XMP-\(group):\(name) '\(text)' could not be read as a GPS value.")
      }
    }
    return nil
  }

  /// True when exif:GPS* tags exist even though none gives a position or time.
  static func hasAnyGPSTag(_ flat: XMPFlattener) -> Bool {
    flat.tags.contains { $0.group == "exif" && $0.name.hasPrefix("GPS") && $0.name != "GPSVersionID" }
  }
}
