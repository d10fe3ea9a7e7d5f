import Codecs
import Foundation
import Testing
@testable import PhotoCore

/// Real files nobody on the project wrote (`../shared/corpus`), their carriers extracted by a
/// minimal JPEG APPn / PNG chunk scan written here (the real walkers are tested elsewhere), and
/// ExifTool 12.57's `-G1 -n` output as the oracle. Corpus files are read in place, never copied.
enum CarrierOracle {
  /// `../shared/corpus` relative to the package root.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus")

  static var available: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("INDEX.tsv").path) }
  static let skipMessage: Comment = "../shared/corpus is absent: oracle cross-checks skipped"

  /// A value from ExifTool's JSON.
  enum Value: Sendable, Equatable {
    case number(Double)
    case text(String)
    case other

    var number: Double? {
      switch self {
      case .number(let v): v
      case .text(let s): Double(s)
      case .other: nil
      }
    }

    var text: String? {
      switch self {
      case .number(let v): v == v.rounded() ? String(Int64(v)) : String(v)
      case .text(let s): s
      case .other: nil
      }
    }
  }

  /// One corpus image with its carriers and oracle.
  struct Sample: Sendable {
    var path: String
    var format: String
    /// Standard XMP packets (APP1 or iTXt), in file order.
    var xmp: [[UInt8]] = []
    /// Extended XMP APP1 payloads.
    var extendedXMP: [[UInt8]] = []
    /// APP2 ICC_PROFILE payloads (JPEG) or the inflated iCCP profile (PNG, as one "chunk").
    var iccChunks: [[UInt8]] = []
    var pngICC: [UInt8]?
    /// False when the iCCP zlib stream did not end cleanly (e.g. a missing Adler-32).
    var pngICCComplete = true
    /// Consecutive APP13 Photoshop payloads, joined as ExifTool joins them.
    var app13: [[UInt8]] = []
    var oracle: [String: Value] = [:]
  }

  /// Every JPEG, MPO and PNG of INDEX.tsv, loaded once.
  static let samples: [Sample] = {
    guard available, let index = try? String(contentsOf: root.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
    else { return [] }
    var result: [Sample] = []
    for line in index.split(separator: "\n").dropFirst() {
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard cells.count > 1, ["JPEG", "MPO", "PNG"].contains(cells[1]),
        let data = FileManager.default.contents(atPath: root.appendingPathComponent(cells[0]).path)
      else { continue }
      var s = Sample(path: cells[0], format: cells[1])
      let bytes = [UInt8](data)
      if cells[1] == "PNG" { scanPNG(bytes, into: &s) } else { scanJPEG(bytes, into: &s) }
      s.oracle = oracle(for: cells[0])
      result.append(s)
    }
    return result
  }()

  /// APPn segments before the first SOS. [ITU-T T.81 B.1.1.2]
  static func jpegSegments(_ b: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
    guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return [] }
    var out: [(UInt8, [UInt8])] = []
    var i = 2
    while i + 4 <= b.count, b[i] == 0xFF {
      var m = b[i + 1]
      i += 2
      while m == 0xFF, i < b.count { m = b[i]; i += 1 }
      if m == 0xD9 || m == 0xDA { break }
      if (0xD0...0xD7).contains(m) || m == 0x01 { continue }
      guard i + 2 <= b.count else { break }
      let len = Int(b[i]) << 8 | Int(b[i + 1])
      guard len >= 2, i + len <= b.count else { break }
      out.append((m, Array(b[(i + 2)..<(i + len)])))
      i += len
    }
    return out
  }

  static func scanJPEG(_ b: [UInt8], into s: inout Sample) {
    var lastWasApp13 = false
    for (marker, payload) in jpegSegments(b) {
      let isApp13 = marker == 0xED && payload.hasPrefix(PhotoshopResources.app13Signature)
      if marker == 0xE1, payload.hasPrefix(XMPDecoder.app1Signature) {
        s.xmp.append(Array(payload.dropFirst(XMPDecoder.app1Signature.count)))
      } else if marker == 0xE1, payload.hasPrefix(ExtendedXMP.app1Signature) {
        s.extendedXMP.append(payload)
      } else if marker == 0xE2, payload.hasPrefix(ICCChunks.app2Signature) {
        s.iccChunks.append(payload)
      } else if isApp13 {
        let body = Array(payload.dropFirst(PhotoshopResources.app13Signature.count))
        if lastWasApp13, !s.app13.isEmpty { s.app13[s.app13.count - 1] += body } else { s.app13.append(body) }
      }
      lastWasApp13 = isApp13
    }
  }

  /// iTXt "XML:com.adobe.xmp" and iCCP. [PNG 11.3.4.5, 11.3.3.3]
  static func scanPNG(_ b: [UInt8], into s: inout Sample) {
    var i = 8
    while i + 12 <= b.count {
      let len = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
      let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
      guard len >= 0, i + 12 + len <= b.count else { break }
      let data = Array(b[(i + 8)..<(i + 8 + len)])
      i += 12 + len
      if type == "iTXt", data.hasPrefix(Array("XML:com.adobe.xmp\0".utf8)) {
        var p = 18
        guard p + 2 <= data.count else { continue }
        let compressed = data[p] == 1
        p += 2
        for _ in 0..<2 { while p < data.count, data[p] != 0 { p += 1 }; p += 1 }  // language, translated keyword
        guard p <= data.count else { continue }
        let text = Array(data[p...])
        s.xmp.append(compressed ? Inflater.inflate(text).bytes : text)
      } else if type == "iCCP", let nul = data.firstIndex(of: 0), nul + 2 <= data.count {
        let inflated = Inflater.inflate(Array(data[(nul + 2)...]))
        s.pngICC = inflated.bytes
        s.pngICCComplete = inflated.isComplete
      } else if type == "IEND" {
        break
      }
    }
  }

  static func oracle(for path: String) -> [String: Value] {
    let url = root.appendingPathComponent("oracle/\(path).exiftool.json")
    guard let data = FileManager.default.contents(atPath: url.path),
      let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]], let object = array.first
    else { return [:] }
    var out: [String: Value] = [:]
    for (k, v) in object {
      if let n = v as? NSNumber {
        out[k] = .number(n.doubleValue)
      } else if let s = v as? String {
        out[k] = .text(s)
      } else {
        out[k] = .other
      }
    }
    return out
  }

  /// Agreement counting with the reason for each disagreement.
  struct Tally {
    var compared = 0
    var agreed = 0
    var disagreements: [String] = []

    mutating func record(_ sample: String, _ field: String, agree: Bool, ours: String?, theirs: String?, reason: String) {
      compared += 1
      if agree {
        agreed += 1
      } else {
        disagreements.append("\(sample) \(field): ours \(ours ?? "—"), ExifTool \(theirs ?? "—") — \(reason)")
      }
    }

    var rate: Double { compared == 0 ? 1 : Double(agreed) / Double(compared) }

    func print(_ title: String) {
      Swift.print("[oracle] \(title): \(agreed)/\(compared) agree (\(String(format: "%.1f", rate * 100))%)")
      for d in disagreements { Swift.print("[oracle]   \(d)") }
    }
  }
}

