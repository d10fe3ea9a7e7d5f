/// Which XMP properties hold a coordinate, whatever their namespace (SPEC "Metadata carriers":
/// an XMP property whose name says latitude or longitude is location). Tags are data: the
/// words are tables, and `known` lists the vendor properties seen in real files, each of which
/// the general rule must classify (a test holds it to that).
///
/// The rule, on a property's flattened name (`LocationShownGPSLatitude`, `GpsLongtitude`,
/// `VehicleLatitudeDeg`, `gps_lat`) split into words at case changes, digits and punctuation:
/// - a latitude word (`latitude`, `lat`) or a longitude word (`longitude`, DJI's `longtitude`,
///   `lon`, `lng`) makes it a coordinate of that axis; `long` counts only beside a latitude of the
///   same stem (`GeoLat`/`GeoLong`), since alone it is mostly "long exposure"; a word that ends in
///   `latitude` or `longitude` (`gpslatitude`) counts too;
/// - both axes in one name (`LatLng`, `GPSLatLong`) make it a pair written in one value;
/// - a word of `excluded` anywhere makes it something else: the accuracy, error, reference or
///   speed of a coordinate (`GPSLatitudeRef`, DJI's `RtkStdLat`, Pix4D's `GPSXYAccuracy`);
/// - names that only say GPS (`GPSVersionID`, `GPSMapDatum`, `GpsStatus`) are not coordinates;
///   a GPS-named property whose value holds both coordinates as text (`GPSPosition` =
///   "31.23, 121.47") is found by the text sweep (`TextTagSweep`) like any other text.
enum XMPCoordinateNames {
  /// What a name says.
  enum Axis: Sendable, Equatable {
    case latitude, longitude
    /// Both coordinates in one value ("31.2304, 121.4737").
    case pair
    /// "long": a longitude only when a latitude of the same stem is beside it.
    case weakLongitude
  }

  /// A name that holds a coordinate: its axis and its stem (the words but the axis word,
  /// lowercased and joined), which pairs a latitude with its longitude.
  struct Coordinate: Sendable, Equatable {
    package var axis: Axis
    package var stem: String
  }

  /// Words, lowercase ASCII (compared as bytes: a name is classified without building a String
  /// per word).
  static let latitudeWords: [[UInt8]] = ["latitude", "lat"].map { Array($0.utf8) }
  static let longitudeWords: [[UInt8]] = ["longitude", "longtitude", "lon", "lng"].map { Array($0.utf8) }
  static let weakLongitudeWord: [UInt8] = Array("long".utf8)
  /// Words that make a coordinate-named property something else than a position.
  static let excluded: [[UInt8]] = [
    "ref", "reference", "std", "stddev", "sigma", "deviation", "variance", "accuracy", "error", "err", "precision",
    "uncertainty", "dop", "speed", "velocity", "rate", "offset", "delta", "status", "valid", "datum", "version",
    "mode", "type", "unit", "units", "format", "source", "count",
  ].map { Array($0.utf8) }
  /// Endings that make a longer word a coordinate ("gpslatitude").
  static let latitudeEnding: [UInt8] = Array("latitude".utf8)
  static let longitudeEndings: [[UInt8]] = ["longitude", "longtitude"].map { Array($0.utf8) }

  /// Vendor and standard properties that hold a coordinate, as seen in real files:
  /// "group:FlattenedName" → who writes it. Documentation and a test table: the general rule
  /// above finds each of them, and the known ones in any other namespace.
  package static let known: [String: String] = [
    "exif:GPSLatitude": "XMP EXIF schema [XMP Part 2]",
    "exif:GPSLongitude": "XMP EXIF schema [XMP Part 2]",
    "exif:GPSDestLatitude": "XMP EXIF schema (the destination's position)",
    "exif:GPSDestLongitude": "XMP EXIF schema (the destination's position)",
    "iptcExt:LocationCreatedGPSLatitude": "IPTC Extension LocationCreated [IPTC Photo Metadata 2019.1]",
    "iptcExt:LocationCreatedGPSLongitude": "IPTC Extension LocationCreated",
    "iptcExt:LocationShownGPSLatitude": "IPTC Extension LocationShown, one per point",
    "iptcExt:LocationShownGPSLongitude": "IPTC Extension LocationShown, one per point",
    "drone-dji:GpsLatitude": "DJI drones [ExifTool DJI.pm %DJI::XMP]",
    "drone-dji:GpsLongitude": "DJI drones",
    "drone-dji:GpsLongtitude": "DJI drones (misspelt as written)",
    "drone-dji:Latitude": "DJI drones",
    "drone-dji:Longitude": "DJI drones",
    "drone-skydio:Latitude": "Skydio drones (Skydio 2, X2: https://www.skydio.com/drone-skydio/1.0/)",
    "drone-skydio:Longitude": "Skydio drones",
    "Device:EarthPosLatitude": "Google dynamic depth EarthPose",
    "Device:EarthPosLongitude": "Google dynamic depth EarthPose",
    "dwc:DCDecimalLatitude": "Darwin Core dwc:Location",
    "dwc:DCDecimalLongitude": "Darwin Core dwc:Location",
    "dwc:DCVerbatimLatitude": "Darwin Core dwc:Location (as written in the field notes)",
    "dwc:DCVerbatimLongitude": "Darwin Core dwc:Location (as written in the field notes)",
  ]

