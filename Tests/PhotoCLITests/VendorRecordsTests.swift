import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Vendor records through the command line, on `Fixtures/vendor/` (made by
/// `Fixtures/gen/vendor-records.sh` with exiftool, ImageMagick and python3, which checks each
/// file with exiftool): the issue's three files — a FLIR JPEG and a Skydio JPEG after
/// `exiftool -gps:all=`, whose vendor records keep the position — then what a FLIR record can be
/// (no fix, a stale fix, a layout we do not know, a record outside the data, a missing chunk,
/// no GPS record), positions in any XMP namespace, every LocationShown point, names that are
/// no position, zero, unreadable values, and a C2PA manifest that names a place in words.
@Suite struct VendorRecordsTests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/vendor").path

  static func verify(_ name: String) -> (status: Int32, rows: [String]) { CLITests.verifyRows(folder, name) }

  /// exiftool shows FLIR:GPSLatitude 59.3293 and FLIR:GPSLongitude 18.0686 and no GPS IFD.
  @Test func flirAfterExifToolRemovedTheEXIFGPS() {
    let r = Self.verify("flir-gps-removed.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [#",PA001,gps-present,error,flir,FLIR:GPSLatitude/GPSLongitude,"flir: latitude 59.329300, longitude 18.068600, altitude 20.5 m""#])
  }

  /// exiftool shows XMP-drone-skydio:Latitude 32.518935 and Longitude -110.924547, no GPS IFD.
  @Test func skydioXMPAfterExifToolRemovedTheEXIFGPS() {
    let r = Self.verify("skydio-gps-removed.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [#",PA001,gps-present,error,xmp,XMP-drone-skydio:Latitude/Longitude,"xmp: latitude 32.518935, longitude -110.924547, altitude 1034.4 m""#])
  }

  /// GPSValid 0 with zeros: the record is there, no position (info, exit 0). GPSValid 0 with a
  /// position ExifTool does not show: a stale fix is still a place the camera was (error).
  @Test func flirNoFixAndStaleFix() {
    let none = Self.verify("flir-no-fix.jpg")
    #expect(none.status == 0)
    #expect(none.rows == [",PA001,gps-present,info,flir,GPS,GPS tags without coordinates"])
    let stale = Self.verify("flir-stale-fix.jpg")
    #expect(stale.status == 1)
    #expect(stale.rows == [#",PA001,gps-present,error,flir,FLIR:GPSLatitude/GPSLongitude (GPSValid 0),"flir: latitude -33.448900, longitude -70.669300, altitude 520 m""#])
  }

  /// A vendor GPS record we cannot read is PA015, never silence: too short for the layout,
  /// outside the data (ExifTool: "Invalid FLIR record"), or a chunk missing.
  @Test func flirRecordsWeCannotReadAreIncomplete() {
    let short = Self.verify("flir-gps-short.jpg")
    #expect(short.status == 1)
    #expect(short.rows == [
      ",PA001,gps-present,info,flir,GPS,GPS tags without coordinates",
      #",PA015,incomplete-check,error,flir,,"flir not fully checked: FLIR APP1 at byte 29: the FLIR GPS record has 16 bytes, fewer than the 32 of the documented layout; the GPS record was not fully read""#,
    ])
    let outside = Self.verify("flir-gps-outside.jpg")
    #expect(outside.status == 1)
    #expect(outside.rows == [",PA015,incomplete-check,error,flir,,flir not fully checked: FLIR APP1 at byte 29: the GPS record (104 bytes at offset 2147418112) lies outside the 136 bytes of FFF data; the position it may hold was not read"])
    let missing = Self.verify("flir-missing-chunk.jpg")
    #expect(missing.status == 1)
    #expect(missing.rows == [",PA015,incomplete-check,error,flir,,flir not fully checked: FLIR APP1 at byte 29: FLIR APP1 chunk(s) 2 of 4 are missing; no FFF record was read"])
  }

  @Test func flirWithoutAGPSRecordIsClean() {
    let r = Self.verify("flir-no-gps.jpg")
    #expect(r.status == 0)
    #expect(r.rows.isEmpty)
  }

  @Test func positionsInANamespaceNobodyDocuments() {
    let r = Self.verify("xmp-any-namespace.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,xmp,XMP-uav:HomeLat/HomeLng,"xmp: latitude 47.376887, longitude 8.541694""#,
      #",PA001,gps-present,error,xmp,XMP-uav:TargetLat/TargetLon,"xmp: latitude 47.366667, longitude 8.550000""#,
    ])
  }

  /// exiftool wrote three LocationShown structures: three findings, and the cities as text.
  @Test func oneFindingPerLocationShownPoint() {
    let r = Self.verify("xmp-location-shown.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [
      #",PA001,gps-present,error,xmp,XMP-iptcExt:LocationShownGPSLatitude/LocationShownGPSLongitude,"xmp: latitude 38.691600, longitude -9.216000""#,
      #",PA001,gps-present,error,xmp,XMP-iptcExt:LocationShownGPSLatitude/LocationShownGPSLongitude[2],"xmp: latitude 41.140000, longitude -8.611000""#,
      #",PA001,gps-present,error,xmp,XMP-iptcExt:LocationShownGPSLatitude/LocationShownGPSLongitude[3],"xmp: latitude 37.019400, longitude -7.930400""#,
      ",PA006,location-text,warning,xmp,XMP-iptcExt:LocationShownCity,XMP-iptcExt:LocationShownCity = Lisbon Porto Faro",
    ])
  }

  /// Pix4D accuracies, DJI's RTK standard deviations and status, "GPSLatitudeRef", a Darwin Core
  /// period, a long exposure: names that say GPS or latitude, none a position.
  @Test func namesThatAreNoPositionGiveNoFinding() {
    let r = Self.verify("xmp-not-coordinates.jpg")
    #expect(r.status == 0)
    #expect(r.rows.isEmpty)
  }

  /// Zero is a value (0, 0 reported as coordinates, as ExifTool shows them); "" and "N/A" are none.
  @Test func zeroIsReportedEmptyIsNot() {
    let r = Self.verify("xmp-zero-and-empty.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [#",PA001,gps-present,error,xmp,XMP-drone-skydio:Latitude/Longitude,"xmp: latitude 0.000000, longitude 0.000000""#])
  }

  /// A coordinate with digits that is not degrees is present but unreadable: still GPS.
  @Test func unreadableCoordinatesAreStillGPS() {
    let r = Self.verify("xmp-unreadable.jpg")
    #expect(r.status == 1)
    #expect(r.rows == [",PA001,gps-present,error,xmp,XMP-drone-skydio:Latitude/Longitude,xmp: XMP-drone-skydio:Latitude and XMP-drone-skydio:Longitude present but not degrees"])
  }

  /// `cai.location.broad` and a schema.org contentLocation without coordinates: PA006 for each
  /// place field (its `@type` "Place" is not one), the manifest at info, exit 0.
  @Test func c2paLocationWithoutCoordinatesIsLocationText() {
    let r = Self.verify("c2pa-location-broad.jpg")
    #expect(r.status == 0)
    #expect(r.rows == [
      #",PA006,location-text,warning,c2pa/c2pa-assertion,C2PA:cai.location.broad:Location,"C2PA:cai.location.broad:Location = Lisbon, Portugal""#,
      ",PA006,location-text,warning,c2pa/c2pa-assertion,C2PA:stds.schema-org.CreativeWork:ContentLocationName,C2PA:stds.schema-org.CreativeWork:ContentLocationName = Belem Tower",
      #",PA006,location-text,warning,c2pa/c2pa-assertion,C2PA:stds.schema-org.CreativeWork:ContentLocationAddress,"C2PA:stds.schema-org.CreativeWork:ContentLocationAddress = Lisbon, Portugal""#,
      #",PA018,provenance-manifest,info,c2pa,urn:uuid:00000000-0000-4000-8000-000000000025,"C2PA manifest store: manifest 'urn:uuid:00000000-0000-4000-8000-000000000025' by photoaudit-fixtures/1.0 (3 assertions: cai.location.broad, stds.schema-org.CreativeWork, c2pa.hash.data; signed); the signature was not validated (photoaudit does not verify C2PA signatures)""#,
    ])
  }

  /// Every fixture of the folder is covered by a test above.
  @Test func everyFixtureIsCovered() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
    #expect(names == [
      "c2pa-location-broad.jpg", "flir-gps-outside.jpg", "flir-gps-removed.jpg", "flir-gps-short.jpg",
      "flir-missing-chunk.jpg", "flir-no-fix.jpg", "flir-no-gps.jpg", "flir-stale-fix.jpg", "skydio-gps-removed.jpg",
      "xmp-any-namespace.jpg", "xmp-location-shown.jpg", "xmp-not-coordinates.jpg", "xmp-unreadable.jpg",
      "xmp-zero-and-empty.jpg",
    ])
  }
}
