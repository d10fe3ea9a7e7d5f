import Bytes
import Foundation
import PhotoCore
import Pipeline
import Synchronization
import Testing

/// MOV and MP4 files of `Fixtures/video/mov` (made by ffmpeg and exiftool, each checked with
/// `exiftool -ee3` as it was made: see Fixtures/README.md): the location in each carrier, the
/// track matrix as display orientation, every byte accounted, `mdat` never read.
@Suite struct VideoWalkerTests {
  /// The fixtures' location: `+31.2304+121.4737/`.
  static let latitude = 31.2304, longitude = 121.4737

  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var format: ImageFormat
    /// Carrier paths holding the location, in order.
    var gps: [String]
    var altitude: Double?
    var testDescription: String { file }
  }

  static let located: [Expected] = [
    Expected(file: "video/mov/xyz.mov", format: .mov, gps: ["udta"], altitude: nil),
    Expected(file: "video/mov/keys.mov", format: .mov, gps: ["keys"], altitude: 12.5),
    Expected(file: "video/mov/keys-moov-meta.mov", format: .mov, gps: ["keys"], altitude: 12.5),
    Expected(file: "video/mov/loci.mp4", format: .mp4, gps: ["udta"], altitude: 0),
    Expected(file: "video/mov/clean.mov", format: .mov, gps: [], altitude: nil),
    Expected(file: "video/mov/clean.mp4", format: .mp4, gps: [], altitude: nil),
  ]

  @Test(arguments: located)
  func locationInEachCarrier(_ e: Expected) {
    let m = Inspector.inspect(path: FixtureFiles.path(e.file))
    #expect(m.error == nil)
    #expect(m.format == e.format)
    #expect(m.stored == PixelSize(width: 64, height: 48))
    #expect(m.gps.map(\.path.description) == e.gps)
    for fix in m.gps {
      // loci stores 16.16 fixed point: 31.2304 is 31.230392…, as ExifTool's Lat=31.23039 shows.
      #expect(abs(fix.latitude! - Self.latitude) < 1e-4)
      #expect(abs(fix.longitude! - Self.longitude) < 1e-4)
      #expect(fix.altitude == e.altitude)
    }
    #expect(m.incomplete.isEmpty)
  }

  @Test func keysCarryTheCameraAndTheContentIdentifier() {
    let m = Inspector.inspect(path: FixtureFiles.path("video/mov/keys.mov"))
    let keys = Dictionary(m.tags.filter { $0.group == "Keys" }.map { ($0.name, $0.value.display) }, uniquingKeysWith: { a, _ in a })
    #expect(keys["Make"] == "Apple")
    #expect(keys["Model"] == "iPhone 15 Pro")
    #expect(keys["Software"] == "17.2.1")
    #expect(keys["ContentIdentifier"] == "F1A2B3C4-0000-4000-8000-00000000CAFE")
    #expect(keys["GPSCoordinates"] == "+31.2304+121.4737+012.500/")
    #expect(CaptureSummary.cameraLine(CaptureSummary.camera(m)) == "Apple iPhone 15 Pro · software 17.2.1")
  }

  @Test func lociIsReadAsExifToolShowsIt() {
    let m = Inspector.inspect(path: FixtureFiles.path("video/mov/loci.mp4"))
    // ExifTool: "(none) Role=shooting Lat=31.23039 Lon=121.47369 Alt=0.00 Body=earth Notes=" (expected/)
    #expect(m.tag("LocationInformation")?.value == .text("(none) Role=shooting Lat=31.23039 Lon=121.47369 Alt=0.00 Body=earth Notes="))
  }

  struct Turn: Sendable, CustomTestStringConvertible {
    var file: String
    var rotation: Int
    var mirrored: Bool
    var effective: Orientation
    var displayed: PixelSize
    var testDescription: String { file }
  }

  /// ExifTool's `Composite:Rotation` of each file is in expected/video (90, 180, 270, 90).
  static let turns: [Turn] = [
    Turn(file: "video/mov/clean.mp4", rotation: 0, mirrored: false, effective: .up, displayed: PixelSize(width: 64, height: 48)),
    Turn(file: "video/mov/rotate-90.mp4", rotation: 90, mirrored: false, effective: .right, displayed: PixelSize(width: 48, height: 64)),
    Turn(file: "video/mov/rotate-180.mp4", rotation: 180, mirrored: false, effective: .down, displayed: PixelSize(width: 64, height: 48)),
    Turn(file: "video/mov/rotate-270.mp4", rotation: 270, mirrored: false, effective: .left, displayed: PixelSize(width: 48, height: 64)),
    // 0 1 0 1: (x, y) → (y, x), a transpose (EXIF 5); ExifTool says Rotation 90 and nothing of the mirror.
    Turn(file: "video/mov/mirror.mov", rotation: 90, mirrored: true, effective: .leftMirrored, displayed: PixelSize(width: 48, height: 64)),
  ]

  @Test(arguments: turns)
  func trackMatrixIsTheDisplayOrientation(_ t: Turn) throws {
    let m = Inspector.inspect(path: FixtureFiles.path(t.file))
    #expect(m.orientation.trackRotation == t.rotation)
    #expect(m.orientation.trackMirrored == t.mirrored)
    #expect(m.orientation.effective == t.effective)
    #expect(m.displayed == t.displayed)
    #expect(m.orientation.exifApplies == false)
    let oracle = try FixtureOracleTests.oracle(FixtureOracleTests.expected.appendingPathComponent(t.file + ".exiftool.json"))
    #expect(oracle["Composite:Rotation"]?.intValue == t.rotation)
  }

  @Test(arguments: ["video/mov/xyz.mov", "video/mov/keys.mov", "video/mov/keys-moov-meta.mov", "video/mov/loci.mp4",
                    "video/mov/clean.mp4", "video/mov/rotate-90.mp4", "video/mov/mirror.mov"])
  func everyBoxIsMapped(_ file: String) throws {
    let bytes = try FileSource(path: FixtureFiles.path(file)).allBytes()
    let tree = LayoutWalker.walk(MemorySource(bytes), format: ImageFormat.sniff(Array(bytes.prefix(64)))!, mode: .complete)
    #expect(LayoutInvariants.violations(tree, fileSize: bytes.count).isEmpty)
    let map = ByteMapper.map(tree)
    #expect(map.regions.allSatisfy { $0.kind == .structure }, "\(map.regions.filter { $0.kind != .structure })")
    // The samples fill 'mdat': nothing there is left for the sweep.
    #expect(map.regions.contains { $0.path.last?.hasPrefix("track 1 samples") == true })
  }

  /// A source that records which bytes were read.
  final class RecordingSource: ByteSource {
    let base: MemorySource
    let reads = Mutex<[Range<Int>]>([])
    init(_ bytes: [UInt8]) { base = MemorySource(bytes) }
    var count: Int { base.count }
    func bytes(in range: Range<Int>) throws(ByteError) -> [UInt8] {
      reads.withLock { $0.append(range) }
      return try base.bytes(in: range)
    }
    func withBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) throws(ByteError) -> R {
      reads.withLock { $0.append(range) }
      return try base.withBytes(in: range, body)
    }
  }

  @Test(arguments: [ReadMode.metadata, .complete])
  func mdatIsNeverRead(_ mode: ReadMode) throws {
    for file in ["video/mov/keys.mov", "video/mov/keys-moov-meta.mov", "video/mov/loci.mp4"] {
      let bytes = try FileSource(path: FixtureFiles.path(file)).allBytes()
      let source = RecordingSource(bytes)
      var options = InspectOptions(mode: mode)
      options.readEmbeddedImages = true
      let m = Inspector.read(source: source, path: file, options: options).metadata
      #expect(!m.gps.isEmpty)
      // The 'mdat' payload, from the top-level box headers.
      var offset = 0
      var mdat: Range<Int>?
      while offset + 8 <= bytes.count {
        let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        if bytes[offset + 4..<offset + 8].elementsEqual("mdat".utf8) { mdat = offset + 8..<offset + size }
        offset += max(size, 8)
      }
      let payload = try #require(mdat)
      // Header reads look ahead (the sniff 64 bytes, a box header 32): a few bytes of a payload
      // that starts right after. No read starts inside 'mdat', and at most that look-ahead of
      // it is ever read, whatever its size.
      let reads = source.reads.withLock { $0 }
      #expect(!reads.contains { payload.contains($0.lowerBound) }, "\(file) \(mode): a read starts inside mdat \(payload)")
      let read = reads.map { $0.clamped(to: payload).count }.max() ?? 0
      #expect(read <= ImageFormat.sniffLength, "\(file) \(mode): \(read) bytes of mdat \(payload) read")
      #expect(payload.count > 4 * ImageFormat.sniffLength)
    }
  }
}

