import Bytes
import Foundation
import PhotoCore
import Testing

/// Sidecars read as metadata files of their own (SPEC "Formats"): XMP packets and Google Takeout
/// JSON, told by content (`SidecarSniffer`), their GPS PA001 with carrier `sidecar`. Fixtures:
/// `Fixtures/sidecars` (Fixtures/gen/sidecars.sh; `real/` holds ExifTool's and darktable's own
/// sidecars), checked against ExifTool 12.57 (`expected/sidecars`).
@Suite struct SidecarTests {
  static func fixture(_ relative: String) -> String { FixtureFiles.path("sidecars/" + relative) }

  /// "carrier: latitude, longitude" of each fix that locates, "info carrier" of GPS without
  /// coordinates, "PA015 scope" of what was not checked.
  static func summary(_ m: PhotoMetadata) -> [String] {
    m.gps.map { fix in
      "\(fix.path) \(fix.latitude.map { GPSEvidenceText.degrees($0) } ?? "-"), \(fix.longitude.map { GPSEvidenceText.degrees($0) } ?? "-")"
        + (fix.unreadable.map { " unreadable: \($0)" } ?? "")
    } + m.gpsWithoutCoordinates.map { "info \($0.path)" } + m.incomplete.map { "PA015 \($0.scope)" }
  }

  @Test(arguments: [
    ("xmp/exiftool-gps.xmp", ImageFormat.xmp, ["sidecar 31.230416, 121.473701"]),
    ("xmp/exiv2-gps.xmp", .xmp, ["sidecar 31.230416, 121.473701"]),
    ("xmp/digikam-gps.xmp", .xmp, ["sidecar 31.230416, 121.473701"]),
    ("xmp/lightroom-gps.xmp", .xmp, ["sidecar 31.230416, 121.473701"]),
    ("xmp/darktable-gps.NEF.xmp", .xmp, ["sidecar 37.331686, -122.030656"]),
    ("xmp/utf16-gps.xmp", .xmp, ["sidecar 31.230416, 121.473701"]),
    ("xmp/no-gps.xmp", .xmp, []),
    // Cut inside its rdf:Description: not read (PA015); its GPS properties are found in its bytes
    // (the sweep's signatures: a property with a value, not decoded to degrees).
    ("xmp/cut-gps.xmp", .xmp, ["raw-bytes -, -", "raw-bytes -, -", "PA015 sidecar"]),
    ("real/darktable/DSC_9034.NEF.xmp", .xmp, []),
    ("takeout/geodata.json", .takeoutJSON, ["sidecar 31.230416, 121.473701", "sidecar 37.331686, -122.030656"]),
    ("takeout/exif-only.json", .takeoutJSON, ["sidecar 31.230416, 121.473701"]),
    ("takeout/zeros.json", .takeoutJSON, []),
    ("takeout/altitude-only.json", .takeoutJSON, ["info sidecar"]),
    ("takeout/not-a-number.json", .takeoutJSON, ["sidecar -, 121.473701 unreadable: geoData.latitude is not a number"]),
    ("takeout/description.json", .takeoutJSON, ["sidecar 37.331686, -122.030656"]),
  ])
  func eachSidecarIsReadOnItsOwn(_ name: String, _ format: ImageFormat, _ expected: [String]) {
    let m = Inspector.inspect(path: Self.fixture(name))
    #expect(m.error == nil, "\(name): \(m.error ?? "")")
    #expect(m.format == format)
    #expect(m.stored == nil && m.displayed == nil, "a sidecar has no pixels")
    #expect(Self.summary(m) == expected, "\(name)")
    #expect(m.carriers.map(\.kind) == [.sidecar])
  }

  @Test func takeoutFieldsAreNamedAsExifToolNamesThem() throws {
    let m = Inspector.inspect(path: Self.fixture("takeout/description.json"))
    let oracle = try Self.exifTool("takeout/description.json")
    // Every JSON:* tag ExifTool shows, with its name; people's names one list, as ExifTool's.
    let ours = Set(m.tags.map { "\($0.group):\($0.name)" })
    let theirs = Set(oracle.keys.filter { $0.hasPrefix("JSON:") })
    #expect(ours == theirs)
    #expect(m.tags.first { $0.name == "PeopleName" }?.value == .list([.text("Jane Fixture"), .text("John Fixture")]))
    #expect(m.tags.allSatisfy { $0.carrier == .sidecar })
  }

  // MARK: - What is a sidecar (by content, never by name)

