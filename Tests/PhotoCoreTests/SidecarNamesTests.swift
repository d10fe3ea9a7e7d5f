import PhotoCore
import Testing

/// Which sidecar names go with which photo (`SidecarNames`). The Takeout pairs are the real
/// export names the tools that read Takeout exports test against: ente
/// (`web/apps/photos/tests/upload.test.ts`), immich-go (`adapters/googlePhotos/matcher_test.go`)
/// and GooglePhotosTakeoutHelper (`test/gpth_test.dart`), each row naming its source.
@Suite struct SidecarNamesTests {
  /// (photo, sidecar, source): the sidecar is one of the photo's.
  static let pairs: [(String, String, String)] = [
    // XMP: Lightroom / Capture One, darktable / digiKam
    ("IMG_0001.CR2", "IMG_0001.xmp", "Lightroom"),
    ("IMG_0001.CR2", "IMG_0001.XMP", "Lightroom on Windows"),
    ("IMG_0001.CR2", "IMG_0001.CR2.xmp", "darktable, digiKam"),
    ("IMG_0001.jpg", "IMG_0001.jpg.xmp", "darktable, digiKam"),
    // Takeout before late 2024: NAME.EXT.json, cut to 46 before .json
    ("IMG_0001.jpg", "IMG_0001.jpg.json", "SPEC"),
    ("IMG_0001.jpg", "IMG_0001.json", "GPTH _noExtension"),
    ("PXL_20211013_220651983.jpg", "PXL_20211013_220651983.jpg.json", "immich-go"),
    ("PXL_20231118_035751175.MP.jpg", "PXL_20231118_035751175.MP.jpg.json", "immich-go"),
    ("PXL_20210102_221126856.MP~2.jpg", "PXL_20210102_221126856.MP~2.jpg.json", "immich-go #405"),
    ("PXL_20230809_203449253.LONG_EXPOSURE-02.ORIGINA.jpg", "PXL_20230809_203449253.LONG_EXPOSURE-02.ORIGIN.json", "immich-go"),
    ("05yqt21kruxwwlhhgrwrdyb6chhwszi9bqmzu16w0 2.jpg", "05yqt21kruxwwlhhgrwrdyb6chhwszi9bqmzu16w0 2.jp.json", "immich-go"),
    ("21345678901234567890123456789012345678901234567.png", "2134567890123456789012345678901234567890123456.json", "ente"),
    ("Urlaub in Knaufspesch in der Schneifel (38).JPG", "Urlaub in Knaufspesch in der Schneifel (38).JP.json", "GPTH #8"),
    ("Screenshot_2022-10-28-09-31-43-118_com.snapchat.jpg", "Screenshot_2022-10-28-09-31-43-118_com.snapcha.json", "GPTH"),
    ("original_1d4caa6f-16c6-4c3d-901b-9387de10e528_P.jpg", "original_1d4caa6f-16c6-4c3d-901b-9387de10e528_.json", "immich-go"),
    // 46 UTF-16 code units: 22 emoji outside the BMP count 2 each, ☺️ (2 scalars) 2
    ("😀😃😄😁😆😅😂🤣🥲☺️😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛.jpg", "😀😃😄😁😆😅😂🤣🥲☺️😊😇🙂🙃😉😌😍🥰😘😗😙😚😋.json", "immich-go"),
    // numbered duplicates: the number after the extension, after the cut
    ("IMG20210211174722(1).jpg", "IMG20210211174722.jpg(1).json", "ente"),
    ("DSC_0101(1).JPG", "DSC_0101.JPG(1).json", "immich-go"),
    ("IMG_2710(1).HEIC", "IMG_2710.HEIC(1).json", "immich-go"),
    ("IMG2021021(4455)74722(1).jpg", "IMG2021021(4455)74722.jpg(1).json", "ente"),
    ("IMG2021021.json74722(1).jpg", "IMG2021021.json74722.jpg(1).json", "ente"),
    ("IMG2021021(1)74722(1).jpg", "IMG2021021(1)74722.jpg(1).json", "ente"),
    ("img_(87).(vacation stuff).lol(87).jpg", "img_(87).(vacation stuff).lol.jpg(87).json", "GPTH"),
    ("13039_327707840323_537645323_9470255_27214_n(1).jpg", "13039_327707840323_537645323_9470255_27214_n.j(1).json", "immich-go #613"),
    ("Backyard_ceremony_wedding_photography_xxxxxxx_m(494).jpg", "Backyard_ceremony_wedding_photography_xxxxxxx_(494).json", "immich-go"),
    ("original_1d4caa6f-16c6-4c3d-901b-9387de10e528_P(1).jpg", "original_1d4caa6f-16c6-4c3d-901b-9387de10e528_.json", "immich-go"),
    ("IMG_0001(1).jpg", "IMG_0001(1).jpg.json", "SPEC: NAME(1).EXT.json"),
    // edited copies share their original's JSON
    ("IMG20210211125718-edited.jpg", "IMG20210211125718.jpg.json", "ente"),
    ("image-edited.jpg", "image-edited.jpg.json", "GPTH"),
    ("simple_file_20200101-edited.jpg", "simple_file_20200101.jpg.json", "GPTH"),
    ("IMG-20150125-WA0003-modifié.jpg", "IMG-20150125-WA0003.jpg.json", "GPTH"),
    ("PXL_20220405_090123740.PORTRAIT-modifié.jpg", "PXL_20220405_090123740.PORTRAIT.jpg.json", "immich-go"),
    // late 2024 on: NAME.EXT.supplemental-metadata.json, cut to 46 before .json
    ("IMG_1159.HEIC", "IMG_1159.HEIC.supplemental-metadata.json", "ente"),
    ("20161105_170829.jpg", "20161105_170829.jpg.supplemental-metadata.json", "immich-go #652"),
    ("PXL_20241231_151646544.MP.jpg", "PXL_20241231_151646544.MP.jpg.supplemental-met.json", "ente"),
    ("MVIMG_20191230_232926.jpg", "MVIMG_20191230_232926.jpg.supplemental-metadat.json", "immich-go #652"),
    ("Screenshot_20200301-161151.png", "Screenshot_20200301-161151.png.supplemental-me.json", "immich-go #652"),
    ("Screenshot_20231027_123303_Facebook.jpg", "Screenshot_20231027_123303_Facebook.jpg.supple.json", "immich-go #652"),
    ("Screenshot_20231027_123303_Facebook(1).jpg", "Screenshot_20231027_123303_Facebook.jpg.supple(1).json", "immich-go #652"),
    ("PXL_20240827_094331806.PORTRAIT(1).jpg", "PXL_20240827_094331806.PORTRAIT.jpg.supplement(1).json", "ente"),
    ("PXL_20240506_142610305.LONG_EXPOSURE-01.COVER.jpg", "PXL_20240506_142610305.LONG_EXPOSURE-01.COVER..json", "ente"),
    ("PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg", "PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg..json", "ente"),
    ("20220322_205147-edited(1).jpg", "20220322_205147.jpg.supplemental-metadata(1).json", "ente"),
    ("skytree (2).jpg", "skytree (2).jpg.supplemental-metadata.json", "ente"),
  ]

