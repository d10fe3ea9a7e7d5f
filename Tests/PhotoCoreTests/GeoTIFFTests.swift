import Foundation
import Testing

@testable import PhotoCore

/// GeoTIFF georeferences as locations (`GeoTIFFLocation`): which CRSs are converted to degrees
/// and how well (`TransverseMercator` against GeographicLib's published example), and that any
/// other georeference is still a location ("present, not converted"), never nothing.
@Suite struct GeoTIFFTests {
  /// GeographicLib's GeoConvert documentation: 33.3 44.4 is UTM 38n 444140.54 3684706.36.
  @Test func utmInverseMatchesGeographicLib() throws {
    let zone = try #require(TransverseMercator.utmZone(epsg: 32638))
    let (lat, lon) = try #require(zone.toGeographic(easting: 444140.54, northing: 3684706.36))
    #expect(abs(lat - 33.3) < 1e-6 && abs(lon - 44.4) < 1e-6, "\(lat), \(lon)")
  }

  /// The false origins: the equator on a zone's central meridian, north and south.
  @Test(arguments: [(32633, 500_000.0, 0.0, 0.0, 15.0), (32733, 500_000.0, 10_000_000.0, 0.0, 15.0),
                    (26911, 500_000.0, 0.0, 0.0, -117.0), (25832, 500_000.0, 0.0, 0.0, 9.0), (26711, 500_000.0, 0.0, 0.0, -117.0)])
  func falseOrigins(epsg: Int, easting: Double, northing: Double, latitude: Double, longitude: Double) throws {
    let zone = try #require(TransverseMercator.utmZone(epsg: epsg))
    let (lat, lon) = try #require(zone.toGeographic(easting: easting, northing: northing))
    #expect(abs(lat - latitude) < 1e-9 && abs(lon - longitude) < 1e-9)
  }

  @Test func zonesByCode() {
    #expect(TransverseMercator.utmZone(epsg: 32601)?.centralMeridian == -177)
    #expect(TransverseMercator.utmZone(epsg: 32760)?.south == true)
    #expect(TransverseMercator.utmZone(epsg: 26711)?.a == TransverseMercator.clarke1866.a)
    #expect(TransverseMercator.utmZone(epsg: 3857) == nil)  // Web Mercator: not converted
    #expect(TransverseMercator.utmZone(projection: 16017)?.centralMeridian == -81)
    #expect(TransverseMercator.utmZone(projection: 16117)?.south == true)
    #expect(TransverseMercator.utmZone(epsg: 32633)?.toGeographic(easting: .nan, northing: 0) == nil)
  }

  /// The three fixtures and ExifTool's own sample (a ModelTransformation in a user-defined CRS
  /// whose ProjectionGeoKey is UTM zone 17N).
  @Test(arguments: [
    ("tiff/geotiff-wgs84.tif", 31.230416, 121.473701), ("tiff/geotiff-utm33n.tif", 42.0, 15.0),
    ("tiff-real/GeoTiff.tif", 25.229407, -79.094425),
  ])
  func georeferencesAreLocations(_ relative: String, latitude: Double, longitude: Double) throws {
    let m = Inspector.inspect(path: FixtureFiles.path(relative))
    let fix = try #require(m.gps.first)
    #expect(m.gps.count == 1 && fix.carrier == .geotiff && fix.path == CarrierPath("geotiff"))
    #expect(abs((fix.latitude ?? 0) - latitude) < 1e-6 && abs((fix.longitude ?? 0) - longitude) < 1e-6)
  }

  @Test func anUnconvertedGeoreferenceIsStillALocation() throws {
    let m = Inspector.inspect(path: FixtureFiles.path("tiff/geotiff-userdefined.tif"))
    let fix = try #require(m.gps.first)
    #expect(!fix.hasCoordinates && fix.locates)
    #expect(fix.unreadable == "present, not converted: a GeoTIFF in a user-defined projected CRS, which photoaudit does not convert to degrees")
  }
}
