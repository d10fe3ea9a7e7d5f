@testable import Bytes
import Foundation
@testable import PhotoCore
import Synchronization
import Testing

/// The videos of `Fixtures/telemetry` (made by `Fixtures/gen/telemetry.sh` from the documented
/// layouts, ffmpeg and two cuts of GoPro's samples, each checked with `exiftool -ee3`): where
/// each location is, the first position and how many the track holds, what is not decoded
/// (PA015), and that only the samples of timed tracks are read from `mdat`.
@Suite struct TelemetryFixtureTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    /// The carrier path of the one telemetry fix, nil when the file holds none.
    var path: String?
    var latitude = 0.0, longitude = 0.0
    /// The positions the track holds, and what holds them.
    var count = 0
    var tag = ""
    /// PA015 scopes.
    var incomplete: [String] = []
    var testDescription: String { file }
  }

  /// Written by tools/telemetry.py and ffmpeg at +31.2304+121.4737 (float32 DDMM in the Novatek
  /// record); GoPro's first positions as ExifTool -ee3 -u shows them (expected/telemetry/real).
  static let cases: [Expected] = [
    Expected(file: "gpmf-gps5.mp4", path: "track#2/gpmf", latitude: 31.2304, longitude: 121.4737, count: 6, tag: "GPS5"),
    Expected(file: "gpmf-gps9.mp4", path: "track#2/gpmf", latitude: 31.2304, longitude: 121.4737, count: 6, tag: "GPS9"),
    Expected(file: "gpmf-no-gps.mp4"),
    Expected(file: "camm-gps.mp4", path: "track#2/camm", latitude: 31.2304, longitude: 121.4737, count: 2, tag: "camm packet type 6"),
    Expected(file: "camm-motion.mp4"),
    Expected(file: "mebx-location.mov", path: "track#2/mebx", latitude: 31.2304, longitude: 121.4737, count: 2,
             tag: "com.apple.quicktime.location.ISO6709"),
    Expected(file: "mebx-private-key.mov", incomplete: ["track#2/mebx"]),
    Expected(file: "djmd-gps.mp4", path: "track#2/djmd", latitude: 31.2304, longitude: 121.4737, count: 3, tag: "DJI 'dvtm_ac203' GPS field 3-4-2-1"),
    Expected(file: "djmd-unknown-protocol.mp4", incomplete: ["track#2/djmd"]),
    Expected(file: "novatek-freegps.mov", path: "freegps", latitude: 31.2303996, longitude: 121.4736979, count: 3, tag: "Novatek GPS record"),
    Expected(file: "novatek-unknown-layout.mov", incomplete: ["freegps"]),
    Expected(file: "meta-unknown-format.mp4", incomplete: ["track#2"]),
    Expected(file: "subtitles-dji.mp4", path: "track#2/text", latitude: 31.2304, longitude: 121.4737, count: 2, tag: "labelled latitude and longitude in the text"),
    Expected(file: "subtitles-yuneec.mp4", path: "track#2/text", latitude: 31.2304, longitude: 121.4737, count: 2, tag: "labelled latitude and longitude in the text"),
    Expected(file: "subtitles-plain.mov"),
    Expected(file: "timecode.mov"),
    Expected(file: "motion-photo-gpmf.jpg", path: "motion-photo/track#2/gpmf", latitude: 31.2304, longitude: 121.4737, count: 6, tag: "GPS5"),
    Expected(file: "real/gopro-karma.mp4", path: "track#2/gpmf", latitude: 33.125368, longitude: -117.3310641, count: 25, tag: "GPRI"),
    Expected(file: "real/gopro-max.mp4", path: "track#2/gpmf", latitude: 33.12677, longitude: -117.3273436, count: 35, tag: "GPS5"),
  ]

  @Test(arguments: cases)
  func eachTrackIsDecodedOrIncomplete(_ e: Expected) throws {
    for mode in [ReadMode.complete, .metadata] {
      let m = Inspector.inspect(path: FixtureFiles.path("telemetry/" + e.file), options: InspectOptions(mode: mode))
      #expect(m.error == nil, "\(e.file): \(m.error ?? "")")
      #expect(m.gps.map(\.path.description) == (e.path.map { [$0] } ?? []), "\(e.file) \(mode): \(m.gps)")
      #expect(m.incomplete.map(\.scope) == e.incomplete, "\(e.file) \(mode): \(m.incomplete)")
      guard let fix = m.gps.first else { continue }
      #expect(abs(fix.latitude! - e.latitude) < 1e-6 && abs(fix.longitude! - e.longitude) < 1e-6, "\(e.file): \(fix)")
      #expect(fix.tag == e.tag)
      #expect(fix.signature == "the first of \(e.count) positions in the track's samples")
      #expect(m.carriers.contains { $0.path.description == e.path && $0.length > 0 })
    }
  }

  /// The PA015 reasons name the track, its format and what was not read.
  @Test func whatIsNotDecodedIsSaid() {
    func reasons(_ file: String) -> [String] { Inspector.inspect(path: FixtureFiles.path("telemetry/" + file)).incomplete.map(\.reason) }
    #expect(reasons("meta-unknown-format.mp4") == ["'meta' track of 'xyzw' samples: 1 sample (32 bytes) that no decoder reads"])
    #expect(reasons("mebx-private-key.mov") == ["sample 1: 'mebx' key 'com.example.tracker.fix' (type 'com.example.blob') is not decoded"])
    #expect(reasons("djmd-unknown-protocol.mp4") == ["DJI protocol 'dvtm_wm999.proto' is not one photoaudit knows: its GPS field cannot be located"])
    #expect(reasons("novatek-unknown-layout.mov") == ["sample 1: a 'freeGPS ' block of 256 bytes in a layout photoaudit does not decode (a GPS record it cannot parse)"])
  }

  /// A decoded track's samples are accounted and not swept (a location in them is the decoder's
  /// finding, not a raw-bytes hit too); an undecoded one's are swept. No PA014 either way.
  @Test func decodedSamplesAreAccounted() throws {
    for (file, node, swept) in [("gpmf-gps5.mp4", "track 2 samples", false), ("novatek-freegps.mov", "freeGPS block", false),
                                ("meta-unknown-format.mp4", "track 2 samples", true)] {
      let tree = try #require(Inspector.read(path: FixtureFiles.path("telemetry/" + file)).tree)
      #expect(LayoutInvariants.violations(tree, fileSize: tree.source.count).isEmpty)
      #expect(ByteMapper.map(tree).regions.allSatisfy { $0.kind == .structure }, "\(file)")
      var found: [LayoutNode] = []
      LayoutNode.visit(tree.nodes) { n, _, _ in if n.name == node { found.append(n) } }
      #expect(!found.isEmpty && found.allSatisfy { $0.swept == swept }, "\(file): \(found)")
    }
  }

  /// Only the samples of timed tracks are read from `mdat`: never the video's.
  @Test(arguments: [ReadMode.metadata, .complete])
  func onlyTimedSamplesAreRead(_ mode: ReadMode) throws {
    for file in ["gpmf-gps5.mp4", "camm-gps.mp4", "real/gopro-max.mp4", "novatek-freegps.mov"] {
      let bytes = try FileSource(path: FixtureFiles.path("telemetry/" + file)).allBytes()
      let source = VideoWalkerTests.RecordingSource(bytes)
      let inspection = Inspector.read(source: source, path: file, options: InspectOptions(mode: mode))
      #expect(!inspection.metadata.gps.isEmpty)
      let tracks = try #require(inspection.tree?.scan.timedTracks)
      let timed = tracks.flatMap { $0.samples }
      let video = try #require(inspection.tree?.scan.movie?.tracks.first?.isVideo)
      #expect(video)
      var mdat: Range<Int>?
      var offset = 0
      while offset + 8 <= bytes.count {
        let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        if bytes[offset + 4..<offset + 8].elementsEqual("mdat".utf8) { mdat = offset + 8..<offset + size }
        offset += max(size, 8)
      }
      let payload = try #require(mdat)
      let inside = source.reads.withLock { $0 }.filter { payload.contains($0.lowerBound) }
      #expect(!inside.isEmpty, "\(file): the timed samples were read")
      for read in inside {
        #expect(timed.contains { $0.lowerBound <= read.lowerBound && read.upperBound <= $0.upperBound }, "\(file) \(mode): read \(read) is not a timed sample")
      }
    }
  }
}