/// XMP GPS, orientation and tag names against ExifTool.
@Suite(.enabled(if: CarrierOracle.available, CarrierOracle.skipMessage))
struct XMPOracleTests {
  /// Our merged view of a sample's XMP: main packet(s) plus the assembled extension.
  static func decode(_ s: CarrierOracle.Sample) -> (contents: [XMPContents], errors: [String]) {
    var contents: [XMPContents] = []
    var errors: [String] = []
    for packet in s.xmp {
      do { contents.append(try XMPDecoder.decode(packet)) } catch { errors.append(error.description) }
    }
    if !s.extendedXMP.isEmpty {
      let (packet, warnings) = ExtendedXMP.assemble(chunks: s.extendedXMP, guid: contents.first?.extendedXMPGUID)
      errors += warnings
      if let packet {
        do { contents.append(try XMPDecoder.decode(packet)) } catch { errors.append("extended: \(error.description)") }
      }
    }
    return (contents, errors)
  }

  static func firstText(_ v: TagValue) -> String? {
    switch v {
    case .text(let s): s
    case .list(let items): items.first.flatMap(firstText)
    default: nil
    }
  }

  @Test func gpsAndOrientationAgreeWithExifTool() {
    var gps = CarrierOracle.Tally(), composite = CarrierOracle.Tally(), orientation = CarrierOracle.Tally()
    for s in CarrierOracle.samples {
      let (contents, errors) = Self.decode(s)
      let why = errors.isEmpty
        ? (s.xmp.isEmpty ? "the minimal scan found no XMP packet (XMP is in a carrier this test does not extract)" : "value differs")
        : "our reader rejected the packet: \(errors[0])"
      // Every XMP place that holds coordinates, compared field by field with ExifTool's value.
      let tags = contents.flatMap(\.tags)
      var oracleHasCoordinates = false
      for source in XMPGPSComposer.sources {
        for (names, isLatitude) in [(source.latitude, true), (source.longitude, false)] {
          for name in names {
            let key = "XMP-\(source.group):\(name)"
            let text = tags.first { "\($0.group):\($0.name)" == key }.flatMap { Self.firstText($0.value) }
            let ours = text.flatMap { XMPValueParsing.coordinate($0, isLatitude: isLatitude) }
            let theirs = s.oracle[key]?.number
            if theirs != nil { oracleHasCoordinates = true }
            guard ours != nil || theirs != nil else { continue }
            let agree = ours.flatMap { o in theirs.map { abs(o - $0) < 1e-6 } } ?? false
            gps.record(s.path, key, agree: agree, ours: ours.map { String($0) }, theirs: theirs.map { String($0) }, reason: why)
          }
        }
      }
      // The composite: a GPS fix with coordinates exactly when ExifTool shows coordinates.
      let ourFix = contents.contains { $0.gps?.hasCoordinates == true }
      if ourFix || oracleHasCoordinates {
        composite.record(s.path, "GPSFix", agree: ourFix == oracleHasCoordinates, ours: String(ourFix),
                         theirs: String(oracleHasCoordinates), reason: why)
      }
      let ours = contents.lazy.compactMap(\.orientation).first
      let theirs = s.oracle["XMP-tiff:Orientation"]?.number.map { Int($0) }
      if ours != nil || theirs != nil {
        orientation.record(s.path, "tiff:Orientation", agree: ours == theirs, ours: ours.map(String.init),
                           theirs: theirs.map(String.init), reason: why)
      }
    }
    gps.print("XMP GPS coordinates (per source tag)")
    composite.print("XMP GPS fix present")
    orientation.print("XMP tiff:Orientation")
    #expect(gps.compared >= 6)
    #expect(orientation.compared >= 10)
    #expect(gps.rate == 1)
    #expect(composite.rate == 1)
    #expect(orientation.rate >= 0.9)
  }

