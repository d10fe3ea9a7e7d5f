import PhotoCore
import Testing

/// Each metadata check, positive and negative, on hand-made models.
@Suite struct ChecksTests {
  static func output(gps: [GPSFix] = [], exifOrientation: Int? = nil, tags: [MetadataTag] = []) -> PhotoMetadata {
    var m = PhotoMetadata(path: "out.jpg", fileSize: 1000, format: .jpeg, stored: PixelSize(width: 300, height: 400),
                          displayed: PixelSize(width: 300, height: 400))
    m.gps = gps
    m.orientation.exif = exifOrientation
    m.tags = tags
    return m
  }

  static func descriptor(gpsRemoved: Bool, width: Int = 300, height: Int = 400, size: Int = 1000) -> Descriptor {
    let text = #"{"format":"jpeg","width":\#(width),"height":\#(height),"size_bytes":\#(size),"gps_removed":\#(gpsRemoved)}"#
    return try! Descriptor.parse(Array(text.utf8), path: "out.json")
  }

  static func ids(_ subject: CheckSubject) -> [String] { CheckRegistry.run(subject).map(\.id.rawValue) }

  @Test func gpsInXMPWithTrueClaimIsPA001AndPA002() {
    let s = CheckSubject(output: Self.output(gps: [GPSFix(carrier: .xmp, latitude: 1, longitude: 2)]),
                         descriptor: Self.descriptor(gpsRemoved: true))
    #expect(Self.ids(s) == ["PA001", "PA002"])
    #expect(CheckRegistry.run(s)[1].carrier == "xmp")
  }

  @Test func cleanOutputWithTrueClaimHasNoFindings() {
    #expect(Self.ids(CheckSubject(output: Self.output(), descriptor: Self.descriptor(gpsRemoved: true))).isEmpty)
  }

  @Test func incompletePartsArePA015ErrorsEvenWithATrueClaimThatHolds() {
    var m = Self.output()
    m.incomplete = [IncompleteCheck(scope: "png/zTXt", reason: "inflated text is over the 16 MiB cap"),
                    IncompleteCheck(scope: "png/zTXt", reason: "inflated text is over the 16 MiB cap")]
    let f = CheckRegistry.run(CheckSubject(output: m, descriptor: Self.descriptor(gpsRemoved: true)))
    #expect(f.map(\.id) == [.incompleteCheck])
    #expect(f.first?.severity == .error)
    #expect(f.first?.carrier == "png/zTXt")
    #expect(f.first?.evidence.contains("16 MiB cap") == true)
  }

  @Test func understatedClaimIsInfo() {
    let f = CheckRegistry.run(CheckSubject(output: Self.output(), descriptor: Self.descriptor(gpsRemoved: false)))
    #expect(f.map(\.id) == [.claimUnderstated])
    #expect(f.first?.severity == .info)
  }

  @Test(arguments: [(nil, 0), (1, 0), (6, 1), (0, 1), (9, 1)] as [(Int?, Int)])
  func orientationTag(value: Int?, expected: Int) {
    let f = CheckRegistry.run(CheckSubject(output: Self.output(exifOrientation: value)))
    #expect(f.filter { $0.id == .orientationTag }.count == expected)
  }

  @Test func descriptorThatLiesAboutSize() {
    let f = CheckRegistry.run(CheckSubject(output: Self.output(), descriptor: Self.descriptor(gpsRemoved: true, width: 1536, height: 2048, size: 245760)))
    #expect(f.map(\.tag) == ["width", "height", "size_bytes"])
    #expect(f.allSatisfy { $0.id == .descriptorMismatch })
  }

  @Test func locationTextAndIdentifyingFields() {
    let tags = [MetadataTag(carrier: .iptc, group: "IPTC", name: "City", value: .text("Shanghai")),
                MetadataTag(carrier: .exif, group: "ExifIFD", name: "SerialNumber", value: .text("12345"))]
    let f = CheckRegistry.run(CheckSubject(output: Self.output(tags: tags)))
    #expect(f.map(\.id) == [.locationText, .identifyingFields])
    #expect(f.map(\.severity) == [.warning, .warning])
  }

  @Test func policyDisablesAndChangesSeverity() throws {
    let policy = try Policy.parse(Array(#"{"disable":["PA007"],"severity":{"location-text":"error"}}"#.utf8))
    let tags = [MetadataTag(carrier: .iptc, group: "IPTC", name: "City", value: .text("Paris")),
                MetadataTag(carrier: .exif, group: "IFD0", name: "Artist", value: .text("Me"))]
    let f = CheckRegistry.run(CheckSubject(output: Self.output(tags: tags)), policy: policy)
    #expect(f.map(\.id) == [.locationText])
    #expect(f.first?.severity == .error)
  }

  @Test(arguments: [#"{"disable":"PA001"}"#, #"{"disable":["PA999"]}"#, #"{"severity":{"PA001":"fatal"}}"#, #"{"x":1}"#, "[]"])
  func badPoliciesAreRejected(text: String) {
    #expect(throws: Policy.Problem.self) { try Policy.parse(Array(text.utf8)) }
  }

  /// Only a document that is not a JSON object cannot be used at all; a wrongly typed or
  /// missing field leaves the other claims to check (`DescriptorTests`).
  @Test(arguments: ["not json", "[1]", "\"text\"", "{\"a\": 1"])
  func descriptorsThatAreNotJSONObjectsAreProblems(text: String) {
    #expect(throws: Descriptor.Problem.self) { try Descriptor.parse(Array(text.utf8), path: "d.json") }
  }

  /// An unreadable output is PA013, and nothing else is judged from it — except GPS read before
  /// the problem: GPS found is GPS (fail closed), so it is still PA001.
  @Test func unreadableOutputIsPA013PlusTheGPSItHolds() {
    var m = Self.output()
    m.error = "JPEG ends early"
    m.orientation.exif = 6
    #expect(Self.ids(CheckSubject(output: m)) == ["PA013"])
    m.gps = [GPSFix(carrier: .exif, latitude: 1, longitude: 1)]
    #expect(Self.ids(CheckSubject(output: m)) == ["PA013", "PA001"])
  }

  @Test func secondaryImageMetadataAndICC() {
    var out = Self.output()
    out.embeddedImages = [EmbeddedImage(kind: .mpfImage, item: 2, offset: 5000, length: 900, role: "Disparity", carrierKinds: [.exif])]
    var original = Self.output()
    original.carriers = [Carrier(kind: .icc, offset: 20, length: 500)]
    original.iccDescription = "Display P3"
    let f = CheckRegistry.run(CheckSubject(output: out, original: original))
    #expect(f.map(\.id) == [.secondaryImageMetadata, .iccDropped])
    #expect(f[1].evidence.contains("Display P3"))
  }
}