  @Test(arguments: [
    ("<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'/>", true),
    ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"Adobe XMP Core 7.0\"></x:xmpmeta>", true),
    ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>", true),
    ("\u{FEFF}  <!-- a comment -->\n<xmp:xmpmeta xmlns:xmp='adobe:ns:meta/'/>", true),
    ("<x:xapmeta xmlns:x='adobe:ns:meta/'/>", true),
    ("<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'/>", false),
    ("<html><body>x:xmpmeta</body></html>", false),
    ("<?xml version=\"1.0\"?><svg/>", false),
    ("{\"geoData\": {}}", false),
    ("<!-- never closed", false),
    ("", false),
  ])
  func xmpPacketsAreToldByTheirFirstElement(_ text: String, _ isXMP: Bool) {
    #expect(SidecarSniffer.isXMPPacket(Array(text.utf8)) == isXMP)
  }

  @Test func utf16PacketsAreRecognised() {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><x:xmpmeta xmlns:x='adobe:ns:meta/'/>"
    #expect(SidecarSniffer.isXMPPacket([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    #expect(SidecarSniffer.isXMPPacket([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
  }

  @Test(arguments: [
    ("{\"title\": \"a.jpg\", \"geoData\": {\"latitude\": 1.5, \"longitude\": 2.5}}", ImageFormat?.some(.takeoutJSON)),
    ("{\"photoTakenTime\": {\"timestamp\": \"1\"}}", .takeoutJSON),
    // A descriptor (a claim of its own) is never a Takeout sidecar, whatever else it holds.
    ("{\"gps_removed\": true, \"geoData\": {\"latitude\": 1.5, \"longitude\": 2.5}}", nil),
    ("{\"media_id\": \"x\", \"format\": \"jpeg\"}", nil),
    ("{\"title\": \"a.jpg\", \"description\": \"\"}", nil),
    ("[{\"geoData\": {}}]", nil),
    ("{\"geoData\": ", nil),
  ])
  func takeoutJSONIsToldByItsKeys(_ text: String, _ format: ImageFormat?) {
    #expect(SidecarSniffer.sniff(MemorySource(Array(text.utf8))) == format)
  }

  @Test func anImageIsNeverASidecarAndASidecarNameIsNoImage() throws {
    // A JPEG named .xmp is read as the JPEG it is.
    let jpeg = Inspector.inspect(path: Self.fixture("pairs/IMG_1004.xmp"))
    #expect(jpeg.format == .jpeg)
    #expect(jpeg.gps.map(\.path) == [CarrierPath("exif")])
    // Text named .xmp is nothing photoaudit reads (PA013), as before sidecars.
    let text = Inspector.inspect(path: Self.fixture("pairs/IMG_1005.xmp"))
    #expect(text.format == nil && text.error?.hasPrefix("not a JPEG") == true)
  }

  // MARK: - ExifTool

  /// ExifTool's tags of a sidecar fixture (expected/sidecars).
  static func exifTool(_ name: String) throws -> [String: JSONValue] {
    let bytes = try FileSource(path: FixtureFiles.path("expected/sidecars/\(name).exiftool.json")).allBytes()
    guard case .array(let files)? = try? JSONParser.parse(bytes), case .object(let members)? = files.first else { return [:] }
    return Dictionary(members, uniquingKeysWith: { first, _ in first })
  }

  /// Whether ExifTool shows coordinates in a sidecar: a GPS latitude or longitude in XMP, or a
  /// Takeout location (JSON:GeoData…, JSON:GeoDataExif…) that is not 0 (Takeout's "none").
  static func exifToolShowsCoordinates(_ tags: [String: JSONValue]) -> Bool {
    tags.contains { key, value in
      let name = key.split(separator: ":").last.map(String.init) ?? key
      if ["GPSLatitude", "GPSLongitude"].contains(name) { return true }
      guard ["GeoDataLatitude", "GeoDataLongitude", "GeoDataExifLatitude", "GeoDataExifLongitude"].contains(name) else { return false }
      return value.doubleValue.map { $0 != 0 } ?? true
    }
  }

  /// Each disagreement with ExifTool, and why. A new one fails the test.
  static let explained: [String: String] = [
    "xmp/cut-gps.xmp": "cut inside its rdf:Description: ExifTool stops at the format error and shows no tag; we cannot parse it either (PA015) but find its GPS properties in its bytes (the sweep's XMP signature): a leak",
    "takeout/description.json": "coordinates written in the description text: ExifTool shows the text, no coordinate tag; we read them as a decimal pair (the text sweep)",
  ]

  /// The oracle (issue 25: "no PA001 where ExifTool shows none", and the reverse): every sidecar
  /// fixture, ExifTool's and darktable's real sidecars included.
  @Test func agreesWithExifToolOnEverySidecar() throws {
    let root = FixtureFiles.path("sidecars")
    let names = try FileManager.default.subpathsOfDirectory(atPath: root)
      .filter { SidecarNames.isSidecarName($0) }.sorted()
    try #require(names.count >= 40, "the sidecar fixtures (Fixtures/gen/sidecars.sh)")
    var unexplained: [String] = []
    var explainedSeen: [String] = []
    for name in names {
      let m = Inspector.inspect(path: root + "/" + name)
      // Files named as sidecars that are none (a JPEG, text, a descriptor): not this oracle's.
      guard m.format?.isSidecar == true else { continue }
      let ours = m.gps.contains { $0.locates }
      let theirs = try Self.exifToolShowsCoordinates(Self.exifTool(name))
      guard ours != theirs else { continue }
      if Self.explained[name] != nil { explainedSeen.append(name) } else { unexplained.append("\(name): ours \(ours), ExifTool \(theirs)") }
    }
    #expect(unexplained.isEmpty, "\(unexplained)")
    #expect(Set(explainedSeen) == Set(Self.explained.keys), "an explained disagreement is gone: update the list")
  }

  // MARK: - Hostile sidecars

  /// Every prefix of a sidecar is read without trapping and never passes as whole: it is
  /// unreadable (PA013: no format recognised, or empty), not fully checked (PA015), or its packet
  /// is complete (an XMP file cut after `</x:xmpmeta>`).
  @Test(arguments: ["xmp/exiftool-gps.xmp", "xmp/lightroom-gps.xmp", "xmp/utf16-gps.xmp", "takeout/geodata.json"])
  func truncationSweep(_ name: String) throws {
    let bytes = try FileSource(path: Self.fixture(name)).allBytes()
    let end = Array("</x:xmpmeta>".utf8)
    let endUTF16 = "</x:xmpmeta>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    for n in 0..<bytes.count {
      let prefix = Array(bytes.prefix(n))
      let m = Inspector.inspect(source: MemorySource(prefix), path: name)
      let complete = ByteSearch.firstIndex(of: end[...], in: prefix) != nil || ByteSearch.firstIndex(of: endUTF16[...], in: prefix) != nil
      #expect(m.error != nil || !m.incomplete.isEmpty || complete, "\(name) cut to \(n) bytes passed as whole")
    }
  }

  @Test(arguments: ["xmp/exiftool-gps.xmp", "xmp/darktable-gps.NEF.xmp", "takeout/geodata.json"])
  func mutatedSidecarsNeverTrap(_ name: String) throws {
    let original = try FileSource(path: Self.fixture(name)).allBytes()
    var rng = XMPSplitMix(seed: 0x51DE_CA45)
    let interesting: [UInt8] = Array("<>&;/=\"'{}[],:0-.eE\\u\0".utf8) + [0xFF, 0xFE, 0xC3]
    var located = 0
    for _ in 0..<400 {
      let bytes = rng.mutate(original, with: interesting)
      let m = Inspector.inspect(source: MemorySource(bytes), path: name)
      if m.gps.contains(where: \.locates) { located += 1 }
    }
    // Most mutants keep a readable location somewhere (decoded, swept, or as JSON numbers).
    #expect(located > 100, "\(name): \(located) of 400")
  }

  /// Past the 16 MiB sidecar cap nothing is decoded (PA015) and every byte is swept: the GPS
  /// property at the end is still found.
  @Test func anOversizedSidecarIsSweptNotDecoded() {
    let head = Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:exif='http://ns.adobe.com/exif/1.0/'><dc:description>".utf8)
    let tail = Array("</dc:description><exif:GPSLatitude>31,13.82496N</exif:GPSLatitude></rdf:Description></rdf:RDF></x:xmpmeta>".utf8)
    let bytes = head + [UInt8](repeating: UInt8(ascii: "a"), count: SidecarWalker.maxBytes) + tail
    let inspection = Inspector.read(source: MemorySource(bytes), path: "big.xmp")
    #expect(inspection.metadata.format == .xmp)
    #expect(inspection.metadata.incomplete.map(\.scope) == ["sidecar"])
    #expect(inspection.metadata.gps.map(\.path) == [CarrierPath("raw-bytes")])
    #expect(inspection.metadata.gps.first?.signature?.revealed.contains("<exif:GPSLatitude>31,13.82496N") == true)
  }
}

/// Degrees as reports print them, for the summaries above.
enum GPSEvidenceText {
  static func degrees(_ value: Double) -> String { String(format: "%.6f", value) }
}