  /// Which of ExifTool's XMP tag names (group:name) we produce: informational, with a floor.
  @Test func tagNamesCoverExifTool() {
    var found = 0, total = 0, packets = 0
    var missing: [String: Int] = [:]
    var failures: [String] = []
    for s in CarrierOracle.samples where !s.xmp.isEmpty {
      packets += s.xmp.count
      let (contents, errors) = Self.decode(s)
      guard errors.isEmpty else {
        failures.append("\(s.path): \(errors.joined(separator: "; "))")
        continue
      }
      let ours = Set(contents.flatMap(\.tags).map { "\($0.group):\($0.name)" })
      for key in s.oracle.keys where key.hasPrefix("XMP-") {
        total += 1
        if ours.contains(key) { found += 1 } else { missing[key, default: 0] += 1 }
      }
    }
    print("[oracle] XMP packets found by the minimal scan: \(packets); files with a packet we could not read: \(failures.count)")
    for f in failures { print("[oracle]   \(f)") }
    let rate = total == 0 ? 1 : Double(found) / Double(total)
    print("[oracle] XMP tag names: \(found)/\(total) of ExifTool's group:name pairs produced (\(String(format: "%.1f", rate * 100))%)")
    for (key, n) in missing.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }).prefix(60) {
      print("[oracle]   missing \(key) ×\(n)")
    }
    #expect(rate >= 0.85)
  }
}
