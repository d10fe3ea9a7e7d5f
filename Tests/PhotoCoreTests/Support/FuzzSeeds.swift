import Bytes
import Foundation
import PhotoCore

/// Seed inputs for each `FuzzTarget`, taken from real files: whole images for the walkers and
/// the inspector, carrier payloads cut out by the walkers for the decoders (EXIF TIFF blocks, XMP
/// packets, APP13 resources, MPF headers, ICC chunks), JSON documents for the JSON readers, plus
/// a few hand-written documents so every target has seeds even without the shared corpus.
///
/// This file is shared with the `Fuzz/` package by a symbolic link.
struct FuzzSeeds {
  /// One seed: where it came from and its bytes.
  struct Seed: Sendable {
    var name: String
    var bytes: [UInt8]
  }

  /// Whole files larger than this are cut to this many bytes (metadata sits at the front; the
  /// walkers never read scan data).
  static let maxFileBytes = 256 << 10
  /// Files larger than this are not read at all.
  static let maxReadBytes = 64 << 20

  private(set) var seeds: [FuzzTarget: [Seed]] = [:]

  /// Collects seeds from every file under `roots` (directories walked recursively, hidden
  /// entries and `oracle/` skipped), keeping at most `perTarget` seeds per target, smallest
  /// first, distinct by content.
  init(roots: [String], perTarget: Int = .max) {
    var all: [FuzzTarget: [Seed]] = [:]
    var seen: [FuzzTarget: Set<[UInt8]>] = [:]
    func add(_ target: FuzzTarget, _ name: String, _ bytes: [UInt8]) {
      guard !bytes.isEmpty else { return }
      let bytes = Array(bytes.prefix(Self.maxFileBytes))
      guard seen[target, default: []].insert(bytes).inserted else { return }
      all[target, default: []].append(Seed(name: name, bytes: bytes))
    }
    for path in Self.files(under: roots) {
      guard let bytes = Self.read(path) else { continue }
      let name = URL(fileURLWithPath: path).lastPathComponent
      for target in FuzzTarget.allCases where target.acceptsFile(bytes.prefix(16)) {
        add(target, name, bytes)
      }
      for (target, payload) in Self.carrierPayloads(bytes) { add(target, name, payload) }
    }
    for (target, documents) in Self.builtIn {
      for (i, text) in documents.enumerated() { add(target, "built-in-\(i)", Array(text.utf8)) }
    }
    for target in FuzzTarget.allCases {
      let sorted = (all[target] ?? []).sorted { ($0.bytes.count, $0.name) < ($1.bytes.count, $1.name) }
      seeds[target] = Self.spread(sorted, keeping: perTarget)
    }
  }

  /// The seeds of `target` (never empty: built-in documents back every target).
  subscript(_ target: FuzzTarget) -> [Seed] { seeds[target] ?? [] }

  /// `count` seeds spread evenly over `sorted` (small and large ones both kept).
  static func spread(_ sorted: [Seed], keeping count: Int) -> [Seed] {
    guard sorted.count > count, count > 0 else { return sorted }
    return (0..<count).map { sorted[$0 * sorted.count / count] }
  }

  /// Carrier payloads in the way each decoder target expects them.
  static func carrierPayloads(_ file: [UInt8]) -> [(FuzzTarget, [UInt8])] {
    let source = MemorySource(file)
    let scan: ContainerScan?
    if FuzzTarget.jpeg.acceptsFile(file.prefix(16)) {
      scan = try? JPEGWalker.scan(source)
    } else if FuzzTarget.png.acceptsFile(file.prefix(16)) {
      scan = try? PNGWalker.scan(source)
    } else if FuzzTarget.isobmff.acceptsFile(file.prefix(16)) {
      scan = try? HEIFWalker.scan(source)
    } else if FuzzTarget.riff.acceptsFile(file.prefix(16)) {
      scan = try? WebPWalker.scan(source)
    } else if FuzzTarget.gif.acceptsFile(file.prefix(16)) {
      scan = try? GIFWalker.scan(source)
    } else {
      scan = nil
    }
    var payloads: [(FuzzTarget, [UInt8])] = []
    for carrier in scan?.carriers ?? [] {
      switch carrier.kind {
      case .exif: payloads.append((.exif, carrier.payload))
      case .xmp, .xmpExtended: payloads.append((.xmp, carrier.payload))
      case .photoshop, .iptc: payloads.append((.iptc, carrier.payload))
      case .mpf: payloads.append((.mpf, carrier.payload))
      // A whole store (PNG caBX, WebP C2PA), or the first APP11 packet's part of one (after En, Z).
      case .c2pa: payloads.append((.jumbf, carrier.note?.hasPrefix("APP11") == true ? Array(carrier.payload.dropFirst(6)) : carrier.payload))
      case .icc:
        payloads.append((.icc, carrier.payload))
        payloads.append((.icc, Array("ICC_PROFILE\0".utf8) + [1, 1] + carrier.payload))
      default: break
      }
    }
    return payloads
  }

  /// Regular files under `roots`, sorted, skipping hidden names and ExifTool oracle output.
  static func files(under roots: [String]) -> [String] {
    var result: [String] = []
    let manager = FileManager.default
    for root in roots {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else { continue }
      guard isDirectory.boolValue else { result.append(root); continue }
      guard let enumerator = manager.enumerator(atPath: root) else { continue }
      for case let relative as String in enumerator {
        let parts = relative.split(separator: "/")
        if parts.contains(where: { $0.hasPrefix(".") || $0 == "oracle" }) { continue }
        let path = root + "/" + relative
        var dir: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &dir), !dir.boolValue { result.append(path) }
      }
    }
    return result.sorted()
  }

  static func read(_ path: String) -> [UInt8]? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
          let size = attributes[.size] as? Int, size <= maxReadBytes,
          let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
  }

  /// Hand-written documents: descriptor and policy shapes the parsers accept and nearly accept.
  static let builtIn: [FuzzTarget: [String]] = [
    .descriptor: [
      #"{"media_id":"IMG_0001","format":"jpeg","width":2048,"height":1536,"size_bytes":412345,"gps_removed":true,"crop":{"x":0,"y":0,"width":4032,"height":3024},"original":"../originals/IMG_0001.HEIC"}"#,
      #"{"format":"png","width":1,"height":1,"gps_removed":false,"crop":null,"extra":[1,2.5e-3,-0,true,null,"\u00e9\ud83d\ude00"]}"#,
      #"[{"a":{"b":{"c":[[[[]]]]}}}, 1e308, -1E-308, "\\\/\b\f\n\r\t"]"#,
    ],
    .policy: [
      #"{"disable":["PA007"],"severity":{"PA011":"error","location-text":"info"}}"#,
      #"{"disable":[],"severity":{}}"#,
      #"{"severity":{"PA001":"warning","PA002":"info"},"disable":["PA013","PA014"]}"#,
    ],
    .xmp: [
      #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" exif:GPSLatitude="48,51.5N" exif:GPSLongitude="2,17.4E" tiff:Orientation="6"><dc:subject xmlns:dc="http://purl.org/dc/elements/1.1/"><rdf:Bag><rdf:li>a &amp; b</rdf:li><rdf:li>&#x41;</rdf:li></rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>"#,
      #"<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><x:xmpmeta xmlns:x="adobe:ns:meta/">&b;</x:xmpmeta>"#,
    ],
  ]
}
