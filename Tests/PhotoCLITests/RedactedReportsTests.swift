import Foundation
import PhotoCLI
import TestSupport
import Testing

/// Reports never spread the leak (issue 26, item 1; SPEC "Reports"). A batch of committed
/// fixtures whose files carry GPS in EXIF (a PNG eXIf, an MPF image), XMP (JPEG, HEIC), ISO 6709
/// (QuickTime `©xyz` and `keys`), 3GPP `loci`, text (a caption's decimal pair, a UserComment in
/// degrees-minutes-seconds, JSON in dc:description), a Google Takeout sidecar (both signs), a
/// descriptor with coordinates, and place names, a serial number and an owner's name, goes
/// through every format of `verify`, `audit` (and its `--report-dir`), `diff`, `sanitize` and
/// `merge`, standard error included. The values are read from the files with ExifTool (never
/// from photoaudit) and searched for in every notation: decimals at 3 to 6 places with and
/// without sign, degrees-minutes-seconds, XMP's degrees and decimal minutes, ISO 6709, the raw
/// rational of the degrees. Without `--reveal`: none is found. With it: each value is.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool (libimage-exiftool-perl)"))
struct RedactedReportsTests {
  static let fixtures = Repository.fixtures.path

  /// The batch: fixture → name in the scratch folder.
  static let batch: [(String, String)] = [
    ("defects/gps-in-png-exif.png", "exif-png.png"),
    ("defects/gps-in-mpf.jpg", "exif-mpf.jpg"),
    ("defects/gps-in-xmp.jpg", "xmp.jpg"),
    ("defects/gps-in-heic-xmp.heic", "xmp.heic"),
    ("defects/text-left.jpg", "place-serial-owner.jpg"),
    ("video/mov/xyz.mov", "iso6709-xyz.mov"),
    ("video/mov/keys.mov", "iso6709-keys.mov"),
    ("video/mov/loci.mp4", "loci.mp4"),
    ("textcoords/caption-decimal.jpg", "caption.jpg"),
    ("textcoords/usercomment-dms.jpg", "usercomment-dms.jpg"),
    ("textcoords/xmp-json.jpg", "xmp-json.jpg"),
    ("jpeg/orient-1.jpg", "takeout.jpg"),
    ("sidecars/takeout/geodata.json", "takeout.jpg.json"),
  ]

