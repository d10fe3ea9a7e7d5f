import Testing
@testable import PhotoCore

/// GPS in XMP: every coordinate form, altitude, time, and every place XMP keeps coordinates.
struct XMPGPSTests {
  static let coordinates: [(String, Bool, Double?)] = [
    ("31,13.8250N", true, 31 + 13.825 / 60),
    ("31,13,49.5N", true, 31 + 13 / 60.0 + 49.5 / 3600),
    ("33,52.0S", true, -(33 + 52 / 60.0)),
    ("121,28.4221E", false, 121 + 28.4221 / 60),
    ("6,15.4939W", false, -(6 + 15.4939 / 60)),
    ("0,0.0N", true, 0),
    ("48.8887263", true, 48.8887263),
    ("-33.8688", true, -33.8688),
    ("+151.2093", false, 151.2093),
    ("-0,30W", false, -0.5),
    ("N 31 13.825", true, 31 + 13.825 / 60),
    ("91,0N", true, nil),
    ("181.0", false, nil),
    ("", true, nil),
    ("north", true, nil),
    ("1,2,3,4N", true, nil),
    ("12..5N", true, nil),
    ("5-3N", true, nil),
  ]

  @Test(arguments: coordinates)
  func coordinateForms(_ text: String, _ isLatitude: Bool, _ expected: Double?) {
    let got = XMPValueParsing.coordinate(text, isLatitude: isLatitude)
    if let expected {
      #expect(got.map { abs($0 - expected) < 1e-9 } == true, "\(text) → \(String(describing: got))")
    } else {
      #expect(got == nil, "\(text)")
    }
  }

  static let timestamps: [(String, String?)] = [
    ("2025-01-01T10:20:30+08:00", "2025-01-01T02:20:30Z"),
    ("2025-01-01T02:20:30Z", "2025-01-01T02:20:30Z"),
    ("2025-01-01T02:20:30.123Z", "2025-01-01T02:20:30Z"),
    ("2025-01-01T02:20Z", "2025-01-01T02:20:00Z"),
    ("2024-12-31T20:00:00-05:30", "2025-01-01T01:30:00Z"),
    ("2024-03-01T01:00:00+02:00", "2024-02-29T23:00:00Z"),
    ("2025:01:01 02:20:30", "2025-01-01T02:20:30Z"),
    ("2008-09-21T14:33:25", "2008-09-21T14:33:25Z"),
    ("14:58:24Z", nil),
    ("2025-01-01", nil),
    ("2025-13-01T00:00:00Z", nil),
    ("2025-01-01T00:00:00+99:00", nil),
    ("garbage", nil),
  ]

  @Test(arguments: timestamps)
  func gpsTimestampsBecomeUTC(_ text: String, _ expected: String?) {
    #expect(XMPValueParsing.utcTimestamp(text) == expected)
  }

  @Test(arguments: [("125/10", 12.5), ("358000/10000", 35.8), ("12.25", 12.25), ("1/0", nil), ("x", nil)] as [(String, Double?)])
  func rationals(_ text: String, _ expected: Double?) {
    #expect(XMPValueParsing.rational(text) == expected)
  }

  @Test func exifGPSInAttributesWithAltitudeAndTime() throws {
    let c = try XMPDecoderTests.decode(attributes: """
      exif:GPSLatitude="33,52.128S" exif:GPSLongitude="151,12.558E" exif:GPSAltitude="125/10" \
      exif:GPSAltitudeRef="1" exif:GPSTimeStamp="2025-01-01T10:20:30+08:00"
      """)
    let gps = try #require(c.gps)
    #expect(abs((gps.latitude ?? 0) - -33.8688) < 1e-9)
    #expect(abs((gps.longitude ?? 0) - 151.2093) < 1e-9)
    #expect(gps.altitude == -12.5)
    #expect(gps.timestamp == "2025-01-01T02:20:30Z")
    #expect(XMPDecoderTests.value(c, "XMP-exif", "GPSDateTime") == .text("2025-01-01T10:20:30+08:00"))
  }

