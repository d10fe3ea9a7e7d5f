import Bytes
/// Pairs the coordinate-named values of one XMP packet (`XMPFlattener.coordinates`) into
/// positions: a latitude and a longitude of the same group and stem (`XMPCoordinateNames`)
/// within one structure instance — the packet's top level, or one item of a bag of structures
/// (`Iptc4xmpExt:LocationShown` holds one per point) — the n-th latitude with the n-th
/// longitude when an array holds several.
enum XMPPositions {
  /// One position: its names and the text of each coordinate (nil when absent).
  struct Position: Sendable, Equatable {
    package var group: String
    var latitudeName: String?
    var longitudeName: String?
    package var latitude: String?
    package var longitude: String?
    /// Both coordinates in one value (`LatLng`).
    package var pair: String?
    var pairName: String?
    /// 1-based number among the positions of the same names (the n-th LocationShown point).
    var ordinal = 1

    /// How findings name it: "XMP-iptcExt:LocationShownGPSLatitude/LocationShownGPSLongitude",
    /// with "[2]" for the second position of the same names.
    package var tag: String {
      let names = [pairName, latitudeName, longitudeName].compactMap { $0 }.joined(separator: "/")
      return "XMP-\(group):\(names)" + (ordinal > 1 ? "[\(ordinal)]" : "")
    }

    /// True when it is one of `source`'s places.
    package func matches(_ source: XMPGPSComposer.Source) -> Bool {
      guard group == source.group else { return false }
      return latitudeName.map(source.latitude.contains) ?? false || longitudeName.map(source.longitude.contains) ?? false
    }
  }

  /// A position read: degrees, or why a present coordinate is not degrees.
  struct Reading: Sendable, Equatable {
    package var latitude: Double?
    package var longitude: Double?
    package var unreadable: String?
    package var hasCoordinates: Bool { latitude != nil || longitude != nil }
  }

  /// The positions of `values`, in the order their first coordinate appears. (Packets hold a
  /// handful of coordinates: grouped and numbered by linear search, no dictionary or tag
  /// string per packet.)
  package static func pair(_ values: [XMPFlattener.CoordinateValue]) -> [Position] {
    guard !values.isEmpty else { return [] }
    var groups: [[Int]] = []  // indexes into `values`, one list per (scope, group, stem)
    for (index, value) in values.enumerated() {
      if let at = groups.firstIndex(where: { values[$0[0]].scope == value.scope && values[$0[0]].group == value.group
                                             && values[$0[0]].coordinate.stem == value.coordinate.stem }) {
        groups[at].append(index)
      } else {
        groups.append([index])
      }
    }
    var positions: [Position] = []
    func add(_ position: Position) {
      var p = position
      p.ordinal = 1 + positions.count { $0.group == p.group && $0.latitudeName == p.latitudeName
        && $0.longitudeName == p.longitudeName && $0.pairName == p.pairName }
      positions.append(p)
    }
    for members in groups {
      let group = values[members[0]].group
      let latitudes = members.filter { values[$0].coordinate.axis == .latitude }
      var longitudes = members.filter { values[$0].coordinate.axis == .longitude }
      if longitudes.isEmpty, !latitudes.isEmpty { longitudes = members.filter { values[$0].coordinate.axis == .weakLongitude } }
      for index in 0..<max(latitudes.count, longitudes.count) {
        let lat = index < latitudes.count ? values[latitudes[index]] : nil
        let lon = index < longitudes.count ? values[longitudes[index]] : nil
        add(Position(group: group, latitudeName: lat?.name, longitudeName: lon?.name, latitude: lat?.text, longitude: lon?.text))
      }
      for member in members where values[member].coordinate.axis == .pair {
        add(Position(group: group, pair: values[member].text, pairName: values[member].name))
      }
    }
    return positions
  }

  /// Reads a position. A value without a digit ("", "N/A", "unknown") is no coordinate; a value
  /// with digits that is not degrees is an unreadable coordinate (still GPS: SPEC "a GPS tag
  /// that is present but unreadable is still GPS"), with a warning as before.
  package static func read(_ p: Position, warnings: inout [String]) -> Reading {
    var reading = Reading()
    var unreadable: [String] = []
    func coordinate(_ text: String?, _ name: String?, latitude: Bool) -> Double? {
      guard let text, let name, !text.trimmingXMLSpace.isEmpty else { return nil }
      if let value = XMPValueParsing.coordinate(text, isLatitude: latitude) { return value }
      warnings.append("XMP-\(p.group):\(name) '\(text)' could not be read as a GPS value.")
      if hasDigit(text) { unreadable.append("XMP-\(p.group):\(name)") }
      return nil
    }
    reading.latitude = coordinate(p.latitude, p.latitudeName, latitude: true)
    reading.longitude = coordinate(p.longitude, p.longitudeName, latitude: false)
    if let pair = p.pair, let name = p.pairName, !pair.trimmingXMLSpace.isEmpty {
      if let (lat, lon) = Self.pair(pair) {
        reading.latitude = lat
        reading.longitude = lon
      } else {
        warnings.append("XMP-\(p.group):\(name) '\(pair)' could not be read as a GPS position.")
        if hasDigit(pair) { unreadable.append("XMP-\(p.group):\(name)") }
      }
    }
    if !unreadable.isEmpty { reading.unreadable = "\(unreadable.joined(separator: " and ")) present but not degrees" }
    return reading
  }

  static func hasDigit(_ text: String) -> Bool { text.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } }

  /// Latitude and longitude written in one value: two coordinates separated by a comma, a
  /// semicolon or white space ("31.2304,121.4737", "31,13.8N 121,28.4E"), or any form
  /// `CoordinateText` reads (ISO 6709, degrees-minutes-seconds).
  package static func pair(_ text: String) -> (Double, Double)? {
    let parts = text.split { $0 == ";" || $0 == " " || $0 == "\t" || $0 == "\n" }.map(String.init)
    if parts.count == 2, let lat = XMPValueParsing.coordinate(parts[0], isLatitude: true),
       let lon = XMPValueParsing.coordinate(parts[1], isLatitude: false) {
      return (lat, lon)
    }
    let commas = text.split(separator: ",").map { String($0).trimmingXMLSpace }
    if commas.count == 2, let lat = XMPValueParsing.coordinate(commas[0], isLatitude: true),
       let lon = XMPValueParsing.coordinate(commas[1], isLatitude: false) {
      return (lat, lon)
    }
    return CoordinateText.find(in: text).first.map { ($0.latitude, $0.longitude) }
  }
}
