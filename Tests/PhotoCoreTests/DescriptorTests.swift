import Foundation
import PhotoCore
import Pipeline
import Testing

/// The descriptor as a carrier (coordinates in any key or value are PA001 with carrier
/// `descriptor`, and make `gps_removed: true` false), and minimal descriptors (every claim that
/// is there is checked; missing claims are a PA008 warning).
@Suite struct DescriptorTests {
  static func parse(_ text: String) throws -> Descriptor { try Descriptor.parse(Array(text.utf8), path: "d.json") }

  static func output(gps: [GPSFix] = []) -> PhotoMetadata {
    var m = PhotoMetadata(path: "out.jpg", fileSize: 1000, format: .jpeg, stored: PixelSize(width: 300, height: 400),
                          displayed: PixelSize(width: 300, height: 400))
    m.gps = gps
    return m
  }

  static let xmpGPS = GPSFix(carrier: .xmp, latitude: 31.230416, longitude: 121.473701)

  // MARK: Coordinates in the descriptor

  @Test(arguments: [
    (#"{"location": {"lat": 31.230416, "lng": 121.473701}}"#, "location.lat/location.lng", 31.230416, 121.473701),
    (#"{"gps": {"latitude": "31.230416 N", "longitude": "121.473701 E"}}"#, "gps.latitude/gps.longitude", 31.230416, 121.473701),
    (#"{"meta": {"deep": [{"gpsLatitude": -33.8688, "gpsLongitude": 151.2093}]}}"#,
     "meta.deep[0].gpsLatitude/meta.deep[0].gpsLongitude", -33.8688, 151.2093),
    (#"{"latitudeE7": 312304160, "longitudeE7": 1214737010}"#, "latitudeE7/longitudeE7", 31.230416, 121.473701),
    (#"{"geometry": {"type": "Point", "coordinates": [121.473701, 31.230416]}}"#, "geometry.coordinates", 31.230416, 121.473701),
    (#"{"latlng": [31.230416, 121.473701]}"#, "latlng", 31.230416, 121.473701),
    (#"{"position": {"lat": 31.2304, "lon": 121.4737}}"#, "position.lat/position.lon", 31.2304, 121.4737),
    (#"{"note": "taken at 31.230416, 121.473701"}"#, "note", 31.230416, 121.473701),
    (#"{"tags": ["beach", "+31.2304+121.4737+012.500/"]}"#, "tags[1]", 31.2304, 121.4737),
    (#"{"31.230416,121.473701": true}"#, "31.230416,121.473701 (key)", 31.230416, 121.473701),
  ])
  func coordinatesAreFound(_ text: String, path: String, latitude: Double, longitude: Double) throws {
    let found = try Self.parse(text).coordinates
    try #require(found.count == 1, "\(text): \(found)")
    #expect(found[0].path == path)
    #expect(abs((found[0].latitude ?? .nan) - latitude) < 1e-9, "\(found[0])")
    #expect(abs((found[0].longitude ?? .nan) - longitude) < 1e-9, "\(found[0])")
  }

  @Test func aLoneLatitudeIsFoundWhenItsKeyIsUnambiguous() throws {
    #expect(try Self.parse(#"{"latitude": 31.230416}"#).coordinates.map(\.path) == ["latitude"])
    #expect(try Self.parse(#"{"gps": {"lat": 31.2304}}"#).coordinates.map(\.path) == ["gps.lat"])
    #expect(try Self.parse(#"{"lat": 31.2304}"#).coordinates.isEmpty, "a bare 'lat' with no location word")
  }

  @Test(arguments: [
    #"{"location": "https://maps.app.goo.gl/X7sLq2Vd3kPz"}"#,  // a URL
    #"{"location": "ChIJN1t_tDeuEmsRUsoyG83frY4"}"#,  // a place id
    #"{"location_id": 123456789, "place": {"id": "ChIJN1t_tDeuEmsRUsoyG83frY4"}}"#,
    #"{"gps": {"lat": 0, "lng": 0}}"#,  // the no-location placeholder
    #"{"long": 120, "short": 80}"#,  // side lengths
    #"{"focus": {"position": [120, 80]}, "point": [0.5, 0.5]}"#,  // pixels and ratios
    #"{"location": {"coordinates": [96, 64]}}"#,  // whole numbers: pixels, not degrees
    #"{"crop": {"x": 10, "y": 20, "width": 96, "height": 64}}"#,
    #"{"latitude": 123.4, "longitude": 500}"#,  // out of range
    #"{"gps_removed": true, "quality": "0.850, 0.900", "version": "1.2.3", "size": "1536, 2048"}"#,
  ])
  func notCoordinates(_ text: String) throws {
    let found = try Self.parse(text).coordinates
    #expect(found.isEmpty, "\(found)")
  }

  /// The SPEC's example descriptor carries none.
  @Test func theSPECExampleCarriesNoCoordinates() throws {
    let text = """
      { "media_id": "asset-uuid-2025010101", "source": "photo_picker", "media_type": "image",
        "format": "jpeg", "width": 1536, "height": 2048, "size_bytes": 245760,
        "created_at_local": "2025-01-01T10:20:30+08:00", "gps_removed": true,
        "quality": "high", "owner_context": "dialog_12345" }
      """
    let d = try Self.parse(text)
    #expect(d.coordinates.isEmpty)
    #expect(d.missing.isEmpty && d.invalid.isEmpty)
  }

  @Test func descriptorCoordinatesArePA001AndMakeATrueClaimFalse() throws {
    let d = try Self.parse(#"{"format": "jpeg", "width": 300, "height": 400, "gps_removed": true, "location": {"lat": 31.230416, "lng": 121.473701}}"#)
    let f = CheckRegistry.run(CheckSubject(output: Self.output(), descriptor: d))
    #expect(f.map(\.id) == [.gpsPresent, .gpsClaimFalse])
    #expect(f.map(\.carrier) == ["descriptor", "descriptor"])
    #expect(f.map(\.severity) == [.error, .error])
    #expect(f[0].tag == "location.lat/location.lng")
    #expect(f[0].revealed().evidence == "the descriptor carries coordinates: location.lat/location.lng: latitude 31.230416, longitude 121.473701 (numeric latitude/longitude keys)")
    #expect(f[1].evidence.hasPrefix("descriptor says gps_removed: true, but the descriptor itself carries coordinates"))
  }

  @Test func aFalseClaimWithCoordinatesInTheDescriptorIsNotUnderstated() throws {
    let d = try Self.parse(#"{"format": "jpeg", "width": 300, "height": 400, "gps_removed": false, "note": "31.230416, 121.473701"}"#)
    let f = CheckRegistry.run(CheckSubject(output: Self.output(), descriptor: d))
    #expect(f.map(\.id) == [.gpsPresent], "no PA012: the upload does carry coordinates")
  }

  @Test func fileAndDescriptorCoordinatesAreBothListed() throws {
    let d = try Self.parse(#"{"format": "jpeg", "width": 300, "height": 400, "gps_removed": true, "gps": [31.230416, 121.473701]}"#)
    let f = CheckRegistry.run(CheckSubject(output: Self.output(gps: [Self.xmpGPS]), descriptor: d))
    #expect(f.map(\.id) == [.gpsPresent, .gpsPresent, .gpsClaimFalse])
    #expect(f[2].evidence.hasPrefix("descriptor says gps_removed: true, but coordinates are in xmp, descriptor ("))
  }

  @Test func descriptorCoordinatesAreReportedWhenTheOutputCannotBeRead() throws {
    var output = Self.output()
    output.error = "JPEG ends early"
    let d = try Self.parse(#"{"gps_removed": true, "note": "+31.2304+121.4737/"}"#)
    let f = CheckRegistry.run(CheckSubject(output: output, descriptor: d))
    #expect(f.map(\.id) == [.unreadable, .gpsPresent])
    #expect(f[1].carrier == "descriptor")
  }

  /// Through the pair auditor: `gps_carriers` (and so `files_with_gps`) count the descriptor.
  @Test func gpsCarriersCountTheDescriptor() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-descriptor-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let descriptor = directory.appendingPathComponent("clean.json").path
    try Data(#"{"gps_removed": true, "geo": {"latitude": 31.230416, "longitude": 121.473701}}"#.utf8).write(to: URL(fileURLWithPath: descriptor))
    var options = AuditOptions()
    options.comparePixels = false
    let report = PairAuditor.audit(output: FixtureFiles.path("jpeg/clean.jpg"), original: nil, descriptor: descriptor, options: options).report
    #expect(report.gpsCarriers == ["descriptor"])
    #expect(report.findings.map(\.id) == [.gpsPresent, .gpsClaimFalse, .descriptorMismatch])
    let json = ReportJSON.document(AuditReport(command: "verify", files: [report])).serialized()
    #expect(json.contains("\"files_with_gps\": 1"), "\(json)")
  }

  // MARK: Minimal descriptors

  @Test func aMinimalDescriptorHasItsClaimChecked() throws {
    let d = try Self.parse(#"{"gps_removed": true}"#)
    #expect(d.missing == ["format", "width", "height"])
    let f = CheckRegistry.run(CheckSubject(output: Self.output(gps: [Self.xmpGPS]), descriptor: d))
    #expect(f.map(\.id) == [.gpsPresent, .gpsClaimFalse, .descriptorMismatch])
    #expect(f[2].severity == .warning)
    #expect(f[2].tag == "format, width, height")
    #expect(f[2].evidence == "descriptor d.json lacks format, width, height: those claims were not checked")
  }

  @Test func aMinimalDescriptorOfACleanFileIsOnlyTheWarning() throws {
    let f = CheckRegistry.run(CheckSubject(output: Self.output(), descriptor: try Self.parse(#"{"gps_removed": true, "width": 300, "height": 400}"#)))
    #expect(f.map(\.id) == [.descriptorMismatch])
    #expect(f[0].severity == .warning)
    #expect(f[0].evidence == "descriptor d.json lacks format: that claim was not checked")
  }

  @Test func nullIsMissing() throws {
    #expect(try Self.parse(#"{"format": null, "width": 1, "height": 1, "gps_removed": null}"#).missing == ["format", "gps_removed"])
  }

  @Test func aWronglyTypedFieldIsPA013AndTheOtherClaimsAreStillChecked() throws {
    let d = try Self.parse(#"{"width": "wide", "format": "jpeg", "height": 999, "gps_removed": "yes", "crop": {"x": 1}}"#)
    #expect(d.invalid == ["'width' must be a non-negative integer", "'gps_removed' must be true or false",
                          "'crop' must be {x, y, width, height} in whole pixels"])
    let f = CheckRegistry.run(CheckSubject(output: Self.output(gps: [Self.xmpGPS]), descriptor: d))
    #expect(f.map(\.id) == [.unreadable, .unreadable, .unreadable, .gpsPresent, .descriptorMismatch])
    #expect(f[0].evidence == "descriptor d.json: 'width' must be a non-negative integer; that claim was not checked")
    #expect(f[4].tag == "height", "the height claim is still checked")
    #expect(f[4].severity == .error)
  }
}