  @Test func exifGPSInElementsWestNegative() throws {
    let c = try XMPDecoderTests.decode(body: """
      <exif:GPSLatitude>53,21.5679N</exif:GPSLatitude><exif:GPSLongitude>6,15.4939W</exif:GPSLongitude>
      <exif:GPSAltitudeRef>0</exif:GPSAltitudeRef><exif:GPSAltitude>358000/10000</exif:GPSAltitude>
      """)
    #expect(abs((c.gps?.latitude ?? 0) - 53.359465) < 1e-9)
    #expect(abs((c.gps?.longitude ?? 0) - -6.258231666666667) < 1e-9)
    #expect(c.gps?.altitude == 35.8)
    #expect(c.gps?.hasCoordinates == true)
  }

  @Test func iptcExtensionLocationCoordinates() throws {
    let c = try XMPDecoderTests.decode(body: """
      <Iptc4xmpExt:LocationShown><rdf:Bag><rdf:li rdf:parseType="Resource">
        <exif:GPSLatitude>48,51.4N</exif:GPSLatitude><exif:GPSLongitude>2,21.05E</exif:GPSLongitude>
        <Iptc4xmpExt:City>Paris</Iptc4xmpExt:City>
      </rdf:li></rdf:Bag></Iptc4xmpExt:LocationShown>
      """)
    #expect(abs((c.gps?.latitude ?? 0) - (48 + 51.4 / 60)) < 1e-9)
    #expect(abs((c.gps?.longitude ?? 0) - (2 + 21.05 / 60)) < 1e-9)
    #expect(c.locationText.map(\.name) == ["LocationShownCity"])
    #expect(XMPDecoderTests.value(c, "XMP-iptcExt", "LocationShownGPSLatitude") == .list([.text("48,51.4N")]))
  }

  @Test func locationCreatedBeatsLocationShown() throws {
    let c = try XMPDecoderTests.decode(body: """
      <Iptc4xmpExt:LocationShown Iptc4xmpExt:City="X" exif:GPSLatitude="1.0" exif:GPSLongitude="2.0"/>
      <Iptc4xmpExt:LocationCreated Iptc4xmpExt:City="Y" exif:GPSLatitude="3.0" exif:GPSLongitude="4.0"/>
      """)
    #expect(c.gps?.latitude == 3 && c.gps?.longitude == 4)
  }

  @Test func droneAndDepthMapAndDarwinCoreCoordinates() throws {
    let dji = try XMPDecoderTests.decode(attributes: #"drone-dji:GpsLatitude="+22.5431" drone-dji:GpsLongtitude="-113.9531" drone-dji:AbsoluteAltitude="+87.20""#)
    #expect(dji.gps?.latitude == 22.5431 && dji.gps?.longitude == -113.9531 && dji.gps?.altitude == 87.2)
    let depth = try XMPDecoder.decode(Array("""
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:Device="http://ns.google.com/photos/dd/1.0/device/"
        xmlns:EarthPose="http://ns.google.com/photos/dd/1.0/earthpose/">
      <Device:EarthPos rdf:parseType="Resource"><EarthPose:Latitude>37.4</EarthPose:Latitude>
      <EarthPose:Longitude>-122.1</EarthPose:Longitude></Device:EarthPos>
      </rdf:Description></rdf:RDF></x:xmpmeta>
      """.utf8))
    #expect(depth.gps?.latitude == 37.4 && depth.gps?.longitude == -122.1)
  }

  @Test func gpsWithoutCoordinatesIsStillReported() throws {
    let c = try XMPDecoderTests.decode(attributes: #"exif:GPSAltitude="10/1" exif:GPSVersionID="2.2.0.0""#)
    let gps = try #require(c.gps)
    #expect(!gps.hasCoordinates)
    #expect(gps.altitude == 10)
    let onlyVersion = try XMPDecoderTests.decode(attributes: #"exif:GPSVersionID="2.2.0.0""#)
    #expect(onlyVersion.gps == nil)
  }

  @Test func unreadableCoordinateIsAWarningNotAGuess() throws {
    let c = try XMPDecoderTests.decode(attributes: #"exif:GPSLatitude="somewhere" exif:GPSMapDatum="WGS-84""#)
    #expect(c.gps?.latitude == nil)
    #expect(c.gps != nil)
    #expect(c.warnings.contains { $0.contains("GPSLatitude") })
  }

  @Test func panoramaTagsAreNotCoordinates() throws {
    let c = try XMPDecoderTests.decode(attributes: #"GPano:ProjectionType="equirectangular" GPano:PoseHeadingDegrees="90""#)
    #expect(c.gps == nil)
    #expect(XMPDecoderTests.value(c, "XMP-GPano", "PoseHeadingDegrees") == .text("90"))
  }
}
