import Bytes
/// Finds GPS in a flattened XMP packet.
///
/// Every position the packet holds is found by name (`XMPCoordinateNames`: any property whose
/// name says latitude or longitude, in any namespace) and paired within its structure instance
/// (`XMPPositions`): each `Iptc4xmpExt:LocationShown` point is a position of its own. The
/// photo's own position (`XMPContents.gps`) is the first of `sources` that has readable
/// coordinates, with its altitude and `exif:GPSDateTime`; every other position is reported apart
/// (`XMPContents.additionalGPS`), unless it repeats coordinates already reported. A coordinate
/// present but unreadable is still GPS (a fix with `unreadable` set); an empty value is none.
/// Zero is a value: 0, 0 is reported as coordinates, as a GPS IFD's 0, 0 is and as ExifTool
/// shows it (the evidence shows the zeros; a reviewer sees a receiver's placeholder at a glance).
enum XMPGPSComposer {
  /// One place XMP holds the photo's position: group and the flattened names of its fields.
  package struct Source: Sendable {
    package var group: String
    package var latitude: [String]
    package var longitude: [String]
    package var altitude: [String] = []
    var altitudeRef: String?
    /// How the finding names the tags when they are not a photo's own position.
    package var named: String?
  }

  /// The known places, in priority order for the photo's own position.
  static let sources: [Source] = [
    // [XMP Part 2 (EXIF schema) GPS properties]
    Source(group: "exif", latitude: ["GPSLatitude"], longitude: ["GPSLongitude"],
           altitude: ["GPSAltitude"], altitudeRef: "GPSAltitudeRef"),
    // [IPTC Photo Metadata Standard, Location structure: GPSLatitude/GPSLongitude/GPSAltitude]
    Source(group: "iptcExt", latitude: ["LocationCreatedGPSLatitude"], longitude: ["LocationCreatedGPSLongitude"],
           altitude: ["LocationCreatedGPSAltitude"], altitudeRef: "LocationCreatedGPSAltitudeRef"),
    Source(group: "iptcExt", latitude: ["LocationShownGPSLatitude"], longitude: ["LocationShownGPSLongitude"],
           altitude: ["LocationShownGPSAltitude"], altitudeRef: "LocationShownGPSAltitudeRef"),
    // DJI drones (ExifTool DJI.pm XMP: GpsLatitude, GpsLongitude and the misspelt GpsLongtitude;
    // Latitude and Longitude)
    Source(group: "drone-dji", latitude: ["GpsLatitude", "Latitude"], longitude: ["GpsLongitude", "GpsLongtitude", "Longitude"],
           altitude: ["AbsoluteAltitude"]),
    // Skydio drones (drone-skydio:Latitude/Longitude/AbsoluteAltitude, Skydio 2 and X2 files)
    Source(group: "drone-skydio", latitude: ["Latitude"], longitude: ["Longitude"], altitude: ["AbsoluteAltitude"]),
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

  /// Degrees within which two positions of one packet are the same place, reported once.
  static let samePlace = 1e-6

  /// The photo's position (or GPS tags without one) and every other position of the packet.
  static func compose(_ flat: XMPFlattener, carrier: CarrierKind, item: Int?,
                      warnings: inout [String]) -> (gps: GPSFix?, others: [GPSFix]) {
    let timeText = flat.first("exif", "GPSDateTime")
    let timestamp = timeText.flatMap { XMPValueParsing.utcTimestamp($0) }
    let positions = XMPPositions.pair(flat.coordinates)
    var read = positions.map { XMPPositions.read($0, warnings: &warnings) }
    // The photo's own position: the first source, in priority order, with readable coordinates.
    var primary: (index: Int, source: Source)?
    for source in sources where primary == nil {
      if let index = read.indices.first(where: { read[$0].hasCoordinates && positions[$0].matches(source) }) {
        primary = (index, source)
      }
    }
    var gps: GPSFix?
    if let (index, source) = primary {
      var fix = GPSFix(carrier: carrier, item: item, latitude: read[index].latitude, longitude: read[index].longitude,
                       altitude: altitude(flat, source, &warnings), timestamp: timestamp)
      fix.tag = source.named ?? (source.group == "exif" ? nil : positions[index].tag)
      fix.unreadable = read[index].unreadable.map(RedactableText.init(plain:))
      gps = fix
      read[index] = XMPPositions.Reading()
    } else {
      var fallbackAltitude: Double?
      for source in sources where fallbackAltitude == nil { fallbackAltitude = altitude(flat, source, &warnings) }
      if fallbackAltitude != nil || timestamp != nil || hasAnyGPSTag(flat) {
        gps = GPSFix(carrier: carrier, item: item, altitude: fallbackAltitude, timestamp: timestamp)
      }
    }
    var others: [GPSFix] = []
    for (position, reading) in zip(positions, read) where reading.hasCoordinates || reading.unreadable != nil {
      var fix = GPSFix(carrier: carrier, item: item, latitude: reading.latitude, longitude: reading.longitude)
      fix.unreadable = reading.unreadable.map(RedactableText.init(plain:))
      fix.tag = position.tag
      let reported = (gps.map { [$0] } ?? []) + others
      if reading.unreadable == nil, reported.contains(where: { samePlace($0, fix) }) { continue }
      others.append(fix)
    }
    return (gps, others)
  }

  /// The first readable altitude of `source`, signed by its reference.
  package static func altitude(_ flat: XMPFlattener, _ source: Source, _ warnings: inout [String]) -> Double? {
    for name in source.altitude {
      guard let text = flat.first(source.group, name) else { continue }
      guard var value = XMPValueParsing.rational(text) else {
        if !text.trimmingXMLSpace.isEmpty { warnings.append("XMP-\(source.group):\(name) '\(text)' could not be read as a GPS value.") }
        continue
      }
      if let ref = source.altitudeRef.flatMap({ flat.first(source.group, $0) }), ref.trimmingXMLSpace == "1" {
        value = -abs(value)  // [EXIF 2.32 4.6.6 GPSAltitudeRef: 1 = below sea level]
      }
      return value
    }
    return nil
  }

  /// True when both fixes have the same coordinates (within `samePlace`).
  static func samePlace(_ a: GPSFix, _ b: GPSFix) -> Bool {
    guard let aLat = a.latitude, let bLat = b.latitude, let aLon = a.longitude, let bLon = b.longitude else {
      return a.latitude == b.latitude && a.longitude == b.longitude && a.hasCoordinates
    }
    return abs(aLat - bLat) < samePlace && abs(aLon - bLon) < samePlace
  }

  /// True when exif:GPS* tags exist even though none gives a position or time.
  static func hasAnyGPSTag(_ flat: XMPFlattener) -> Bool {
    flat.tags.contains { $0.group == "exif" && $0.name.hasPrefix("GPS") && $0.name != "GPSVersionID" }
  }
}
