import Foundation
import PhotoCore
import Pipeline
import Platform
import Testing

/// Sidecars paired with their photos by name and read with them (the photo's verdict includes
/// its sidecars'); a sidecar no photo claims is a file of its own. Fixtures:
/// `Fixtures/sidecars/pairs` — clean photos, every location in a sidecar beside them.
@Suite struct SidecarPairingTests {
  static let folder = FixtureFiles.path("sidecars/pairs")

  static func name(_ path: String) -> String { String(PathName.lastComponent(path)) }

  /// The leak scan of the pairs folder, as `audit DIR` plans it.
  static func plan(shard: Shard? = nil) throws -> AuditPlan {
    var selection = InputSelection()
    selection.paths = [folder]
    return AuditPlan(leakScan: try selection.resolveList { key in shard?.contains(key: key) ?? true })
  }

  /// Each job as "output [+ sidecar, …]".
  static func jobs(_ plan: AuditPlan) -> [String] {
    (0..<plan.count).map { index in
      let job = plan.job(index)
      #expect(job.output == plan.output(index))
      return ([name(job.output)] + job.sidecars.map(name)).joined(separator: " + ")
        + (job.descriptor.map { " (descriptor \(name($0)))" } ?? "")
    }
  }

  static let expectedJobs = [
    "IMG_1001.jpg + IMG_1001.xmp",
    "IMG_1002.jpg + IMG_1002.jpg.xmp",
    "IMG_1003.jpg + IMG_1003.XMP",
    "IMG_1004.jpg + IMG_1004.xmp",
    "IMG_1005.jpg + IMG_1005.xmp",
    "IMG_1009.xmp",
    "IMG_2001.jpg + IMG_2001.jpg.supplemental-metadata.json",
    "IMG_2002.jpg (descriptor IMG_2002.jpg.json)",
    "IMG_2003.jpg + IMG_2003.jpg.supplemental-metadata.json",
    "IMG_2004(1).jpg + IMG_2004.jpg.supplemental-metadata(1).json",
    "IMG_2004.jpg + IMG_2004.jpg.supplemental-metadata.json",
    "IMG_2005-edited.jpg + IMG_2005.jpg.json",
    "IMG_2005.jpg (descriptor IMG_2005.jpg.json)",
    "IMG_2006.jpg + IMG_2006.jpg.supplemental-metadata.json (descriptor IMG_2006.json)",
    "IMG_2007.jpg + IMG_2007.jpg.supplemental-metadata.json",
    "IMG_2009.jpg.supplemental-metadata.json",
    "PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg + PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg..json",
    "Screenshot_20231027_123303_Facebook.jpg + Screenshot_20231027_123303_Facebook.jpg.supple.json",
  ]

  @Test func theLeakScanPairsEverySidecarAndListsTheOnesWithoutAPhoto() throws {
    // `IMG_2002.jpg.json` and `IMG_2005.jpg.json` are at a descriptor's name: found as the
    // descriptor, told apart by content when read (`PairAuditor.sortJSON`).
    #expect(Self.jobs(try Self.plan()) == Self.expectedJobs)
  }

  @Test func shardsSplitTheSameJobsWithoutLosingOrRepeatingASidecar() throws {
    var all: [String] = []
    for k in 1...3 { all += Self.jobs(try Self.plan(shard: Shard(index: k, count: 3))) }
    // A pair goes where its photo goes; a sidecar of its own where its own key goes.
    #expect(all.sorted() == Self.expectedJobs.sorted())
  }