  /// A descriptor that says the GPS is gone and carries coordinates itself (PA001 and PA002 of
  /// the carrier `descriptor`): written here, its values known without photoaudit.
  static let descriptor = (name: "xmp.json", latitude: -33.868820, longitude: 151.209296,
                           text: #"{"format": "jpeg", "gps_removed": true, "location": {"lat": -33.868820, "lng": 151.209296}}"#)

  /// A value that must not leak, and the notations it may be written in.
  struct Secret: CustomStringConvertible {
    var label: String
    var notations: [String]
    var description: String { label }
  }

  // MARK: The values, from ExifTool

  /// Runs `exiftool -n -json -ee -G1` on the batch.
  static func exiftool(_ folder: String) throws -> [[String: Any]] {
    let files = batch.map { folder + "/" + $0.1 }
    let r = try Subprocess.run("/usr/bin/exiftool", ["-n", "-json", "-ee", "-G1", "-a"] + files, stderr: false)
    return try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
  }

  /// Decimal numbers in a text that look like coordinates (3 or more decimals), with their sign.
  static func decimals(in text: String) -> [Double] {
    let regex = try! NSRegularExpression(pattern: #"[-+]?\d{1,3}\.\d{3,}"#)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range, in: text).flatMap { Double(text[$0]) }
    }
  }

  /// Degrees-minutes-seconds in a text (`37°19'54.1"N`) as signed degrees.
  static func dms(in text: String) -> [Double] {
    let regex = try! NSRegularExpression(pattern: #"(\d{1,3})°(\d{1,2})'([\d.]+)"([NSEW])"#)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m in
      let part = { (i: Int) in Range(m.range(at: i), in: text).map { String(text[$0]) } ?? "" }
      guard let d = Double(part(1)), let mi = Double(part(2)), let s = Double(part(3)) else { return nil }
      let value = d + mi / 60 + s / 3600
      return "SW".contains(part(4)) ? -value : value
    }
  }

  /// Every coordinate and text value ExifTool finds that a redacted report must not show.
  static func secrets(_ folder: String) throws -> [Secret] {
    var coordinates: [Double] = [descriptor.latitude, descriptor.longitude]
    var texts: [String] = []
    for file in try exiftool(folder) {
      for (key, value) in file {
        let name = String(key.split(separator: ":").last ?? "")
        if let number = value as? Double, name.hasSuffix("Latitude") || name.hasSuffix("Longitude") {
          if number != 0 { coordinates.append(number) }
        } else if let text = value as? String,
                  ["GPSCoordinates", "GPSPosition", "LocationInformation", "ImageDescription", "UserComment", "Description"].contains(name) {
          coordinates += decimals(in: text).filter { abs($0) <= 180 && $0 != 0 } + dms(in: text)
        } else if ["City", "Sub-location", "Country-PrimaryLocationName", "SerialNumber", "Artist"].contains(name), let text = value as? String {
          texts.append(text)
        }
      }
    }
    var out: [Secret] = []
    for value in Set(coordinates.map { ($0 * 1e6).rounded() / 1e6 }).sorted() {
      out.append(Secret(label: "coordinate \(value)", notations: notations(value)))
    }
    for text in Set(texts).sorted() { out.append(Secret(label: "'\(text)'", notations: [text])) }
    return out
  }

  /// The notations of one coordinate: decimals at 3 to 6 places (cut and rounded; a cut one at 3
  /// places is in every longer one), with and without sign; degrees and minutes as DMS and as
  /// XMP writes them; an ISO 6709 part; the raw rational of the degrees.
  static func notations(_ value: Double) -> [String] {
    let magnitude = abs(value)
    var out: [String] = []
    for places in 3...6 {
      let scale = pow(10, Double(places))
      let cut = String(format: "%.\(places)f", (magnitude * scale).rounded(.down) / scale)
      let rounded = String(format: "%.\(places)f", magnitude)
      out += [cut, rounded]
    }
    let degrees = Int(magnitude), minutes = Int((magnitude - Double(degrees)) * 60)
    out += ["\(degrees)°\(minutes)'", "\(degrees)°\(String(format: "%02d", minutes))'", "\(degrees) deg \(minutes)'",
            "\(degrees),\(minutes).", "\(degrees)/1 \(minutes)/1", "\(degrees)/1,\(minutes)/1"]
    out.append((value < 0 ? "-" : "+") + String(format: magnitude >= 100 ? "%08.4f" : "%07.4f", magnitude))
    return out.uniqued()
  }

  /// The notations of `secret` found in `text`.
  static func found(_ secret: Secret, in text: String) -> [String] {
    secret.notations.filter { notation in
      // A decimal must not be the middle of a longer number ("131.230" is not "31.230").
      var search = text.startIndex..<text.endIndex
      while let range = text.range(of: notation, range: search) {
        let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
        if !before.isNumber { return true }
        search = range.upperBound..<text.endIndex
      }
      return false
    }
  }

  // MARK: The runs

  /// The scratch folder holding the batch, and the clean original diff compares against.
  static func setUp() throws -> (scratch: ScratchDirectory, folder: String, clean: String) {
    let scratch = try ScratchDirectory("redacted")
    let folder = try scratch.sub("batch")
    for (fixture, name) in batch {
      try FileManager.default.copyItem(atPath: fixtures + "/" + fixture, toPath: folder + "/" + name)
    }
    try Data(descriptor.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + descriptor.name))
    return (scratch, folder, fixtures + "/jpeg/orient-1.jpg")
  }

