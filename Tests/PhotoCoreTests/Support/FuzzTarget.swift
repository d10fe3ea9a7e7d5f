import Bytes
import Foundation
import PhotoCore
import Pipeline

/// Every parser of ours that reads bytes from strangers, as one table: the libFuzzer targets
/// (`Fuzz/`), the mutation harness (`MutationTests`, `mutate`) and the reproducer replay
/// (`RegressionTests`) all drive the parsers through `run`, so a reproducer found by one replays
/// identically in the others.
///
/// This file is shared with the `Fuzz/` package by a symbolic link; it uses only the public API
/// of `PhotoCore` and Foundation.
enum FuzzTarget: String, CaseIterable, Sendable, CustomStringConvertible {
  /// `JPEGWalker.scan`: marker segments, frame header, segment classification.
  case jpeg
  /// `ExifDecoder.decode`: the libexif hand-off and our value decoding (bytes from the TIFF header).
  case exif
  /// `XMPDecoder.decode`: the XML reader, RDF flattening, GPS and crop composites.
  case xmp
  /// `PhotoshopResources.parse` and `IPTCDecoder.decode` (of the whole input and of every 0x0404).
  case iptc
  /// `MPFIndex.parse` (bytes from the MP header's TIFF header).
  case mpf
  /// `HEIFWalker.scan`: ISOBMFF boxes, `meta`, `iloc`, `iinf`, `iprp`, item payloads.
  case isobmff
  /// `PNGWalker.scan`: chunks, CRCs, text chunks, inflating, raw profiles.
  case png
  /// `Descriptor.parse` and `JSONParser.parse`.
  case descriptor
  /// `Policy.parse`.
  case policy
  /// `Inspector.inspect(source:path:)` (every walker and decoder), then the checks and the JSON report.
  case inspect
  /// `ICCChunks.assemble` and `ICCProfileDecoder.decode` (not asked for by the issue; cheap to add).
  case icc
  /// A MOV/MP4: the complete ISOBMFF walk (`moov` tracks and matrices, `udta`/`keys`/`ilst`/XMP
  /// carriers, track samples), the QuickTime decoders on every carrier, and the byte map.
  case video
  /// `WebPWalker.walk`: RIFF chunks, VP8X/VP8/VP8L headers, animation frames, metadata chunks.
  case riff
  /// `GIFWalker.walk`: blocks, extensions, sub-block chains, the XMP magic trailer.
  case gif
  /// `JUMBFWalker.walk` (boxes, descriptions, C2PA structure) and the decoding of every JSON/CBOR
  /// content it locates (`C2PAAssertionDecoder`, `CBORReader`).
  case jumbf
  /// A TIFF-shaped file (TIFF, BigTIFF, DNG, a raw) read by `Inspector` — every IFD, the tags,
  /// GeoTIFF, the JPEG previews — its byte map, and its picture decoded small (libtiff band by
  /// band, or a preview by TurboJPEG).
  case tiff

  var description: String { rawValue }

  /// The name of the libFuzzer executable for this target (`Fuzz/Sources/<name>/`).
  var executableName: String { "fuzz-\(rawValue)" }

