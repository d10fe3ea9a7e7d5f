import Bytes
/// Where a GeoTIFF places its raster on Earth. A georeferenced raster — a drone orthophoto, a
/// scanned map, a satellite scene — holds in its tags where it was taken as surely as a GPS IFD
/// does: photoaudit counts a GeoTIFF georeference as a location of the file (PA001, carrier
/// `geotiff`). The point reported is the model position of the raster's first tie point (or of
/// pixel 0,0 under a ModelTransformation): in a geographic CRS its longitude and latitude; in a
/// UTM CRS (WGS 84, NAD83, ETRS89, NAD27) converted to degrees (`TransverseMercator`); in any
/// other CRS "present, not converted" (still PA001). A GeoKey directory without tie points or a
/// transformation says which CRS but not where: no location.
/// [GeoTIFF 1.1 (OGC 19-008r4) §7.2 (ModelTiepointTag, ModelPixelScaleTag,
/// ModelTransformationTag), §7.4 (GeoKeyDirectoryTag), Annex B (GTModelTypeGeoKey 1024,
/// GeodeticCRSGeoKey 2048, ProjectedCRSGeoKey 3072)]
struct GeoTIFFLocation: Sendable, Equatable {
  /// The location as a fix of carrier `geotiff`.
  package var fix: GPSFix
  package var warnings: [String] = []

  package enum Tag {
    static let pixelScale: UInt16 = 0x830E
    static let tiePoint: UInt16 = 0x8482
    static let transformation: UInt16 = 0x85D8
    static let keyDirectory: UInt16 = 0x87AF
    static let doubleParams: UInt16 = 0x87B0
  }

  package enum Key {
    static let modelType: UInt16 = 1024
    static let geodeticCRS: UInt16 = 2048
    static let projectedCRS: UInt16 = 3072
    /// ProjectionGeoKey: the projection of a user-defined projected CRS (16001–16060 UTM zone
    /// 1N–60N, 16101–16160 1S–60S). [GeoTIFF 1.1 B.3; libgeotiff epsg_proj.inc]
    static let projection: UInt16 = 3074
  }

  /// "User-defined" in a GeoKey. [GeoTIFF 1.1 B.1]
  static let userDefined = 32767

  /// GTModelTypeGeoKey values. [GeoTIFF 1.1 B.1]
  static let projected = 1, geographic = 2, geocentric = 3

  /// The georeference of IFD0, or nil when it has none.
  package static func read(_ layout: TIFFFileLayout, source: any ByteSource) -> GeoTIFFLocation? {
    guard let ifd0 = layout.directories.first else { return nil }
    let reader = GeoTIFFValues(source: source, bigEndian: layout.header.bigEndian)
    let tie = ifd0.entry(Tag.tiePoint), transform = ifd0.entry(Tag.transformation)
    guard let place = tie ?? transform else { return nil }
    var fix = GPSFix(carrier: .geotiff)
    fix.offset = place.value?.lowerBound ?? ifd0.table.lowerBound
    fix.tag = tie != nil ? "ModelTiePoint" : "ModelTransform"
    // The model position of the raster's origin.
    var point: (x: Double, y: Double)?
    if let values = reader.doubles(tie), values.count >= 6 { point = (values[3], values[4]) }
    else if let m = reader.doubles(transform), m.count >= 16 { point = (m[3], m[7]) }
    guard let point, point.x.isFinite, point.y.isFinite else {
      fix.unreadable = "present, value unreadable: the GeoTIFF \(fix.tag ?? "") value cannot be read"
      return GeoTIFFLocation(fix: fix)
    }
    let keys = reader.keys(ifd0.entry(Tag.keyDirectory))
    let model = keys[Key.modelType]
    let crs = model == projected ? keys[Key.projectedCRS] : keys[Key.geodeticCRS]
    switch model {
    case geographic?:
      if abs(point.y) <= 90, abs(point.x) <= 180 {
        (fix.latitude, fix.longitude) = (point.y, point.x)
      } else {
        fix.unreadable = "present, value unreadable: a geographic GeoTIFF whose origin \(secret: SecretValue(display: "(\(point.x), \(point.y))", canonical: "origin \(point.x),\(point.y)", label: "origin")) is no longitude and latitude"
      }
    case projected?:
      let zone = crs.flatMap(TransverseMercator.utmZone(epsg:))
        ?? (crs == nil || crs == userDefined ? keys[Key.projection].flatMap(TransverseMercator.utmZone(projection:)) : nil)
      if let zone, let (lat, lon) = zone.toGeographic(easting: point.x, northing: point.y) {
        (fix.latitude, fix.longitude) = (lat, lon)
      } else {
        let name = crs == nil || crs == userDefined ? "a user-defined projected CRS" : "the projected CRS EPSG:\(crs ?? 0)"
        fix.unreadable = "present, not converted: a GeoTIFF in \(name), which photoaudit does not convert to degrees"
      }
    default:
      let kind = model.map { $0 == geocentric ? "a geocentric CRS" : "model type \($0)" } ?? (keys.isEmpty ? "no GeoKey directory" : "no model type")
      fix.unreadable = "present, not converted: a GeoTIFF georeference with \(kind)"
    }
    return GeoTIFFLocation(fix: fix)
  }
}

/// Reads the GeoTIFF values of IFD0 from the file, bounded.
struct GeoTIFFValues {
  package let source: any ByteSource
  package let bigEndian: Bool
  /// Most values read from one tag.
  static let maxValues = 4096

  /// A DOUBLE array. [TIFF 6.0 §2 type 12]
  func doubles(_ entry: TIFFFileLayout.Entry?) -> [Double]? {
    guard let entry, entry.type == 12, let range = entry.value, entry.count <= Self.maxValues,
          let bytes = try? source.bytes(in: range), bytes.count == entry.count * 8 else { return nil }
    return (0..<entry.count).map { k in
      var bits: UInt64 = 0
      for b in 0..<8 { bits = bits << 8 | UInt64(bytes[k * 8 + (bigEndian ? b : 7 - b)]) }
      return Double(bitPattern: bits)
    }
  }

  /// The GeoKeys whose value is a SHORT held in the directory itself (model type, CRS codes).
  /// [GeoTIFF 1.1 §7.4: header of 4 SHORTs, then KeyID, TIFFTagLocation, Count, Value_Offset]
  package func keys(_ entry: TIFFFileLayout.Entry?) -> [UInt16: Int] {
    guard let entry, entry.type == 3, let range = entry.value, entry.count >= 4, entry.count <= Self.maxValues,
          let bytes = try? source.bytes(in: range), bytes.count == entry.count * 2 else { return [:] }
    func short(_ k: Int) -> Int { bigEndian ? Int(bytes[2 * k]) << 8 | Int(bytes[2 * k + 1]) : Int(bytes[2 * k + 1]) << 8 | Int(bytes[2 * k]) }
    let count = min(short(3), (entry.count - 4) / 4)
    var keys: [UInt16: Int] = [:]
    for k in 0..<max(0, count) where short(4 + 4 * k + 1) == 0 {
      keys[UInt16(short(4 + 4 * k))] = short(4 + 4 * k + 3)
    }
    return keys
  }
}
