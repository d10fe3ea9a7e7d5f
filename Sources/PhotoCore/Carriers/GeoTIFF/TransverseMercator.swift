import Foundation

/// The inverse Universal Transverse Mercator projection: a UTM easting and northing back to
/// latitude and longitude, for the UTM CRSs GeoTIFFs of drones and surveys use. The series of
/// Snyder's "Map Projections — A Working Manual" (USGS PP 1395, 1987, eq. 8-12 to 8-25), good to
/// well under a metre inside a zone; datums are not shifted (NAD27 stays NAD27: tens of metres
/// from WGS 84, a location all the same).
struct TransverseMercator: Sendable, Equatable {
  /// Semi-major axis (m) and flattening of the ellipsoid.
  package var a: Double
  package var f: Double
  /// The zone's central meridian (degrees) and whether northings are of the southern hemisphere.
  var centralMeridian: Double
  var south: Bool

  /// UTM's scale on the central meridian, false easting and the southern false northing. [Snyder p. 58]
  static let k0 = 0.9996
  static let falseEasting = 500_000.0
  static let southFalseNorthing = 10_000_000.0

  /// WGS 84 (and GRS 80, the same to 0.1 mm) and Clarke 1866 (NAD27). [EPSG 7030, 7019, 7008]
  static let wgs84 = (a: 6_378_137.0, f: 1 / 298.257223563)
  static let clarke1866 = (a: 6_378_206.4, f: 1 / 294.978698214)

  /// The UTM zone of an EPSG projected CRS code: WGS 84 / UTM 1N–60N (32601–32660) and 1S–60S
  /// (32701–32760), NAD83 / UTM 1N–23N (26901–26923), ETRS89 / UTM 28N–38N (25828–25838), NAD27 /
  /// UTM 1N–22N (26701–26722); nil for any other CRS.
  static func utmZone(epsg code: Int) -> TransverseMercator? {
    func zone(_ n: Int, south: Bool = false, ellipsoid: (a: Double, f: Double) = wgs84) -> TransverseMercator {
      TransverseMercator(a: ellipsoid.a, f: ellipsoid.f, centralMeridian: Double(n * 6 - 183), south: south)
    }
    switch code {
    case 32601...32660: return zone(code - 32600)
    case 32701...32760: return zone(code - 32700, south: true)
    case 26901...26923: return zone(code - 26900)
    case 25828...25838: return zone(code - 25800)
    case 26701...26722: return zone(code - 26700, ellipsoid: clarke1866)
    default: return nil
    }
  }

  /// The UTM zone of a GeoTIFF ProjectionGeoKey (the projection of a user-defined projected
  /// CRS): 16001–16060 zone 1N–60N, 16101–16160 zone 1S–60S, on WGS 84's ellipsoid (a user-defined
  /// datum differs by metres to tens of metres). [GeoTIFF 1.1 B.3]
  static func utmZone(projection code: Int) -> TransverseMercator? {
    switch code {
    case 16001...16060: TransverseMercator(a: wgs84.a, f: wgs84.f, centralMeridian: Double((code - 16000) * 6 - 183), south: false)
    case 16101...16160: TransverseMercator(a: wgs84.a, f: wgs84.f, centralMeridian: Double((code - 16100) * 6 - 183), south: true)
    default: nil
    }
  }

  /// Latitude and longitude (degrees) of a UTM point in this zone; nil when the point is not a
  /// plausible UTM point (not finite, or far outside any zone).
  func toGeographic(easting: Double, northing: Double) -> (latitude: Double, longitude: Double)? {
    guard easting.isFinite, northing.isFinite, abs(easting - Self.falseEasting) < 1_000_000, abs(northing) <= 10_000_000 else { return nil }
    let e2 = f * (2 - f), ep2 = e2 / (1 - e2)
    let x = easting - Self.falseEasting
    let y = south ? northing - Self.southFalseNorthing : northing
    let m = y / Self.k0
    let mu = m / (a * (1 - e2 / 4 - 3 * e2 * e2 / 64 - 5 * e2 * e2 * e2 / 256))
    let s = (1 - e2).squareRoot(), e1 = (1 - s) / (1 + s)
    let phi1 = mu + (3 * e1 / 2 - 27 * pow(e1, 3) / 32) * sin(2 * mu) + (21 * e1 * e1 / 16 - 55 * pow(e1, 4) / 32) * sin(4 * mu)
      + (151 * pow(e1, 3) / 96) * sin(6 * mu) + (1097 * pow(e1, 4) / 512) * sin(8 * mu)
    let sinPhi = sin(phi1), cosPhi = cos(phi1), tanPhi = tan(phi1)
    let c1 = ep2 * cosPhi * cosPhi, t1 = tanPhi * tanPhi
    let n1 = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
    let r1 = a * (1 - e2) / pow(1 - e2 * sinPhi * sinPhi, 1.5)
    let d = x / (n1 * Self.k0)
    let latitude = phi1 - (n1 * tanPhi / r1) * (d * d / 2 - (5 + 3 * t1 + 10 * c1 - 4 * c1 * c1 - 9 * ep2) * pow(d, 4) / 24
      + (61 + 90 * t1 + 298 * c1 + 45 * t1 * t1 - 252 * ep2 - 3 * c1 * c1) * pow(d, 6) / 720)
    let longitude = (d - (1 + 2 * t1 + c1) * pow(d, 3) / 6
      + (5 - 2 * c1 + 28 * t1 - 3 * c1 * c1 + 8 * ep2 + 24 * t1 * t1) * pow(d, 5) / 120) / cosPhi
    let lat = latitude * 180 / .pi, lon = centralMeridian + longitude * 180 / .pi
    guard lat.isFinite, lon.isFinite, abs(lat) <= 90 else { return nil }
    return (lat, lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon)
  }
}
