import Testing
@testable import PhotoCore

/// Positions in XMP beyond the EXIF schema: any property whose name says latitude or longitude,
/// in any namespace (`XMPCoordinateNames`), paired per structure instance (`XMPPositions`), each
/// `Iptc4xmpExt:LocationShown` point on its own; and the names that say GPS or latitude but are
/// no position.
struct XMPVendorGPSTests {
  static let namespaces = """
    xmlns:drone-skydio="https://www.skydio.com/drone-skydio/1.0/" xmlns:uav="http://example.com/ns/uav/1.0/" \
    xmlns:Camera="http://pix4d.com/camera/1.0/" xmlns:dwc="http://rs.tdwg.org/dwc/index.htm"
    """

  static func decode(attributes: String = "", body: String = "") throws -> XMPContents {
    try XMPDecoderTests.decode(attributes: namespaces + " " + attributes, body: body)
  }

  // MARK: - The naming rule

  static let coordinates: [(String, XMPCoordinateNames.Axis, String)] = [
    ("GPSLatitude", .latitude, "gps"), ("GPSLongitude", .longitude, "gps"),
    ("GpsLongtitude", .longitude, "gps"), ("Latitude", .latitude, ""), ("Longitude", .longitude, ""),
    ("LocationShownGPSLatitude", .latitude, "location shown gps"), ("DCDecimalLatitude", .latitude, "dc decimal"),
    ("HomeLat", .latitude, "home"), ("HomeLng", .longitude, "home"), ("TargetLon", .longitude, "target"),
    ("gps_latitude", .latitude, "gps"), ("gpslatitude", .latitude, ""), ("LAT", .latitude, ""),
    ("GeoLong", .weakLongitude, "geo"), ("LatLng", .pair, ""), ("GPSLatLong", .pair, "gps"),
    ("VehicleLatitudeDeg", .latitude, "vehicle deg"), ("Lat2", .latitude, "2"),
    // Names from ExifTool's tag tables (TagNames.pod) that hold coordinates.
    ("CornerLatitudePoint1", .latitude, "corner point 1"), ("FrameCenterLongitude", .longitude, "frame center"),
    ("FrameCenterLatitudeLongitude", .pair, "frame center"), ("MDItemLatitude", .latitude, "md item"),
    ("RatingRegionGPSLongitude", .longitude, "rating region gps"),
    // "long" is weak: a longitude only beside a latitude of the same stem (none for "exposure").
    ("LongExposure", .weakLongitude, "exposure"),
  ]

  @Test(arguments: coordinates)
  func namesThatHoldACoordinate(_ name: String, _ axis: XMPCoordinateNames.Axis, _ stem: String) {
    #expect(XMPCoordinateNames.classify(name) == XMPCoordinateNames.Coordinate(axis: axis, stem: stem))
  }

  static let notCoordinates = [
    "GPSVersionID", "GPSMapDatum", "GPSLatitudeRef", "GPSLongitudeRef", "GPSXYAccuracy", "GPSZAccuracy", "RtkStdLat",
    "RtkStdLon", "GpsStatus", "GPSDOP", "GPSAltitude", "LatestPeriodOrHighestSystem", "Platform", "PlatformYaw",
    "AuthorsPosition", "YCbCrPositioning", "Latency", "Longevity", "Salon", "Relative",
    "GPSHPositioningError", "DCCoordinateUncertaintyInMeters", "LatitudeAccuracy", "LongitudeSpeed", "",
    // Names from ExifTool's tag tables (TagNames.pod) that say "lat" or "lon" and hold no coordinate.
    "ISOSpeedLatitudeyyy", "ISOSpeedLatitudezzz", "LateralAcceleration", "LongitudinalAcceleration", "PlatformHeadingAngle",
    "TaxonNomenclaturalCode", "RelativeAltitude", "DeviceRelativePositionX", "GPSDestLatitudeRef",
  ]

  @Test(arguments: notCoordinates)
  func namesThatHoldNoCoordinate(_ name: String) {
    #expect(XMPCoordinateNames.classify(name) == nil)
  }