  /// Feeds `bytes` to the parser. Must never trap, hang or leak; errors are fine. Returns a
  /// small number derived from the result, so an optimiser cannot drop the work.
  @discardableResult
  func run(_ bytes: [UInt8]) -> Int {
    switch self {
    case .jpeg:
      guard let scan = try? JPEGWalker.scan(MemorySource(bytes)) else { return 0 }
      return scan.carriers.count + scan.warnings.count
    case .exif:
      let contents = ExifDecoder.decode(bytes)
      return contents.tags.count + contents.warnings.count + (contents.gps == nil ? 0 : 1)
    case .xmp:
      guard let contents = try? XMPDecoder.decode(bytes) else { return 0 }
      return contents.tags.count + (contents.gps == nil ? 0 : 1)
    case .iptc:
      let (resources, warnings) = PhotoshopResources.parse(bytes)
      var n = resources.count + warnings.count
      for resource in resources where resource.id == 0x0404 {
        n += IPTCDecoder.decode(resource.data).tags.count
      }
      let direct = IPTCDecoder.decode(bytes)
      return n + direct.tags.count + direct.warnings.count
    case .mpf:
      let index = MPFIndex.parse(bytes, base: 0)
      return index.entries.count + index.warnings.count
    case .isobmff:
      guard let scan = try? HEIFWalker.scan(MemorySource(bytes)) else { return 0 }
      return scan.carriers.count + scan.warnings.count + scan.transforms.count
    case .png:
      guard let scan = try? PNGWalker.scan(MemorySource(bytes)) else { return 0 }
      return scan.carriers.count + scan.warnings.count
    case .descriptor:
      let parsed = (try? JSONParser.parse(bytes)) == nil ? 0 : 1
      guard let descriptor = try? Descriptor.parse(bytes, path: "fuzz.json") else { return parsed }
      return parsed + (descriptor.width ?? 0) % 7
    case .policy:
      guard let policy = try? Policy.parse(bytes) else { return 0 }
      return policy.disabled.count + policy.severities.count
    case .inspect:
      let metadata = Inspector.inspect(source: MemorySource(bytes), path: "fuzz")
      let findings = CheckRegistry.run(CheckSubject(output: metadata))
      let report = InspectJSON.file(metadata, allTags: true).serialized(pretty: false)
      return findings.count + report.utf8.count % 7
    case .icc:
      let (profile, warnings) = ICCChunks.assemble([bytes])
      let info = ICCProfileDecoder.decode(bytes)
      return warnings.count + (profile?.count ?? 0) % 7 + (info == nil ? 0 : 1)
    case .video:
      let tree = LayoutWalker.walk(MemorySource(bytes), format: .mov, mode: .complete)
      var n = tree.scan.carriers.count + (tree.scan.movie?.tracks.count ?? 0)
      for carrier in tree.scan.carriers where [.userData, .keys, .itemList].contains(carrier.kind) {
        let contents = QuickTimeDecoder.decode(carrier.payload, kind: carrier.kind)
        n += contents.tags.count + contents.gps.count
      }
      return n + ByteMapper.map(tree).regions.count % 7
    case .riff:
      let tree = WebPWalker.walk(MemorySource(bytes), mode: .complete)
      return tree.nodes.count + tree.scan.carriers.count + tree.scan.warnings.count
    case .gif:
      let tree = GIFWalker.walk(MemorySource(bytes), mode: .complete)
      return tree.nodes.count + tree.scan.carriers.count + tree.scan.warnings.count
    case .jumbf:
      let tree = JUMBFWalker.walk(MemorySource(bytes), range: 0..<bytes.count)
      var n = tree.nodes.count + (tree.scan.c2pa?.manifests.count ?? 0)
      for carrier in tree.scan.carriers {
        guard let value = try? C2PAAssertionDecoder.value(carrier.payload, type: JUMBFWalker.contentType(of: carrier)) else { continue }
        n += C2PAAssertionDecoder.tags(value, group: "C2PA", carrier: .c2paAssertion, item: nil).count
        n += C2PAAssertionDecoder.gps(in: value) == nil ? 0 : 1
      }
      return n
    case .tiff:
      let source = MemorySource(bytes)
      let inspection = Inspector.read(source: source, path: "fuzz.tif")
      let map = inspection.byteMap?.regions.count ?? 0
      let picture = try? PictureDecoder.decode(source, metadata: inspection.metadata, heif: nil, minLongSide: 32, maxPixels: 4_000_000)
      return inspection.metadata.tags.count + map % 7 + (picture?.stored.width ?? 0) % 5
    }
  }

  /// True when this parser reads whole image files (its seeds are files, not carrier payloads).
  var readsFiles: Bool { [.jpeg, .isobmff, .png, .inspect, .video, .riff, .gif, .tiff].contains(self) }

  /// Whether a whole file with these leading bytes is a seed for this target.
  func acceptsFile(_ head: ArraySlice<UInt8>) -> Bool {
    switch self {
    case .jpeg: return head.starts(with: [0xFF, 0xD8])
    case .png: return head.starts(with: PNGWalker.signature)
    case .riff: return head.starts(with: Array("RIFF".utf8))
    case .gif: return head.starts(with: Array("GIF8".utf8))
    case .tiff: return ImageFormat.sniff(Array(head.prefix(ImageFormat.sniffLength)))?.isTIFFFamily == true
    case .isobmff: return head.count >= 8 && Array(head.dropFirst(4).prefix(4)) == Array("ftyp".utf8)
    case .inspect: return true
    case .video: return ImageFormat.sniff(Array(head.prefix(ImageFormat.sniffLength)))?.isVideo == true
    case .descriptor, .policy: return head.first == UInt8(ascii: "{") || head.first == UInt8(ascii: "[")
    default: return false
    }
  }
}