  /// The coordinate `name` holds, or nil. Cheap for the names that do not: one pass over the
  /// bytes for "lat", "lon" or "lng" before any word is split.
  static func classify(_ name: String) -> Coordinate? {
    guard mayHoldCoordinate(name) else { return nil }
    let bytes = Array(name.utf8)
    let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    let ranges = words(bytes)
    var latitude: Int?, longitude: Int?, weak: Int?
    for (index, range) in ranges.enumerated() {
      if isOne(of: excluded, lower, range) { return nil }
      if isOne(of: latitudeWords, lower, range) || endsWith(latitudeEnding, lower, range) {
        latitude = latitude ?? index
      } else if isOne(of: longitudeWords, lower, range) || longitudeEndings.contains(where: { endsWith($0, lower, range) }) {
        longitude = longitude ?? index
      } else if isOne(of: [weakLongitudeWord], lower, range) {
        weak = weak ?? index
      }
    }
    func stem(dropping: [Int]) -> String {
      var out: [UInt8] = []
      for (index, range) in ranges.enumerated() where !dropping.contains(index) {
        if !out.isEmpty { out.append(0x20) }
        out += lower[range]
      }
      return String(decoding: out, as: UTF8.self)
    }
    let lonIndex = longitude ?? weak
    switch (latitude, lonIndex) {
    case (let lat?, let lon?):
      return Coordinate(axis: .pair, stem: stem(dropping: [lat, lon]))
    case (let lat?, nil):
      return Coordinate(axis: .latitude, stem: stem(dropping: [lat]))
    case (nil, let lon?):
      return Coordinate(axis: longitude == nil ? .weakLongitude : .longitude, stem: stem(dropping: [lon]))
    default:
      return nil
    }
  }

  /// True when `bytes[range]` is one of `words` (plain loops: compared length first, then bytes).
  static func isOne(of words: [[UInt8]], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    for word in words where word.count == range.count {
      var same = true
      for k in 0..<word.count where word[k] != bytes[range.lowerBound + k] {
        same = false
        break
      }
      if same { return true }
    }
    return false
  }

  /// True when `bytes[range]` is longer than `ending` and ends with it ("gpslatitude").
  static func endsWith(_ ending: [UInt8], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    guard range.count > ending.count else { return false }
    let start = range.upperBound - ending.count
    for k in 0..<ending.count where ending[k] != bytes[start + k] { return false }
    return true
  }

  /// True when `name` contains "lat", "lon" or "lng" in any case (what every coordinate word holds).
  static func mayHoldCoordinate(_ name: String) -> Bool {
    var previous2: UInt8 = 0, previous: UInt8 = 0
    for byte in name.utf8 {
      let c = byte | 0x20
      if previous2 == UInt8(ascii: "l") {
        if previous == UInt8(ascii: "a") && c == UInt8(ascii: "t") { return true }
        if previous == UInt8(ascii: "o") && c == UInt8(ascii: "n") { return true }
        if previous == UInt8(ascii: "n") && c == UInt8(ascii: "g") { return true }
      }
      previous2 = previous
      previous = c
    }
    return false
  }

  /// The words of a name (ranges of its UTF-8 bytes): split at punctuation, between a lowercase
  /// letter and an uppercase one, before the last capital of a capital run followed by lowercase
  /// ("GPSLat" → "GPS", "Lat") and between letters and digits.
  package static func words(_ bytes: [UInt8]) -> [Range<Int>] {
    func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    var words: [Range<Int>] = []
    var start: Int?
    for (i, b) in bytes.enumerated() {
      guard isUpper(b) || isLower(b) || isDigit(b) else {
        if let s = start { words.append(s..<i) }
        start = nil
        continue
      }
      if let s = start, i > s {
        let last = bytes[i - 1]
        let next = i + 1 < bytes.count ? bytes[i + 1] : 0
        if (isLower(last) && isUpper(b)) || (isUpper(last) && isUpper(b) && isLower(next)) || (isDigit(last) != isDigit(b)) {
          words.append(s..<i)
          start = i
        }
      } else if start == nil {
        start = i
      }
    }
    if let s = start { words.append(s..<bytes.count) }
    return words
  }

  /// The words of a name, lowercased (for tests and messages).
  package static func words(_ name: String) -> [String] {
    let bytes = Array(name.utf8)
    return words(bytes).map { String(decoding: bytes[$0].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self) }
  }
}
