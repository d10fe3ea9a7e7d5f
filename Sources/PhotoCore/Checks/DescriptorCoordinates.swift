import Bytes
/// Coordinates in a descriptor: the JSON sent with an upload is a carrier too (SPEC "Metadata
/// carriers": "the descriptor itself: coordinates in any key or value").
public struct DescriptorCoordinate: Sendable, Equatable {
  /// Where in the document: key paths ("location.lat/location.lng", "geometry.coordinates",
  /// "notes", "tags[2]").
  public var path: String
  /// Degrees, north positive, when known.
  public var latitude: Double?
  /// Degrees, east positive, when known.
  public var longitude: Double?
  /// How it is written ("numeric latitude/longitude keys", "ISO 6709 string"...).
  public var form: String

  public init(path: String, latitude: Double?, longitude: Double?, form: String) {
    self.path = path
    self.latitude = latitude
    self.longitude = longitude
    self.form = form
  }

  /// "location.lat/location.lng: latitude 31.230416, longitude 121.473701 (numeric ...)", the
  /// coordinates secret. A path that holds coordinates itself (a key written as "31.2304,121.4737")
  /// is secret too.
  public var evidence: RedactableText {
    let position = SecretValue.position(latitude: latitude, longitude: longitude)
    let place: RedactableText = CoordinateText.find(in: path).isEmpty ? "\(path)" : "\(secret: SecretValue(display: path, canonical: "text " + path, label: "a key or value"))"
    return "\(place): \(secret: position) (\(form))"
  }
}

/// Finds coordinates anywhere in a descriptor. What counts (and what does not):
/// - numbers (or numeric strings, "31.23 N" too) under latitude and longitude keys at any depth:
///   a key whose last word is `lat`/`latitude` and one whose last word is `lng`/`lon`/`long`/
///   `longitude` ("gpsLatitude", "location_lng", "decimalLatitude"; "latitudeE7" is scaled by
///   1e-7). Both in one object make a point; a lone `latitude`/`longitude` counts anywhere, a
///   lone `lat`/`lng`/`lon`/`long` only under a location word (gps…, location…, geo…,
///   coordinates, position) in its own key or an enclosing one — `"long": 120` alone may be a
///   side length;
/// - an array of 2 or 3 numbers whose own key is a location word (gps, location, geo,
///   coordinates, latlng…; not `position` or `point`, which are often pixels): `[lat, lon]`, or
///   `[lon, lat]` under `coordinates`/`lnglat`/`lonlat` (GeoJSON's order); whole numbers only, or
///   both below 1 in magnitude, are pixel positions and ratios, not coordinates;
/// - an ISO 6709 string or a decimal coordinate pair in any string value or key
///   (`CoordinateText`).
/// A `location` that is a URL or a place id is a string without coordinates: not one. Values
/// out of range (latitude beyond ±90, longitude beyond ±180) and the 0, 0 placeholder are not.
public enum DescriptorCoordinates {
  static let latitudeWords: Set<String> = ["lat", "latitude"]
  static let longitudeWords: Set<String> = ["lng", "lon", "long", "longitude"]
  /// Words that make a short key (`lat`) or a bare number array a location.
  static let locationWords: Set<String> = [
    "gps", "location", "locations", "loc", "geo", "geolocation", "geotag", "coordinates", "coordinate", "coords", "coord",
    "position", "latlng", "latlon", "lnglat", "lonlat", "point",
  ]
  /// Words that make a bare number array a location (stricter: `position: [120, 80]` is pixels).
  static let arrayWords: Set<String> = [
    "gps", "location", "loc", "geo", "geolocation", "geotag", "coordinates", "coordinate", "coords", "coord",
    "latlng", "latlon", "lnglat", "lonlat",
  ]
  /// Last words that are units of the word before them ("latitude_deg", "latitudeE7").
  static let unitWords: [String: Double] = ["deg": 1, "degree": 1, "degrees": 1, "dd": 1, "decimal": 1, "e7": 1e-7, "e6": 1e-6]

  /// Every coordinate in `document`, in document order.
  public static func find(in document: JSONValue) -> [DescriptorCoordinate] {
    var found: [DescriptorCoordinate] = []
    walk(document, path: "", inLocation: false, into: &found)
    return found
  }

  static func walk(_ value: JSONValue, path: String, inLocation: Bool, into found: inout [DescriptorCoordinate]) {
    switch value {
    case .object(let members):
      points(in: members, path: path, inLocation: inLocation, into: &found)
      for (key, member) in members {
        let memberPath = path.isEmpty ? key : path + "." + key
        text(key, path: memberPath + " (key)", into: &found)
        let words = keyWords(key)
        walk(member, path: memberPath, inLocation: inLocation || words.contains(where: locationWords.contains), into: &found)
        if case .array(let items) = member { array(items, key: words, path: memberPath, into: &found) }
      }
    case .array(let items):
      for (i, item) in items.enumerated() { walk(item, path: "\(path)[\(i)]", inLocation: inLocation, into: &found) }
    case .string(let s):
      text(s, path: path, into: &found)
    default:
      break
    }
  }