  /// Every rendering: (what, text), stdout and stderr apart, report files read back.
  static func renderings(_ folder: String, clean: String, scratch: ScratchDirectory, reveal: Bool) throws -> [(String, String)] {
    let flag = reveal ? ["--reveal"] : []
    var out: [(String, String)] = []
    func run(_ what: String, _ arguments: [String]) {
      let r = PhotoCLI.runCapturing(arguments + flag)
      out.append((what, r.out))
      out.append((what + " (stderr)", r.err))
    }
    let files = batch.map { folder + "/" + $0.1 }.filter { !$0.hasSuffix(".json") }
    for format in ["table", "json", "jsonl", "csv", "markdown", "junit", "sarif", "codequality", "github"] {
      run("verify --format \(format)", ["verify"] + files + ["--format", format, "--no-pixels"])
      run("audit --format \(format)", ["audit", folder, "--format", format, "--no-pixels"])
    }
    let reports = scratch.path + "/reports-\(reveal)"
    run("audit --report-dir", ["audit", folder, "--report-dir", reports, "-j", "2"])
    for name in ["report.json", "report.md", "junit.xml", "report.html"] {
      out.append(("report-dir " + name, try String(contentsOfFile: reports + "/" + name, encoding: .utf8)))
    }
    for file in files where !file.hasSuffix(".mov") && !file.hasSuffix(".mp4") {
      for format in ["table", "json", "markdown"] {
        run("diff clean → \(file) --format \(format)", ["diff", clean, file, "--format", format, "--no-pixels"])
        run("diff \(file) → clean --format \(format)", ["diff", file, clean, "--format", format, "--no-pixels"])
      }
    }
    for format in ["table", "json"] {
      run("sanitize --format \(format)", ["sanitize", folder, "--out", scratch.path + "/clean-\(reveal)-\(format)", "--format", format])
    }
    // Two shards, merged into every format.
    var shards: [String] = []
    for k in 1...2 {
      let shard = scratch.path + "/shard\(k)-\(reveal).jsonl"
      let r = PhotoCLI.runCapturing(["audit", folder, "--format", "jsonl", "--shard", "\(k)/2", "--no-pixels", "--fail-on", "none"] + flag)
      try r.out.write(toFile: shard, atomically: true, encoding: .utf8)
      out.append(("audit --shard \(k)/2", r.out))
      shards.append(shard)
    }
    for format in ["table", "json", "jsonl", "csv", "markdown", "junit", "sarif", "codequality", "github"] {
      run("merge --format \(format)", ["merge", "--expect", "2"] + shards + ["--format", format])
    }
    return out
  }

  @Test func noFormatShowsAValueByDefault() throws {
    let (scratch, folder, clean) = try Self.setUp()
    defer { scratch.remove() }
    let secrets = try Self.secrets(folder)
    #expect(secrets.count >= 10, "\(secrets)")
    var leaks: [String] = []
    let texts = try Self.renderings(folder, clean: clean, scratch: scratch, reveal: false)
    for (what, text) in texts {
      for secret in secrets {
        let hits = Self.found(secret, in: text)
        if !hits.isEmpty { leaks.append("\(what): \(secret) as \(hits)") }
      }
    }
    #expect(leaks.isEmpty, "\(leaks.count) leaks:\n\(leaks.prefix(40).joined(separator: "\n"))")
    // And the reports do say where: markers and fingerprints.
    let verify = texts.first { $0.0 == "verify --format json" }?.1 ?? ""
    #expect(verify.contains("‹redacted #") && verify.contains(#""fingerprint""#))
  }