  /// (photo, name, source): the name is not one of the photo's sidecars.
  static let strangers: [(String, String, String)] = [
    ("PXL_20211013_220651958.jpg", "PXL_20211013_220651983.jpg.json", "immich-go: another photo"),
    ("DSC_0102(1).JPG", "DSC_0102.JPG(2).json", "immich-go: another duplicate"),
    ("DSC_0103.JPG", "DSC_0103.JPG(1).json", "immich-go: the duplicate's"),
    ("DSC_0104(1).JPG", "DSC_0104.JPG.json", "immich-go: the first one's"),
    ("PXL_20220405_090123741.PORTRAIT-modifié.jpg", "PXL_20220405_090123740.PORTRAIT.jpg.json", "immich-go: another photo"),
    ("Backyard_ceremony_wedding_photography_xxxxxxx_m(185).jpg", "Backyard_ceremony_wedding_photography_xxxxxxx_(494).json", "immich-go"),
    // GPTH finds these only in its "try hard" mode: a numbered edited copy's JSON is numbered.
    ("simple_file_20200101-edited(1).jpg", "simple_file_20200101.jpg.json", "GPTH tryhard"),
    ("IMG-20150125-WA0003-modifié(1).jpg", "IMG-20150125-WA0003.jpg.json", "GPTH tryhard"),
    ("IMG_0001.jpg", "IMG_0002.xmp", "another stem"),
    ("IMG_0001.jpg", "IMG_0001.jpg.txt", "not a sidecar extension"),
  ]