/// A video output's descriptor: its `format` (mov or mp4) and its displayed size (after the
/// track matrix) are checked like a photo's (PA008), and `gps_removed` against every carrier.
@Suite struct VideoDescriptorTests {
  static func audit(_ fixture: String, descriptor: String) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photoaudit-video-descriptor-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("d.json").path
    try descriptor.write(toFile: path, atomically: true, encoding: .utf8)
    let report = PairAuditor.audit(output: FixtureFiles.path(fixture), original: nil, descriptor: path).report
    return report.findings.map { "\($0.id.rawValue) \($0.tag ?? $0.carrier ?? "-")" }
  }

  @Test func formatAndDisplayedSize() throws {
    // rotate-90.mp4: stored 64×48, displayed 48×64, no location.
    #expect(try Self.audit("video/mov/rotate-90.mp4", descriptor: #"{"format": "mp4", "width": 48, "height": 64, "gps_removed": true}"#).isEmpty)
    #expect(try Self.audit("video/mov/rotate-90.mp4", descriptor: #"{"format": "video/mp4", "width": 64, "height": 48, "gps_removed": true}"#)
            == ["PA008 width", "PA008 height"])
    #expect(try Self.audit("video/mov/clean.mov", descriptor: #"{"format": "mp4", "width": 64, "height": 48, "gps_removed": true}"#)
            == ["PA008 format"])
    #expect(try Self.audit("video/mov/keys.mov", descriptor: #"{"media_type": "video", "format": "mov", "width": 64, "height": 48, "gps_removed": true}"#)
            == ["PA001 GPSLatitude/GPSLongitude", "PA002 gps_removed", "PA007 Keys:ContentIdentifier"])
  }
}