  /// Every known vendor property is found by the general rule (the table is documentation the
  /// rule is held to, not a second rule).
  @Test func everyKnownPropertyFollowsTheRule() {
    for (key, _) in XMPCoordinateNames.known {
      let name = String(key.split(separator: ":")[1])
      let axis = XMPCoordinateNames.classify(name)?.axis
      #expect(axis == .latitude || axis == .longitude, "\(key)")
    }
    for source in XMPGPSComposer.sources {
      for name in source.latitude { #expect(XMPCoordinateNames.classify(name)?.axis == .latitude, "\(name)") }
      for name in source.longitude { #expect(XMPCoordinateNames.classify(name)?.axis == .longitude, "\(name)") }
    }
  }

  // MARK: - Positions

  @Test func skydioPositionIsThePhotosPosition() throws {
    let c = try Self.decode(body: """
      <drone-skydio:Latitude>32.518935</drone-skydio:Latitude><drone-skydio:Longitude>-110.924547</drone-skydio:Longitude>
      <drone-skydio:AbsoluteAltitude>1034.441910</drone-skydio:AbsoluteAltitude>
      <drone-skydio:VehiclePositionNED rdf:parseType="Resource"><drone-skydio:X>-0.66</drone-skydio:X></drone-skydio:VehiclePositionNED>
      """)
    let gps = try #require(c.gps)
    #expect(gps.latitude == 32.518935 && gps.longitude == -110.924547 && gps.altitude == 1034.44191)
    #expect(gps.tag == "XMP-drone-skydio:Latitude/Longitude")
    #expect(c.additionalGPS.isEmpty)
  }

  @Test func anyNamespaceIsLocation() throws {
    let c = try Self.decode(attributes: #"uav:HomeLat="47.376887" uav:HomeLng="8.541694""#, body: """
      <uav:Target rdf:parseType="Resource"><uav:lat>47.366667</uav:lat><uav:lon>8.55</uav:lon></uav:Target>
      <uav:Route><rdf:Seq><rdf:li>47.1</rdf:li></rdf:Seq></uav:Route>
      """)
    #expect(c.gps == nil)
    #expect(c.additionalGPS.map(\.tag) == ["XMP-uav:HomeLat/HomeLng", "XMP-uav:TargetLat/TargetLon"])
    #expect(c.additionalGPS.map(\.latitude) == [47.376887, 47.366667])
    #expect(c.additionalGPS.map(\.longitude) == [8.541694, 8.55])
  }

  @Test func everyLocationShownPointIsAPositionOfItsOwn() throws {
    let c = try Self.decode(body: """
      <Iptc4xmpExt:LocationShown><rdf:Bag>
      <rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Lisbon</Iptc4xmpExt:City>
        <exif:GPSLatitude>38.6916</exif:GPSLatitude><exif:GPSLongitude>-9.216</exif:GPSLongitude></rdf:li>
      <rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Porto</Iptc4xmpExt:City></rdf:li>
      <rdf:li rdf:parseType="Resource"><exif:GPSLongitude>-7.9304</exif:GPSLongitude><exif:GPSLatitude>37.0194</exif:GPSLatitude></rdf:li>
      <rdf:li rdf:parseType="Resource"><exif:GPSLatitude>38.6916</exif:GPSLatitude><exif:GPSLongitude>-9.216</exif:GPSLongitude></rdf:li>
      </rdf:Bag></Iptc4xmpExt:LocationShown>
      """)
    // The first point is the photo's position (no EXIF GPS); the third another; the fourth
    // repeats the first and is reported once; the second has no coordinates.
    #expect(c.gps?.latitude == 38.6916 && c.gps?.longitude == -9.216)
    #expect(c.gps?.tag == "XMP-iptcExt:LocationShownGPSLatitude/LocationShownGPSLongitude")
    #expect(c.additionalGPS.map(\.tag) == ["XMP-iptcExt:LocationShownGPSLatitude/LocationShownGPSLongitude[2]"])
    #expect(c.additionalGPS.first?.latitude == 37.0194 && c.additionalGPS.first?.longitude == -7.9304)
  }

  @Test func exifGPSStaysThePhotosPositionAndOtherPlacesAreAdded() throws {
    let c = try Self.decode(attributes: #"exif:GPSLatitude="10,30N" exif:GPSLongitude="20,15E""#, body: """
      <Iptc4xmpExt:LocationCreated rdf:parseType="Resource"><exif:GPSLatitude>11.0</exif:GPSLatitude>
      <exif:GPSLongitude>21.0</exif:GPSLongitude></Iptc4xmpExt:LocationCreated>
      """)
    #expect(c.gps?.latitude == 10.5 && c.gps?.tag == nil)
    #expect(c.additionalGPS.map(\.tag) == ["XMP-iptcExt:LocationCreatedGPSLatitude/LocationCreatedGPSLongitude"])
  }

  @Test func aPairInOneValueAndAWeakLongitude() throws {
    let c = try Self.decode(attributes: #"uav:LatLng="47.3769,8.5417" uav:GeoLat="1.5" uav:GeoLong="2.5" uav:LongExposure="30.5""#)
    #expect(c.additionalGPS.map(\.tag) == ["XMP-uav:LatLng", "XMP-uav:GeoLat/GeoLong"])
    #expect(c.additionalGPS.map(\.latitude) == [47.3769, 1.5] && c.additionalGPS.map(\.longitude) == [8.5417, 2.5])
    // "long" alone is no longitude.
    let alone = try Self.decode(attributes: #"uav:LongExposure="30.5" uav:Long="12.5""#)
    #expect(alone.gps == nil && alone.additionalGPS.isEmpty)
  }

  @Test func zeroIsAValueEmptyAndWordsAreNone() throws {
    let zero = try Self.decode(attributes: #"drone-skydio:Latitude="0.000000" drone-skydio:Longitude="0.000000""#)
    #expect(zero.gps?.latitude == 0 && zero.gps?.longitude == 0 && zero.gps?.hasCoordinates == true)
    let empty = try Self.decode(attributes: #"uav:HomeLat="" uav:HomeLng=" " uav:TargetLat="N/A" uav:TargetLon="unknown""#)
    #expect(empty.gps == nil && empty.additionalGPS.isEmpty)
    #expect(empty.warnings.count == 2)  // "N/A" and "unknown" could not be read
  }

  @Test func digitsThatAreNotDegreesAreUnreadableGPS() throws {
    let c = try Self.decode(attributes: #"drone-skydio:Latitude="32.518935 (3D fix)" drone-skydio:Longitude="-110.924547""#)
    // The longitude reads; the latitude is present but no degrees: one position, both said.
    #expect(c.gps?.latitude == nil && c.gps?.longitude == -110.924547)
    #expect(c.gps?.unreadable == "XMP-drone-skydio:Latitude present but not degrees")
    let bad = try Self.decode(attributes: #"uav:HomeLat="91.5" uav:HomeLng="8,x""#)
    let fix = try #require(bad.additionalGPS.first)
    #expect(fix.unreadable == "XMP-uav:HomeLat and XMP-uav:HomeLng present but not degrees" && fix.locates)
    #expect(!fix.hasCoordinates && fix.tag == "XMP-uav:HomeLat/HomeLng")
    let exif = try XMPDecoderTests.decode(attributes: #"exif:GPSLatitude="31,13.8Q" exif:GPSLongitude="121,28.4E""#)
    #expect(exif.gps?.longitude == 121 + 28.4 / 60 && exif.gps?.latitude == nil)
    #expect(exif.gps?.unreadable == "XMP-exif:GPSLatitude present but not degrees")
  }

  @Test func namesThatSayGPSButHoldNoPositionAreNotGPS() throws {
    let c = try Self.decode(attributes: """
      Camera:GPSXYAccuracy="0.512" Camera:GPSZAccuracy="1.024" drone-dji:RtkStdLat="0.01234" drone-dji:RtkStdLon="0.01567" \
      drone-dji:GpsStatus="RTK" uav:GPSLatitudeRef="N" uav:PlatformYaw="12.5"
      """, body: """
      <dwc:GeologicalContext rdf:parseType="Resource"><dwc:latestPeriodOrHighestSystem>Neogene</dwc:latestPeriodOrHighestSystem></dwc:GeologicalContext>
      """)
    #expect(c.gps == nil && c.additionalGPS.isEmpty)
  }
}