  /// Latitude and longitude members of one object.
  static func points(in members: [(String, JSONValue)], path: String, inLocation: Bool, into found: inout [DescriptorCoordinate]) {
    struct Axis { var key: String; var value: Double; var unambiguous: Bool }
    var latitudes: [Axis] = [], longitudes: [Axis] = []
    for (key, member) in members {
      var words = keyWords(key)
      var scale = 1.0
      if words.count > 1, let unit = unitWords[words.last!] {
        scale = unit
        words.removeLast()
      }
      guard let last = words.last else { continue }
      let isLatitude = latitudeWords.contains(last), isLongitude = longitudeWords.contains(last)
      guard isLatitude || isLongitude, var number = degrees(member, latitude: isLatitude) else { continue }
      number *= scale
      let unambiguous = last == "latitude" || last == "longitude" || inLocation || words.dropLast().contains(where: locationWords.contains)
      if isLatitude, abs(number) <= 90 { latitudes.append(Axis(key: key, value: number, unambiguous: unambiguous)) }
      if isLongitude, abs(number) <= 180 { longitudes.append(Axis(key: key, value: number, unambiguous: unambiguous)) }
    }
    func at(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
    let pairs = min(latitudes.count, longitudes.count)
    for i in 0..<pairs where latitudes[i].value != 0 || longitudes[i].value != 0 {
      found.append(DescriptorCoordinate(path: at(latitudes[i].key) + "/" + at(longitudes[i].key), latitude: latitudes[i].value,
                                        longitude: longitudes[i].value, form: "numeric latitude/longitude keys"))
    }
    for lone in latitudes.dropFirst(pairs) where lone.unambiguous {
      found.append(DescriptorCoordinate(path: at(lone.key), latitude: lone.value, longitude: nil, form: "numeric latitude key"))
    }
    for lone in longitudes.dropFirst(pairs) where lone.unambiguous {
      found.append(DescriptorCoordinate(path: at(lone.key), latitude: nil, longitude: lone.value, form: "numeric longitude key"))
    }
  }

  /// `[lat, lon(, alt)]` or GeoJSON's `[lon, lat(, alt)]` under a location key.
  package static func array(_ items: [JSONValue], key words: [String], path: String, into found: inout [DescriptorCoordinate]) {
    guard words.contains(where: arrayWords.contains), (2...3).contains(items.count) else { return }
    let numbers = items.compactMap(\.doubleValue)
    guard numbers.count == items.count, numbers[0] != numbers[0].rounded() || numbers[1] != numbers[1].rounded(),
          abs(numbers[0]) >= 1 || abs(numbers[1]) >= 1 else { return }
    let lonFirst = words.contains { ["coordinates", "lnglat", "lonlat"].contains($0) }
    var (lat, lon) = lonFirst ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
    if abs(lat) > 90, abs(lon) <= 90, abs(lat) <= 180 { swap(&lat, &lon) }
    guard abs(lat) <= 90, abs(lon) <= 180, lat != 0 || lon != 0 else { return }
    found.append(DescriptorCoordinate(path: path, latitude: lat, longitude: lon,
                                      form: lonFirst ? "[longitude, latitude] array" : "[latitude, longitude] array"))
  }

  package static func text(_ s: String, path: String, into found: inout [DescriptorCoordinate]) {
    guard s.utf8.count >= 7 else { return }  // the shortest match, "1.000 2.000", is longer
    for match in CoordinateText.find(in: s) {
      found.append(DescriptorCoordinate(path: path, latitude: match.latitude, longitude: match.longitude, form: match.form.rawValue))
    }
  }

  /// A number, or a string holding one ("31.230416", "31.230416 N", "-122.03").
  package static func degrees(_ value: JSONValue, latitude: Bool) -> Double? {
    if let number = value.doubleValue { return number.isFinite ? number : nil }
    guard var text = value.stringValue?.trimmingWhitespace(), !text.isEmpty, text.utf8.count < 40 else { return nil }
    var sign = 1.0
    if let last = text.last?.uppercased(), (latitude ? ["N", "S"] : ["E", "W"]).contains(last) {
      sign = last == "S" || last == "W" ? -1 : 1
      text = String(text.dropLast()).trimmingWhitespace()
    }
    guard let number = Double(text), number.isFinite else { return nil }
    return sign < 0 ? -abs(number) : number
  }

  /// The words of a key, lower-cased: "gpsLatitude" → gps, latitude; "GPS_Lat" → gps, lat;
  /// "latitudeE7" → latitude, e7.
  static func keyWords(_ key: String) -> [String] {
    var words: [String] = []
    var current = ""
    let scalars = Array(key.unicodeScalars)
    for (i, s) in scalars.enumerated() {
      let isAlphanumeric = s.properties.isAlphabetic || ("0"..."9").contains(s)
      guard isAlphanumeric else {
        if !current.isEmpty { words.append(current.lowercased()); current = "" }
        continue
      }
      if !current.isEmpty, s.properties.isUppercase {
        let previous = scalars[i - 1]
        let nextIsLower = i + 1 < scalars.count && scalars[i + 1].properties.isLowercase
        // aB → a|B; ABc → A|Bc (an acronym ends where a capitalised word starts).
        if previous.properties.isLowercase || (previous.properties.isUppercase && nextIsLower) {
          words.append(current.lowercased())
          current = ""
        }
      }
      current.unicodeScalars.append(s)
    }
    if !current.isEmpty { words.append(current.lowercased()) }
    return words
  }
}