  @Test func revealShowsEveryValue() throws {
    let (scratch, folder, clean) = try Self.setUp()
    defer { scratch.remove() }
    let secrets = try Self.secrets(folder)
    let texts = try Self.renderings(folder, clean: clean, scratch: scratch, reveal: true)
    // Each report of the whole batch shows every value (sanitize's outputs are clean: nothing
    // to show; diff shows one file at a time).
    let whole = texts.filter { ($0.0.hasPrefix("verify") || $0.0.hasPrefix("audit --format") || $0.0.hasPrefix("merge")
                                || $0.0.hasPrefix("report-dir")) && !$0.0.hasSuffix("(stderr)") }
    #expect(whole.count == 9 + 9 + 9 + 4)  // 9 formats of verify, audit and merge; 4 report-dir files
    for (what, text) in whole {
      let missing = secrets.filter { Self.found($0, in: text).isEmpty }
      #expect(missing.isEmpty, "\(what) with --reveal lacks \(missing)")
    }
    let diffs = texts.filter { $0.0.hasPrefix("diff") && !$0.0.hasSuffix("(stderr)") }.map(\.1).joined()
    #expect(secrets.filter { Self.found($0, in: diffs).isEmpty && !$0.label.contains("-33.8") && !$0.label.contains("151.2") }.isEmpty,
            "diff with --reveal shows the values")
  }

  /// `PHOTOAUDIT_FINGERPRINT_KEY` changes every fingerprint, the same way in every run and in
  /// the worker processes that decode pixels (they inherit it): the PA001 of a file checked with
  /// pixels (in a worker) and without (in the main process) has one fingerprint.
  @Test(.enabled(if: PhotoauditProcess.isAvailable, PhotoauditProcess.skipMessage))
  func aTeamKeyChangesEveryFingerprintTheSameWayEverywhere() throws {
    let file = Self.fixtures + "/defects/gps-in-xmp.jpg"
    func fingerprints(_ key: String?, _ extra: [String]) throws -> [String] {
      var environment = ProcessInfo.processInfo.environment
      environment.removeValue(forKey: "PHOTOAUDIT_FINGERPRINT_KEY")
      if let key { environment["PHOTOAUDIT_FINGERPRINT_KEY"] = key }
      let r = try Subprocess.run(PhotoauditProcess.executable!, ["verify", file, "--format", "json"] + extra,
                                 environment: environment, stderr: false)
      let document = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
      return ((document["findings"] as? [[String: Any]]) ?? []).compactMap { $0["fingerprint"] as? String }
    }
    let builtIn = try fingerprints(nil, ["--no-pixels"])
    let team = try fingerprints("a team secret", ["--no-pixels"])
    #expect(builtIn.count == 2 && team.count == 2)
    #expect(Set(builtIn).isDisjoint(with: team), "the key changes the fingerprints")
    #expect(try fingerprints("a team secret", ["--no-pixels"]) == team, "stable across runs")
    #expect(try fingerprints("a team secret", []) == team, "a worker process computes the same")
    #expect(try fingerprints("", ["--no-pixels"]) == builtIn, "an empty key is the built-in one")
  }

  /// `inspect` shows values (a developer debugging one file); `inspect --redact` shows none, in
  /// any of its formats.
  @Test func inspectShowsValuesAndRedactHidesThem() throws {
    let (scratch, folder, _) = try Self.setUp()
    defer { scratch.remove() }
    let secrets = try Self.secrets(folder).filter { !$0.label.contains("-33.8") && !$0.label.contains("151.2") }
    var shown = "", leaks: [String] = []
    for format in ["table", "json", "jsonl"] {
      for extra in [[], ["--all"], ["--map"]] {
        shown += PhotoCLI.runCapturing(["inspect", folder, "--format", format] + extra).out
        let r = PhotoCLI.runCapturing(["inspect", folder, "--format", format, "--redact"] + extra)
        for secret in secrets where !Self.found(secret, in: r.out + r.err).isEmpty {
          leaks.append("inspect --redact --format \(format) \(extra): \(secret) as \(Self.found(secret, in: r.out + r.err))")
        }
      }
    }
    #expect(leaks.isEmpty, "\(leaks.joined(separator: "\n"))")
    let missing = secrets.filter { Self.found($0, in: shown).isEmpty }
    #expect(missing.isEmpty, "inspect does not show \(missing)")
  }
}
