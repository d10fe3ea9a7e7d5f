import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Timed metadata from the command line, on `Fixtures/telemetry` (tools/telemetry.py, ffmpeg, and
/// cuts of GoPro's samples): `verify` gives one PA001 per track that holds positions (its first
/// position and how many) and one PA015 per track not decoded, with the exit status the SPEC
/// says; a Live Photo's timed location is the still's; `sanitize` writes the still alone and says
/// the telemetry was dropped; every JSON against its schema.
@Suite struct TelemetryCLITests {
  static let folder = Repository.root.appendingPathComponent("Fixtures/telemetry").path

  /// `verify FILE --format csv`: the exit status and each row after `file,original,`.
  static func verify(_ name: String) -> (status: Int32, rows: [String]) {
    let r = PhotoCLI.runCapturing(["verify", folder + "/" + name, "--format", "csv", "--reveal"])
    return (r.status, r.out.split(separator: "\n").dropFirst().map { String($0.dropFirst(folder.count + name.count + 3)) })
  }

  static func pa001(_ carrier: String, _ tag: String, _ values: String, _ count: Int) -> String {
    "PA001,gps-present,error,\(carrier),\(tag),\"\(carrier): \(values), the first of \(count) positions in the track's samples\""
  }

  static let expected: [(String, Int32, [String])] = [
    ("gpmf-gps5.mp4", 1, [pa001("track#2/gpmf", "GPS5", "latitude 31.230400, longitude 121.473700, altitude 12.5 m, time 2025-01-01T02:20:30Z", 6)]),
    ("gpmf-gps9.mp4", 1, [pa001("track#2/gpmf", "GPS9", "latitude 31.230400, longitude 121.473700, altitude 12.5 m, time 2025-01-01T02:20:30Z", 6)]),
    ("gpmf-no-gps.mp4", 0, []),
    ("camm-gps.mp4", 1, [pa001("track#2/camm", "camm packet type 6", "latitude 31.230400, longitude 121.473700, altitude 12.5 m, time 2025-01-01T02:20:30Z", 2)]),
    ("camm-motion.mp4", 0, []),
    ("mebx-location.mov", 1, [pa001("track#2/mebx", "com.apple.quicktime.location.ISO6709", "latitude 31.230400, longitude 121.473700, altitude 12.5 m", 2)]),
    ("mebx-private-key.mov", 1, ["PA015,incomplete-check,error,track#2/mebx,,track#2/mebx not fully checked: sample 1: 'mebx' key 'com.example.tracker.fix' (type 'com.example.blob') is not decoded"]),
    ("djmd-gps.mp4", 1, [pa001("track#2/djmd", "DJI 'dvtm_ac203' GPS field 3-4-2-1", "latitude 31.230400, longitude 121.473700", 3)]),
    ("djmd-unknown-protocol.mp4", 1, ["PA015,incomplete-check,error,track#2/djmd,,track#2/djmd not fully checked: DJI protocol 'dvtm_wm999.proto' is not one photoaudit knows: its GPS field cannot be located"]),
    ("novatek-freegps.mov", 1, [pa001("freegps", "Novatek GPS record", "latitude 31.230400, longitude 121.473698, time 2025-01-01T02:20:30Z", 3)]),
    ("novatek-unknown-layout.mov", 1, ["PA015,incomplete-check,error,freegps,,freegps not fully checked: sample 1: a 'freeGPS ' block of 256 bytes in a layout photoaudit does not decode (a GPS record it cannot parse)"]),
    ("meta-unknown-format.mp4", 1, ["PA015,incomplete-check,error,track#2,,track#2 not fully checked: 'meta' track of 'xyzw' samples: 1 sample (32 bytes) that no decoder reads"]),
    ("subtitles-dji.mp4", 1, [pa001("track#2/text", "labelled latitude and longitude in the text", "latitude 31.230400, longitude 121.473700", 2)]),
    ("subtitles-yuneec.mp4", 1, [pa001("track#2/text", "labelled latitude and longitude in the text", "latitude 31.230400, longitude 121.473700", 2)]),
    ("subtitles-plain.mov", 0, []),
    ("timecode.mov", 0, []),
    ("motion-photo-gpmf.jpg", 1, [pa001("motion-photo/track#2/gpmf", "GPS5", "latitude 31.230400, longitude 121.473700, altitude 12.5 m, time 2025-01-01T02:20:30Z", 6)]),
    ("real/gopro-karma.mp4", 1, [pa001("track#2/gpmf", "GPRI", "latitude 33.125368, longitude -117.331064, altitude 15.4 m", 25)]),
    ("real/gopro-max.mp4", 1, [pa001("track#2/gpmf", "GPS5", "latitude 33.126770, longitude -117.327344, altitude -23 m, time 2019-11-18T23:45:14Z", 35)]),
  ]

  @Test func verifyGivesOneFindingPerTrack() {
    for (name, status, rows) in Self.expected {
      let r = Self.verify(name)
      #expect(r.status == status, "\(name)")
      #expect(r.rows == rows, "\(name)")
    }
  }

  @Test(.enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema (python3-jsonschema)"))
  func jsonIsValid() throws {
    let files = Self.expected.map { Self.folder + "/" + $0.0 }
    let inspect = PhotoCLI.runCapturing(["inspect", "--all", "--format", "json"] + files)
    try SchemaTests.expectValid(inspect.out, "inspect-v2.json", "inspect of the telemetry fixtures")
    let verify = PhotoCLI.runCapturing(["verify", "--format", "json", "--no-pixels"] + files)
    #expect(verify.status == 1)
    try SchemaTests.expectValid(verify.out, "report-v1.json", "verify of the telemetry fixtures")
  }

  /// The Live Photo's MOV holds a timed location: it is the still's (PA001, one entry).
  @Test func aLivePhotosTimedLocationIsTheStills() {
    let r = PhotoCLI.runCapturing(["audit", Self.folder + "/livephoto", "--format", "csv", "--no-pixels", "--quiet", "--reveal"])
    #expect(r.status == 1)
    #expect(r.out.split(separator: "\n").dropFirst().map(String.init) == [
      Self.folder + "/livephoto/IMG_0025.JPG,," + Self.pa001("live-photo-video/track#2/mebx", "com.apple.quicktime.location.ISO6709",
                                                           "latitude 31.230400, longitude 121.473700, altitude 12.5 m", 2),
    ])
  }

  /// sanitize writes the still; its descriptor says the video and its telemetry were dropped (a
  /// Live Photo whose MOV has no timed track says only the video); a rerun keeps the pair.
  @Test(.enabled(if: SchemaValidator.isAvailable, "needs /usr/bin/python3 with jsonschema (python3-jsonschema)"))
  func sanitizeSaysTheTelemetryWasDropped() throws {
    let scratch = try ScratchDirectory("telemetry-sanitize")
    defer { scratch.remove() }
    let out = scratch.path + "/out"
    let video = SchemaTests.fixtures + "/video/livephoto"
    let inputs = [Self.folder + "/livephoto/IMG_0025.JPG", Self.folder + "/livephoto/IMG_0025.MOV", video + "/still-7.jpg", video + "/clip-7.mov",
                  Self.folder + "/motion-photo-gpmf.jpg"]
    let r = PhotoCLI.runCapturing(["sanitize", "--out", out, "--format", "json", "--quiet"] + inputs)
    #expect(r.status == 0, "\(r.err)")
    try SchemaTests.expectValid(r.out, "sanitize-v1.json", "sanitize of Live Photos")
    let withTelemetry = try String(contentsOfFile: out + "/IMG_0025.json", encoding: .utf8)
    #expect(withTelemetry.contains("\"video_dropped\": true,\n  \"telemetry_dropped\": true,"))
    try SchemaTests.expectValid(withTelemetry, "descriptor-v1.json", "written IMG_0025.json")
    let motion = try String(contentsOfFile: out + "/motion-photo-gpmf.json", encoding: .utf8)
    #expect(motion.contains("\"video_dropped\": true,\n  \"telemetry_dropped\": true,"))
    try SchemaTests.expectValid(motion, "descriptor-v1.json", "written motion-photo-gpmf.json")
    let without = try String(contentsOfFile: out + "/still-7.json", encoding: .utf8)
    #expect(without.contains("\"video_dropped\": true") && !without.contains("telemetry_dropped"))
    let again = PhotoCLI.runCapturing(["sanitize", "--out", out, "--format", "json", "--quiet"] + inputs)
    #expect(again.status == 0)
    #expect(again.out.components(separatedBy: "kept: an earlier run wrote this output").count - 1 == 3, "\(again.out)")
  }
}
