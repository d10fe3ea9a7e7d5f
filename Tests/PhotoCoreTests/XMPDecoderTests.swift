import Testing
@testable import PhotoCore

/// XMP packets written by hand: both RDF forms, arrays, structures, names and groups.
struct XMPDecoderTests {
  static let namespaces = """
    xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" \
    xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" \
    xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" \
    xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#" \
    xmlns:stRef="http://ns.adobe.com/xap/1.0/sType/ResourceRef#" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" \
    xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" \
    xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/" \
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" \
    xmlns:aux="http://ns.adobe.com/exif/1.0/aux/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" \
    xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/" \
    xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" \
    xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/"
    """

  /// Wraps a Description's attributes and body in a full packet.
  static func packet(attributes: String = "", body: String = "") -> [UInt8] {
    Array("""
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Hand 1.0">
      <rdf:RDF \(namespaces)>
      <rdf:Description rdf:about="" \(attributes)>
      \(body)
      </rdf:Description>
      </rdf:RDF>
      </x:xmpmeta>
      <?xpacket end="w"?>
      """.utf8)
  }

  static func decode(attributes: String = "", body: String = "") throws -> XMPContents {
    try XMPDecoder.decode(packet(attributes: attributes, body: body))
  }

  static func value(_ c: XMPContents, _ group: String, _ name: String) -> TagValue? {
    c.tags.first { $0.group == group && $0.name == name }?.value
  }