  /// The audit of each job: "ID carrier" of every finding, with the GPS evidence naming the sidecar.
  static func findings() throws -> [String: [String]] {
    var options = AuditOptions()
    options.comparePixels = false
    let plan = try Self.plan()
    var out: [String: [String]] = [:]
    for index in 0..<plan.count {
      let report = PairAuditor.audit(plan.job(index), options: options)
      out[name(report.output)] = report.findings.filter { $0.id != .identifyingFields }.map { "\($0.id.rawValue) \($0.carrier ?? "-")" }
      for finding in report.findings where finding.id == .gpsPresent && finding.carrier?.hasPrefix("sidecar") == true {
        #expect(report.sidecars.contains { finding.evidence.contains($0) } || report.output.hasSuffix(".xmp") || report.output.hasSuffix(".json"),
                "\(finding.evidence) names the sidecar")
      }
    }
    return out
  }

  @Test func aPhotosVerdictIncludesItsSidecars() throws {
    let f = try Self.findings()
    #expect(f == [
      "IMG_1001.jpg": ["PA001 sidecar", "PA006 sidecar"],          // Lightroom
      "IMG_1002.jpg": ["PA001 sidecar"],                           // darktable (NAME.EXT.xmp)
      "IMG_1003.jpg": [],                                          // an .XMP without GPS
      "IMG_1004.jpg": ["PA001 sidecar/exif"],                      // a JPEG named .xmp, read as a JPEG
      "IMG_1005.jpg": ["PA015 sidecar"],                           // text named .xmp: not checked
      "IMG_1009.xmp": ["PA001 sidecar", "PA006 sidecar"],          // digiKam, without its photo
      "IMG_2001.jpg": ["PA001 sidecar"],
      "IMG_2002.jpg": ["PA001 sidecar"],                           // geoDataExif only
      "IMG_2003.jpg": [],                                          // Takeout's zeros: no location
      "IMG_2004(1).jpg": ["PA001 sidecar"],
      "IMG_2004.jpg": [],
      "IMG_2005-edited.jpg": ["PA001 sidecar"],                    // the original's JSON
      "IMG_2005.jpg": ["PA001 sidecar"],
      "IMG_2006.jpg": ["PA001 sidecar", "PA002 sidecar"],          // the descriptor's claim is false
      "IMG_2007.jpg": ["PA001 sidecar"],                           // a JSON that is neither
      "IMG_2009.jpg.supplemental-metadata.json": ["PA001 sidecar"],
      "PXL_20211120_223243932.MOTION-02.ORIGINAL.jpg": ["PA001 sidecar"],
      "Screenshot_20231027_123303_Facebook.jpg": ["PA001 sidecar"],
    ])
  }

  @Test func aTakeoutJSONAtADescriptorsNameIsNoDescriptor() throws {
    var options = AuditOptions()
    options.comparePixels = false
    let report = PairAuditor.audit(output: Self.folder + "/IMG_2002.jpg", original: nil, descriptor: Self.folder + "/IMG_2002.jpg.json",
                                   options: options).report
    #expect(report.descriptor == nil)
    #expect(report.sidecars == [Self.folder + "/IMG_2002.jpg.json"])
    // No PA008 "the descriptor lacks its claims": it is no descriptor.
    #expect(report.findings.map(\.id) == [.gpsPresent])
    #expect(report.findings.first?.revealed().evidence == "sidecar \(Self.folder)/IMG_2002.jpg.json: latitude 31.230416, longitude 121.473701, altitude 12.5 m")
    #expect(report.findings.first?.tag == "geoDataExif")
    #expect(!report.gpsRemoved && report.gpsCarriers == ["sidecar"])
  }

  @Test func aDescriptorBesideATakeoutJSONStaysTheDescriptor() throws {
    var options = AuditOptions()
    options.comparePixels = false
    let job = try Self.plan().job(Self.expectedJobs.firstIndex { $0.hasPrefix("IMG_2006.jpg") }!)
    let report = PairAuditor.audit(job, options: options)
    #expect(report.descriptor == Self.folder + "/IMG_2006.json")
    #expect(report.findings.first { $0.id == .gpsClaimFalse }?.revealed().evidence
            == "descriptor says gps_removed: true, but coordinates are in sidecar (latitude 31.230416, longitude 121.473701)")
  }

  @Test func theSidecarsOfAnOutputAreInItsReportAndReadBack() throws {
    var options = AuditOptions()
    options.comparePixels = false
    let report = PairAuditor.audit(try Self.plan().job(0), options: options)
    let json = ReportJSON.file(report)
    #expect(json["sidecars"]?.arrayValue == [.string(Self.folder + "/IMG_1001.xmp")])
    #expect(ReportJSON.fileReport(json)?.sidecars == report.sidecars)
    #expect(ReportText.table(AuditReport(command: "audit", files: [report]), style: .plain).contains("sidecars: \(Self.folder)/IMG_1001.xmp"))
    // A file without sidecars has no `sidecars` member (reports of photos alone are unchanged).
    let alone = ReportJSON.file(FileReport(output: "a.jpg"))
    #expect(alone["sidecars"] == nil)
  }

  /// Nothing is read of a folder without sidecar names: the photos look for none.
  @Test func aBatchWithoutSidecarNamesLooksForNone() throws {
    var selection = InputSelection()
    selection.paths = [FixtureFiles.path("jpeg")]
    let plan = AuditPlan(leakScan: try selection.resolveList())
    #expect((0..<plan.count).allSatisfy { plan.job($0).sidecars.isEmpty })
  }

  @Test func pairingWithOriginalsKeepsSidecarsWithTheirOutputs() throws {
    let listing = DirectoryWalker.list([Self.folder], followSymlinks: false)
    let result = try Pairing.plan(outputs: listing, outputsRoot: Self.folder, originals: nil, pairsFile: nil, followSymlinks: false)
    let jobs = result.jobs.map { job in
      ([Self.name(job.output)] + job.sidecars.map(Self.name)).joined(separator: " + ")
        + (job.descriptor.map { " (descriptor \(Self.name($0)))" } ?? "")
    }
    #expect(jobs == Self.expectedJobs)
  }

  @Test func aSidecarBesideAnOriginalIsNoOriginal() throws {
    let listing = DirectoryWalker.list([FixtureFiles.path("jpeg")], followSymlinks: false)
    let originals = DirectoryWalker.list([Self.folder], followSymlinks: false).files
    let result = Pairing.pair(outputs: listing, originals: originals)
    // The originals here are the pairs folder's photos; their sidecars are not listed as unpaired
    // originals, the ones without a photo are (they are files of their own).
    #expect(!result.unpairedOriginals.contains { $0.hasSuffix("IMG_1001.xmp") || $0.hasSuffix(".json") })
    #expect(result.unpairedOriginals.contains { $0.hasSuffix("IMG_1009.xmp") })
  }

  /// What a sidecar name holds decides what it is: a file at a Takeout-only name that is no JSON
  /// was not checked (PA015); the same bytes at a descriptor's name are a broken descriptor
  /// (PA013 `descriptor`), as before sidecars.
  @Test func aBrokenSidecarIsNotChecked() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-sidecar-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.copyItem(atPath: Self.folder + "/IMG_2001.jpg", toPath: directory + "/A.jpg")
    try Data("{ \"geoData\": ".utf8).write(to: URL(fileURLWithPath: directory + "/A.jpg.supplemental-metadata.json"))
    try Data("{ \"geoData\": ".utf8).write(to: URL(fileURLWithPath: directory + "/A.jpg.json"))
    var options = AuditOptions()
    options.comparePixels = false
    var selection = InputSelection()
    selection.paths = [directory]
    let plan = AuditPlan(leakScan: try selection.resolveList())
    #expect(plan.count == 1)
    let report = PairAuditor.audit(plan.job(0), options: options)
    #expect(report.findings.map { "\($0.id.rawValue) \($0.carrier ?? "-")" } == ["PA013 descriptor", "PA015 sidecar"])
    #expect(report.findings.last?.evidence.contains("A.jpg.supplemental-metadata.json is not JSON") == true)
    #expect(!report.gpsRemoved)
  }

  /// A Live Photo is one item: the sidecars of its video are read with its still too.
  @Test func aLivePhotoVideosSidecarGoesWithTheStill() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-sidecar-live-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let live = FixtureFiles.path("video/livephoto")
    try FileManager.default.copyItem(atPath: live + "/IMG_0001.jpg", toPath: directory + "/IMG_0003.jpg")
    try FileManager.default.copyItem(atPath: live + "/IMG_0001.mov", toPath: directory + "/IMG_0003.mov")
    try FileManager.default.copyItem(atPath: FixtureFiles.path("sidecars/takeout/exif-only.json"),
                                     toPath: directory + "/IMG_0003.mov.supplemental-metadata.json")
    var selection = InputSelection()
    selection.paths = [directory]
    let plan = AuditPlan(leakScan: try selection.resolveList())
    #expect(plan.count == 1)
    let job = plan.job(0)
    #expect(job.companion == directory + "/IMG_0003.mov")
    #expect(job.sidecars == [directory + "/IMG_0003.mov.supplemental-metadata.json"])
    var options = AuditOptions()
    options.comparePixels = false
    let report = PairAuditor.audit(job, options: options)
    #expect(report.findings.contains { $0.id == .gpsPresent && $0.carrier == "sidecar" && $0.tag == "geoDataExif" })
  }
}