  @Test(arguments: pairs)
  func aPhotoClaimsItsSidecar(_ photo: String, _ sidecar: String, _ source: String) {
    #expect(SidecarNames.candidates(forPhotoNamed: photo).contains(sidecar), "\(source)")
  }

  @Test(arguments: strangers)
  func aPhotoDoesNotClaimAnother(_ photo: String, _ name: String, _ source: String) {
    #expect(!SidecarNames.candidates(forPhotoNamed: photo).contains(name), "\(source)")
  }

  @Test func aPlainPhotoHasSevenCandidatesInAFixedOrder() {
    #expect(SidecarNames.candidates(forPhotoNamed: "IMG_0001.jpg") == [
      "IMG_0001.xmp", "IMG_0001.jpg.xmp", "IMG_0001.XMP", "IMG_0001.jpg.XMP",
      "IMG_0001.json", "IMG_0001.jpg.json", "IMG_0001.jpg.supplemental-metadata.json",
    ])
    // A sidecar has none (a JSON is never a photo); a name without extension has its own.
    #expect(SidecarNames.candidates(forPhotoNamed: "IMG_0001.jpg.json").isEmpty)
    #expect(SidecarNames.candidates(forPhotoNamed: "IMG_0001.XMP").isEmpty)
    #expect(SidecarNames.candidates(forPhotoNamed: "20030616") == [
      "20030616.xmp", "20030616.XMP", "20030616.json", "20030616.supplemental-metadata.json",
    ])
  }

  @Test func takeoutCutsAt46UTF16CodeUnits() {
    #expect(SidecarNames.takeoutNameLimit == 46)
    let cut = SidecarNames.candidates(forPhotoNamed: "IMG_20240101_123456789_HDR_Portrait_Mode.jpg")
    #expect(cut.contains("IMG_20240101_123456789_HDR_Portrait_Mode.jpg.s.json"))  // 44 + ".s" = 46
    // A cut never splits a character outside the BMP: 23 × 2 units = 46; one more is dropped whole.
    let emoji = String(repeating: "😀", count: 24) + ".jpg"
    #expect(SidecarNames.candidates(forPhotoNamed: emoji).contains(String(repeating: "😀", count: 23) + ".json"))
    let odd = "a" + String(repeating: "😀", count: 24) + ".jpg"  // 1 + 2k: the 46th unit is half an emoji
    #expect(SidecarNames.candidates(forPhotoNamed: odd).contains("a" + String(repeating: "😀", count: 22) + ".json"))
  }

  @Test(arguments: [("IMG_1.xmp", true, false), ("a/IMG_1.XMP", true, false), ("IMG_1.Json", false, true),
                    ("IMG_1.jpg", false, false), (".xmp", false, false), ("dir.xmp/IMG_1", false, false)])
  func namesOfSidecars(_ path: String, _ xmp: Bool, _ json: Bool) {
    #expect(SidecarNames.isXMPName(path) == xmp)
    #expect(SidecarNames.isJSONName(path) == json)
  }
}
