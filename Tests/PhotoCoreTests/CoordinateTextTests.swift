import Bytes
import PhotoCore
import Testing

/// Coordinates written as text (ISO 6709, decimal pairs): what is found, with which values, and
/// the ordinary text that must stay quiet. Expected degrees are worked out by hand from the
/// strings (DDMM.MMM → DD + MM.MMM/60).
@Suite struct CoordinateTextTests {
  static let found: [(String, CoordinateText.Match.Form, Double, Double)] = [
    ("+31.2304+121.4737/", .iso6709, 31.2304, 121.4737),
    ("+31.2304+121.4737+012.500/", .iso6709, 31.2304, 121.4737),
    ("-33.8688+151.2093/", .iso6709, -33.8688, 151.2093),
    ("+3113.824+12128.422/", .iso6709, 31.2304, 121.4737),  // 31° 13.824' = 31.2304°, 121° 28.422' = 121.4737°
    ("+311349.50+1212825.32/", .iso6709, 31.230416666666667, 121.47370000000001),  // 31° 13' 49.50", 121° 28' 25.32"
    ("+40.7484-073.9857CRSWGS_84/", .iso6709, 40.7484, -73.9857),
    ("xyz +31.2304+121.4737 end", .iso6709, 31.2304, 121.4737),
    // Right after a box type or key name: found only when it ends in "/" (see the quiet list).
    ("gpsx+31.2304+121.4737/", .iso6709, 31.2304, 121.4737),
    ("31.230416, 121.473701", .decimalPair, 31.230416, 121.473701),
    ("location: 31.230416,121.473701 Shanghai", .decimalPair, 31.230416, 121.473701),
    ("31.230416 121.473701", .decimalPair, 31.230416, 121.473701),
    ("31.230416 N, 121.473701 E", .decimalPair, 31.230416, 121.473701),
    ("33.8688 S; 151.2093 E", .decimalPair, -33.8688, 151.2093),
    ("40.748400, -73.985700", .decimalPair, 40.7484, -73.9857),
    ("(-0.250, 12.345)", .decimalPair, -0.25, 12.345),
    // Degrees, minutes, seconds: 31° 13' 49.5" = 31.230416…°, 121° 28' 25.3" = 121.473694…°.
    ("31°13'49.5\"N 121°28'25.3\"E", .sexagesimalPair, 31 + 13 / 60.0 + 49.5 / 3600, 121 + 28 / 60.0 + 25.3 / 3600),
    ("33°52′4.8″S, 151°12′33.5″E", .sexagesimalPair, -(33 + 52 / 60.0 + 4.8 / 3600), 151 + 12 / 60.0 + 33.5 / 3600),
    ("31 deg 13' 49.50\" N, 121 deg 28' 25.32\" E", .sexagesimalPair, 31 + 13 / 60.0 + 49.5 / 3600, 121 + 28 / 60.0 + 25.32 / 3600),
    ("N 31° 13.825' W 121° 28.422'", .sexagesimalPair, 31 + 13.825 / 60, -(121 + 28.422 / 60)),
    ("31.230416° N, 121.473701° E", .sexagesimalPair, 31.230416, 121.473701),
    ("-33°52'4.8\" 151°12'33.5\"", .sexagesimalPair, -(33 + 52 / 60.0 + 4.8 / 3600), 151 + 12 / 60.0 + 33.5 / 3600),
    ("40\u{B0}44'54\"N 73\u{B0}59'8\"W", .sexagesimalPair, 40 + 44 / 60.0 + 54 / 3600, -(73 + 59 / 60.0 + 8 / 3600)),
    // Named latitude and longitude.
    ("lat: 31.23, lon: 121.47", .labelledPair, 31.23, 121.47),
    ("Latitude 31.230416 Longitude 121.473701", .labelledPair, 31.230416, 121.473701),
    ("{\"lat\":31.2304,\"alt\":12.5,\"lng\":-121.4737}", .labelledPair, 31.2304, -121.4737),
    ("lng=121.4737&lat=-31.2304", .labelledPair, -31.2304, 121.4737),
    ("<lat>31.2304</lat><lon>121.4737</lon>", .labelledPair, 31.2304, 121.4737),
    ("LAT 31.2304 S LONG 121.4737 W", .labelledPair, -31.2304, -121.4737),
    ("lat: 31°13'49.5\"N, lon: 121°28'25.3\"E", .labelledPair, 31 + 13 / 60.0 + 49.5 / 3600, 121 + 28 / 60.0 + 25.3 / 3600),
  ]

  @Test(arguments: found)
  func finds(_ text: String, form: CoordinateText.Match.Form, latitude: Double, longitude: Double) throws {
    let matches = CoordinateText.find(in: text)
    try #require(matches.count == 1, "\(text): \(matches)")
    #expect(matches[0].form == form)
    #expect(abs(matches[0].latitude - latitude) < 1e-7, "\(matches[0].latitude)")
    #expect(abs(matches[0].longitude - longitude) < 1e-7, "\(matches[0].longitude)")
  }

  @Test(arguments: [
    "2025-01-01T10:20:30+08:00",  // a time stamp
    "asset-uuid-2025010101",
    "1.2.3, 4.5.6",  // versions
    "10.0.0.1 192.168.1.1",  // addresses
    "v31.230416, 121.473701",  // glued to a word
    "gpsx+31.2304+121.4737 end",  // glued to a word and not ended by "/"
    "31.230416, 121.473701.5",  // runs on into another number
    "0.850, 0.900",  // ratios
    "1.5, 2.25",  // too few decimals for a coordinate
    "1536, 2048",
    "95.123456, 10.123456",  // latitude beyond 90
    "45.123456, 190.123456",  // longitude beyond 180
    "+00.0000+000.0000/",  // the no-location placeholder
    "+91.0000+010.0000/",
    "+3175.000+12128.422/",  // 75 minutes
    "+31.2304+121",  // ISO 6709 without a terminator needs fractions
    "+1 555 0100, call +44 20 7946 0958",
    "https://maps.app.goo.gl/X7sLq2Vd3kPz",
    "ChIJN1t_tDeuEmsRUsoyG83frY4",
    "31°N 121°E",  // whole degrees: a region, not a place
    "31°75'N 121°28'E",  // 75 minutes
    "rotated 90°, 12.5° tilt",
    "translate 31.23, longest 121.47",  // names inside words
    "lat: 31.2, lon: 121.4",  // one decimal
    "lat: 95.25, lon: 10.25",  // latitude beyond 90
    "lat 31.23 and after a long digression about something else, lon 121.47",
    "",
  ])
  func staysQuiet(_ text: String) {
    #expect(CoordinateText.find(in: text).isEmpty, "\(text): \(CoordinateText.find(in: text))")
  }

  @Test func findsEveryCoordinateWithItsRange() {
    let text = "from 31.230416, 121.473701 to +40.7484-073.9857/ and back"
    let matches = CoordinateText.find(in: text)
    #expect(matches.map(\.form) == [.decimalPair, .iso6709])
    let bytes = Array(text.utf8)
    #expect(matches.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["31.230416, 121.473701", "+40.7484-073.9857/"])
  }

  @Test func hostileTextEnds() {
    // Long runs of what a coordinate starts with: linear, and nothing found.
    let text = String(repeating: "+1", count: 50_000) + String(repeating: "9.", count: 50_000)
    #expect(CoordinateText.find(in: text).isEmpty)
  }
}
