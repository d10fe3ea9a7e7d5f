import PhotoCore
import Testing

/// `TextTagSweep`: coordinates in the text of decoded tags become GPS fixes in the tag's
/// carrier, named by the tag; the same place already reported in that carrier (a GPS tag and
/// its text form) or by the byte sweep is not reported twice; lists are searched; hits are capped.
@Suite struct TextTagSweepTests {
  static func tag(_ carrier: CarrierKind, _ group: String, _ name: String, _ value: TagValue, document: CarrierPath = .root) -> MetadataTag {
    var t = MetadataTag(carrier: carrier, group: group, name: name, value: value)
    t.document = document
    return t
  }

  @Test func findsCoordinatesInTextTags() throws {
    var m = PhotoMetadata(path: "x.jpg")
    m.tags = [
      Self.tag(.exif, "IFD0", "Make", .text("Apple")),
      Self.tag(.exif, "IFD0", "ImageDescription", .text("at 31.230416, 121.473701")),
      Self.tag(.xmp, "XMP-dc", "Subject", .list([.text("holiday"), .text("lat 48.8584 lon 2.2945")]), document: CarrierPath("thumbnail")),
      Self.tag(.exif, "ExifIFD", "FNumber", .real(2.8)),
    ]
    TextTagSweep.sweep(into: &m)
    try #require(m.gps.count == 2, "\(m.gps)")
    #expect(m.gps[0].path.description == "exif")
    #expect(m.gps[0].tag == "IFD0:ImageDescription")
    #expect(m.gps[0].latitude == 31.230416 && m.gps[0].longitude == 121.473701)
    #expect(m.gps[0].locates)
    #expect(m.gps[1].path.description == "thumbnail/xmp")
    #expect(m.gps[1].tag == "XMP-dc:Subject")
    #expect(m.gps[1].latitude == 48.8584 && m.gps[1].longitude == 2.2945)
  }

  @Test func theSamePlaceInTheSameCarrierIsReportedOnce() {
    var m = PhotoMetadata(path: "x.mp4")
    m.gps = [GPSFix(carrier: .userData, latitude: 40.679993, longitude: -74.5)]
    m.tags = [Self.tag(.userData, "UserData", "LocationInformation", .text("Lat=40.67999 Lon=-74.50000"))]
    TextTagSweep.sweep(into: &m)
    #expect(m.gps.count == 1, "the decoded 3GPP loci and its text are one fix: \(m.gps)")
    // Another place in the same carrier, or the same place in another carrier, is reported.
    m.tags.append(Self.tag(.userData, "UserData", "Description", .text("Lat=41.50000 Lon=-74.50000")))
    m.tags.append(Self.tag(.xmp, "XMP-dc", "Description", .text("40.679993, -74.500000")))
    TextTagSweep.sweep(into: &m)
    #expect(m.gps.count == 3, "\(m.gps)")
  }

  @Test func hitsAreCapped() {
    var m = PhotoMetadata(path: "x.jpg")
    m.tags = (0..<100).map { Self.tag(.xmp, "XMP-dc", "Subject", .text("\(10 + $0).123456, 20.654321")) }
    TextTagSweep.sweep(into: &m)
    #expect(m.gps.count == TextTagSweep.maxHits)
  }
}
