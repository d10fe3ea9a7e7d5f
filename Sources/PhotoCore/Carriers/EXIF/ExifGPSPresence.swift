import Bytes
/// A GPS position that is present in an EXIF block but whose value cannot be read is still GPS
/// (SPEC "Fail closed"). Our own walk of the block (`TIFFStructure`) sees the GPS IFD and its
/// latitude and longitude entries whatever libexif made of them; when libexif gave no usable
/// coordinates, this says why, and the fix counts as GPS with that reason.
enum ExifGPSPresence {
  static let latitudeTag: UInt16 = 0x0002
  static let longitudeTag: UInt16 = 0x0004

  /// Why the GPS position of `tiff` is present but unreadable, or nil when there is no GPS
  /// position or libexif read it (`fix`) as valid coordinates.
  package static func unreadable(_ tiff: [UInt8], structure: TIFFStructure?, fix: GPSFix?) -> RedactableText? {
    guard let structure, structure.hasGPSPointer || structure.gps != nil else { return nil }
    guard let gps = structure.gps else {
      return "IFD0 points at a GPS IFD that lies outside the EXIF block"
    }
    let position = [(latitudeTag, "GPSLatitude", 90.0), (longitudeTag, "GPSLongitude", 180.0)].compactMap { tag, name, limit in
      gps.entry(tag).map { (entry: $0, name: name, limit: limit) }
    }
    guard !position.isEmpty else { return nil }  // GPS tags without a position: not a location
    if let fix, fix.hasCoordinates {
      let values = [(fix.latitude, "GPSLatitude", 90.0), (fix.longitude, "GPSLongitude", 180.0)]
      for (value, name, limit) in values {
        if let value, !value.isFinite || abs(value) > limit { return "\(name) reads \(secret: .outOfRange(value)), not a coordinate" }
      }
      return nil
    }
    var undefined = 0
    for (entry, name, limit) in position {
      guard let value = entry.value else { return "\(name) has a value outside the EXIF block" }
      guard entry.type == 5 || entry.type == 10, entry.count >= 1 else {
        return "\(name) is of TIFF type \(entry.type) with \(entry.count) values, not rationals"
      }
      guard let first = rationals(tiff, value, bigEndian: structure.bigEndian).first else {
        return "\(name) has no value"
      }
      // 0/0 degrees is the EXIF way to say "unknown": no position, nothing to read.
      if first.isNaN {
        undefined += 1
        continue
      }
      if abs(first) > limit { return "\(name) reads \(secret: .outOfRange(first)), not a coordinate" }
    }
    if undefined == position.count { return nil }
    return "the GPS position is present but libexif did not read it"
  }

  /// The (unsigned) rationals in `range` of `tiff`, as numbers; 0/0 is NaN.
  static func rationals(_ tiff: [UInt8], _ range: Range<Int>, bigEndian: Bool) -> [Double] {
    func u32(_ at: Int) -> UInt32 {
      let b = tiff[at..<at + 4].map(UInt32.init)
      return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }
    var values: [Double] = []
    var at = range.lowerBound
    while at + 8 <= range.upperBound, at + 8 <= tiff.count, values.count < 3 {
      let numerator = u32(at), denominator = u32(at + 4)
      values.append(denominator == 0 ? .nan : Double(numerator) / Double(denominator))
      at += 8
    }
    return values
  }
}