  @Test func attributeAndElementFormsGiveTheSameTags() throws {
    let attr = try Self.decode(attributes: #"tiff:Orientation="6" tiff:Make="Canon" exif:ExposureTime="1/100""#)
    let elem = try Self.decode(body: """
      <tiff:Orientation>6</tiff:Orientation><tiff:Make>Canon</tiff:Make><exif:ExposureTime>1/100</exif:ExposureTime>
      """)
    #expect(attr.tags == elem.tags)
    #expect(attr.orientation == 6)
    #expect(Self.value(attr, "XMP-tiff", "Make") == .text("Canon"))
    #expect(Self.value(attr, "XMP-x", "XMPToolkit") == .text("Hand 1.0"))
    #expect(attr.tags.allSatisfy { $0.carrier == .xmp && $0.item == nil })
  }

  @Test func carrierAndItemAreRecorded() throws {
    let c = try XMPDecoder.decode(Self.packet(attributes: #"exif:GPSLatitude="10,30N""#), carrier: .xmp, item: 3)
    #expect(c.tags.allSatisfy { $0.item == 3 })
    #expect(c.gps?.item == 3)
    #expect(c.gps?.carrier == .xmp)
  }

  @Test func arraysBecomeListsWithXDefaultFirst() throws {
    let c = try Self.decode(body: """
      <dc:subject><rdf:Bag><rdf:li>one</rdf:li><rdf:li>two</rdf:li></rdf:Bag></dc:subject>
      <dc:creator><rdf:Seq><rdf:li>Ann Author</rdf:li></rdf:Seq></dc:creator>
      <dc:title><rdf:Alt><rdf:li xml:lang="de">Titel</rdf:li><rdf:li xml:lang="x-default">Title</rdf:li></rdf:Alt></dc:title>
      <dc:rights><rdf:Alt/></dc:rights>
      """)
    #expect(Self.value(c, "XMP-dc", "Subject") == .list([.text("one"), .text("two")]))
    #expect(Self.value(c, "XMP-dc", "Creator") == .list([.text("Ann Author")]))
    #expect(Self.value(c, "XMP-dc", "Title") == .list([.text("Title"), .text("Titel")]))
    #expect(Self.value(c, "XMP-dc", "Rights") == nil)
    #expect(c.identifying.map(\.name) == ["Creator"])
  }

  @Test func nestedStructuresAreFlattenedLikeExifTool() throws {
    let c = try Self.decode(body: """
      <xmpMM:History><rdf:Seq>
        <rdf:li rdf:parseType="Resource"><stEvt:action>created</stEvt:action><stEvt:when>2025-01-01T10:00:00+08:00</stEvt:when></rdf:li>
        <rdf:li stEvt:action="saved" stEvt:softwareAgent="Photos"/>
        <rdf:li><rdf:Description stEvt:action="converted"><stEvt:parameters>to jpeg</stEvt:parameters></rdf:Description></rdf:li>
      </rdf:Seq></xmpMM:History>
      <xmpMM:DerivedFrom stRef:documentID="doc-1" stRef:instanceID="inst-1"/>
      <Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li rdf:parseType="Resource">
        <Iptc4xmpExt:City>Shanghai</Iptc4xmpExt:City><Iptc4xmpExt:Sublocation>Bund</Iptc4xmpExt:Sublocation>
        <Iptc4xmpExt:CountryName>China</Iptc4xmpExt:CountryName>
      </rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>
      <Iptc4xmpExt:LocationShown rdf:parseType="Resource"><Iptc4xmpExt:ProvinceState>Zhejiang</Iptc4xmpExt:ProvinceState></Iptc4xmpExt:LocationShown>
      <Iptc4xmpCore:CreatorContactInfo Iptc4xmpCore:CiAdrCity="Berlin" Iptc4xmpCore:CiEmailWork="a@b.c"/>
      <exif:Flash rdf:parseType="Resource"><exif:Fired>False</exif:Fired><exif:Mode>2</exif:Mode></exif:Flash>
      <exif:ISOSpeedRatings><rdf:Seq><rdf:li>100</rdf:li></rdf:Seq></exif:ISOSpeedRatings>
      <exif:PixelXDimension>4032</exif:PixelXDimension><tiff:ImageLength>3024</tiff:ImageLength>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default"><rdf:Description><rdf:value>Qualified</rdf:value><xmp:q>x</xmp:q></rdf:Description></rdf:li></rdf:Alt></dc:description>
      """)
    #expect(Self.value(c, "XMP-xmpMM", "HistoryAction") == .list([.text("created"), .text("saved"), .text("converted")]))
    #expect(Self.value(c, "XMP-xmpMM", "HistoryWhen") == .list([.text("2025-01-01T10:00:00+08:00")]))
    #expect(Self.value(c, "XMP-xmpMM", "HistorySoftwareAgent") == .list([.text("Photos")]))
    #expect(Self.value(c, "XMP-xmpMM", "HistoryParameters") == .list([.text("to jpeg")]))
    #expect(Self.value(c, "XMP-xmpMM", "DerivedFromDocumentID") == .text("doc-1"))
    #expect(Self.value(c, "XMP-iptcExt", "LocationCreatedCity") == .list([.text("Shanghai")]))
    #expect(Self.value(c, "XMP-iptcExt", "LocationCreatedSublocation") == .list([.text("Bund")]))
    #expect(Self.value(c, "XMP-iptcExt", "LocationShownProvinceState") == .text("Zhejiang"))
    #expect(Self.value(c, "XMP-iptcCore", "CreatorCity") == .text("Berlin"))
    #expect(Self.value(c, "XMP-iptcCore", "CreatorWorkEmail") == .text("a@b.c"))
    #expect(Self.value(c, "XMP-exif", "FlashFired") == .text("False"))
    #expect(Self.value(c, "XMP-exif", "FlashMode") == .text("2"))
    #expect(Self.value(c, "XMP-exif", "ISO") == .list([.text("100")]))
    #expect(Self.value(c, "XMP-exif", "ExifImageWidth") == .text("4032"))
    #expect(Self.value(c, "XMP-tiff", "ImageHeight") == .text("3024"))
    #expect(Self.value(c, "XMP-dc", "Description") == .list([.text("Qualified")]))
    #expect(c.locationText.map(\.name) == [
      "LocationCreatedCity", "LocationCreatedSublocation", "LocationCreatedCountryName", "LocationShownProvinceState",
    ])
    #expect(Set(c.identifying.map(\.name)) == [
      "HistoryAction", "HistoryWhen", "HistorySoftwareAgent", "HistoryParameters", "DerivedFromDocumentID",
      "DerivedFromInstanceID", "CreatorCity", "CreatorWorkEmail",
    ])
  }

  @Test func groupsFollowTheNamespaceURINotThePrefix() throws {
    let xml = """
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:e="http://ns.adobe.com/exif/1.0/" xmlns:my="urn:mine" xmlns:Iptc4xmpExt="urn:not-iptc"
        e:GPSLatitude="1.5" my:thing="v" Iptc4xmpExt:other="w"/>
      </rdf:RDF></x:xmpmeta>
      """
    let c = try XMPDecoder.decode(Array(xml.utf8))
    #expect(c.tags.map { "\($0.group):\($0.name)" } == ["XMP-exif:GPSLatitude", "XMP-my:Thing", "XMP-iptcExt:Other"])
    #expect(c.gps?.latitude == 1.5)
  }

  @Test func packetsWithoutWrapperOrWithSignatureOrUTF16AreRead() throws {
    let bare = #"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation="8"/></rdf:RDF>"#
    #expect(try XMPDecoder.decode(Array(bare.utf8)).orientation == 8)
    #expect(try XMPDecoder.decode(XMPDecoder.app1Signature + Array(bare.utf8)).orientation == 8)
    var utf16: [UInt8] = [0xFE, 0xFF]
    for u in bare.utf16 { utf16 += [UInt8(u >> 8), UInt8(u & 0xFF)] }
    let c16 = try XMPDecoder.decode(utf16)
    #expect(c16.orientation == 8)
    #expect(!c16.warnings.isEmpty)
    let empty = try XMPDecoder.decode(Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"/>"#.utf8))
    #expect(empty == XMPContents())
  }

  @Test func orientationCropAndExtendedGUID() throws {
    let c = try Self.decode(attributes: """
      tiff:Orientation="3" crs:HasCrop="True" crs:CropTop="0.1" crs:CropLeft="0.2" crs:CropBottom="0.9" \
      crs:CropRight="0.7" crs:CropAngle="1.5" xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF"
      """)
    #expect(c.orientation == 3)
    let crop = try #require(c.crop)
    #expect(crop.hasCrop && crop.angle == 1.5 && crop.isEffective)
    #expect(crop.rect(in: PixelSize(width: 1000, height: 500)) == PixelRect(x: 200, y: 50, width: 500, height: 400))
    #expect(c.extendedXMPGUID == "0123456789ABCDEF0123456789ABCDEF")
  }

  static let crops: [(String, PixelRect?)] = [
    (#"crs:HasCrop="False" crs:CropTop="0.1" crs:CropLeft="0.1" crs:CropBottom="0.9" crs:CropRight="0.9""#, nil),
    (#"crs:HasCrop="True" crs:CropTop="0" crs:CropLeft="0" crs:CropBottom="1" crs:CropRight="1""#,
     PixelRect(x: 0, y: 0, width: 400, height: 300)),
    (#"crs:HasCrop="True" crs:CropTop="0.5" crs:CropLeft="0" crs:CropBottom="0.5" crs:CropRight="1""#, nil),
    (#"crs:HasCrop="True" crs:CropTop="-0.1" crs:CropLeft="0" crs:CropBottom="0.5" crs:CropRight="1""#, nil),
    (#"crs:HasCrop="True" crs:CropTop="0" crs:CropLeft="0" crs:CropBottom="1.5" crs:CropRight="1""#, nil),
    (#"crs:HasCrop="True" crs:CropTop="0.25" crs:CropLeft="0.25""#, nil),
    (#"crs:HasCrop="True" crs:CropTop="nan" crs:CropLeft="0" crs:CropBottom="1" crs:CropRight="1""#, nil),
  ]

  @Test(arguments: crops)
  func cropRectangles(_ attributes: String, _ expected: PixelRect?) throws {
    let c = try Self.decode(attributes: attributes)
    #expect(try #require(c.crop).rect(in: PixelSize(width: 400, height: 300)) == expected)
  }

  @Test func locationAndIdentifyingFieldsAreListed() throws {
    let c = try Self.decode(attributes: """
      photoshop:City="Paris" photoshop:State="IDF" photoshop:Country="France" Iptc4xmpCore:Location="Louvre" \
      Iptc4xmpCore:CountryCode="FR" xmpMM:DocumentID="xmp.did:1" xmpMM:InstanceID="xmp.iid:2" \
      xmpMM:OriginalDocumentID="3" aux:SerialNumber="123" aux:LensSerialNumber="456" photoshop:Credit="Agency" \
      xmpRights:Owner="Me" xmp:Rating="5"
      """)
    #expect(c.locationText.map(\.name) == ["City", "State", "Country", "Location", "CountryCode"])
    #expect(c.identifying.map(\.name) == [
      "DocumentID", "InstanceID", "OriginalDocumentID", "SerialNumber", "LensSerialNumber", "Credit", "Owner",
    ])
    #expect(c.gps == nil)
    #expect(XMPDecoder.locationTags(in: c.tags) == c.locationText)
    #expect(XMPDecoder.identifyingTags(in: c.tags) == c.identifying)
  }

  @Test func malformedPacketsThrowWithTheOffsetInThePacket() {
    let bad = XMPDecoder.app1Signature + Array("<a><b></a>".utf8)
    #expect(throws: XMLSyntaxError.mismatchedEndTag(offset: XMPDecoder.app1Signature.count + 6, expected: "b", found: "a")) {
      try XMPDecoder.decode(bad)
    }
  }
}
