import Bytes
/// The JUMBF walker, for C2PA manifest stores: every box with its byte range, nested
/// (superboxes `jumb` with their description `jumd` and content boxes), the JSON and CBOR
/// content of assertions and claims located as carriers, embedded files (`bfdb` + `bidb`:
/// claim and ingredient thumbnails) located for the embedded-document finder, and the manifest
/// structure (`ContainerScan.c2pa`). Signatures (COSE) are not validated; their boxes are swept.
/// [ISO/IEC 19566-5 (JUMBF); C2PA Technical Specification 2.1 11]
///
/// The walker locates; it does not decode CBOR or JSON.
public enum JUMBFWalker {
  /// Deepest superbox nesting walked.
  public static let maxDepth = 16
  /// Most boxes walked in one store.
  public static let maxBoxes = 20_000
  /// Most content bytes (JSON, CBOR) read from one store.
  public static let maxContentBytes = 64 << 20

  /// Walks the JUMBF box at the start of `range` of `source`. Never throws: data that is not a
  /// JUMBF superbox comes back with `failure` set.
  public static func walk(_ source: any ByteSource, range: Range<Int>) -> LayoutTree {
    var walk = JUMBFWalk(source: source, range: range)
    walk.run()
    return walk.tree
  }

  /// The content box type of a carrier the walk located ("json" or "cbor"), from its note.
  public static func contentType(of carrier: Carrier) -> String? {
    guard let note = carrier.note, note.hasSuffix(")"), let open = note.lastIndex(of: "(") else { return nil }
    return String(note[note.index(after: open)..<note.index(before: note.endIndex)])
  }
}

/// The state of one JUMBF walk.
struct JUMBFWalk {
  package let source: any ByteSource
  package let range: Range<Int>
  package var tree: LayoutTree
  var boxes = 0
  package var budget = JUMBFWalker.maxContentBytes
  package var items = 0
  package var claims = 0

  init(source: any ByteSource, range: Range<Int>) {
    self.source = source
    self.range = range
    tree = LayoutTree(format: .jumbf, source: source, range: range, scan: ContainerScan(format: nil))
  }

  package func read(_ r: Range<Int>, _ what: String) throws(ContainerError) -> [UInt8] {
    do { return try source.exactBytes(in: r, what: "JUMBF \(what)") } catch { throw ContainerError(error, format: "JUMBF") }
  }

  package mutating func warn(_ message: String) { tree.scan.warnings.append(message) }

  package mutating func run() {
    do throws(ContainerError) {
      let head = try read(range.lowerBound..<min(range.lowerBound + 16, range.upperBound), "box header")
      guard let box = JUMBFBox.parse(head, offset: range.lowerBound, limit: range.upperBound), box.type == "jumb" else {
        throw .malformed(format: "JUMBF", what: "superbox", offset: range.lowerBound, reason: "it does not start with a 'jumb' box")
      }
      var context = Context()
      tree.nodes.append(try superbox(box, depth: 1, context: &context))
      tree.end = box.end
      if box.truncated { warn("JUMBF superbox at byte \(box.offset) runs past the end of its carrier (byte \(range.upperBound))") }
    } catch {
      tree.failure = error
    }
  }

  /// Where a box sits in the C2PA structure, handed down the walk.
  package struct Context {
    var superboxKind: String?
    package var manifest: Int?
    var assertionLabel: String?
    var mediaType: String?
  }

  /// One superbox: its description, then its content boxes as children.
  private mutating func superbox(_ box: JUMBFBox, depth: Int, context outer: inout Context) throws(ContainerError) -> LayoutNode {
    var node = LayoutNode("jumb", range: box.offset..<box.end, headerLength: box.headerLength,
                          unexplainedContent: "bytes of a JUMBF superbox that are not a box")
    guard depth <= JUMBFWalker.maxDepth else {
      tree.markIncomplete("c2pa", "JUMBF superboxes nest deeper than \(JUMBFWalker.maxDepth) at byte \(box.offset); not read")
      node.unexplainedContent = nil
      node.swept = true
      return node
    }
    var children = try boxList(box.contentRange)
    guard let first = children.first, first.type == "jumd" else {
      warn("JUMBF superbox at byte \(box.offset) does not start with a description box")
      node.children = children.map { opaque($0, note: "in a superbox without a description") }
      return node
    }
    let description = JUMBFDescription(try read(first.contentRange.lowerBound..<min(first.end, first.contentRange.lowerBound + 2048), "description"))
    let kind = description?.typeTag
    let label = description?.label ?? ""
    node.name = "jumb '\(label)'"
    node.note = kind.map { "JUMBF superbox of type \($0)" }
    var context = outer
    context.superboxKind = kind
    switch kind {
    case C2PABoxKind.store? where depth == 1:
      tree.scan.c2pa = C2PAStoreLayout(label: description?.label, isC2PA: true)
    case C2PABoxKind.manifest?, C2PABoxKind.updateManifest?:
      if tree.scan.c2pa == nil { tree.scan.c2pa = C2PAStoreLayout(label: nil, isC2PA: false) }
      tree.scan.c2pa?.manifests.append(C2PAManifestLayout(label: label))
      context.manifest = (tree.scan.c2pa?.manifests.count ?? 1) - 1
    case C2PABoxKind.signature?:
      if let manifest = context.manifest { tree.scan.c2pa?.manifests[manifest].hasSignature = true }
    default:
      // Any other superbox inside an assertion store is an assertion.
      if outer.superboxKind == C2PABoxKind.assertionStore, let manifest = context.manifest {
        context.assertionLabel = label
        tree.scan.c2pa?.manifests[manifest].assertions.append(C2PAAssertionLayout(label: label))
      }
    }
    var nodes = [LayoutNode("jumd", range: first.offset..<first.end, note: "description: \(kind ?? "?") '\(label)'")]
    children.removeFirst()
    for child in children { nodes.append(try content(child, depth: depth, context: &context)) }
    node.children = nodes
    return node
  }

  /// The boxes one after the other in `span`; what is not a box is left to the container.
  private mutating func boxList(_ span: Range<Int>) throws(ContainerError) -> [JUMBFBox] {
    var list: [JUMBFBox] = []
    var position = span.lowerBound
    while position < span.upperBound {
      guard boxes < JUMBFWalker.maxBoxes else {
        tree.markIncomplete("c2pa", "the JUMBF store has more than \(JUMBFWalker.maxBoxes) boxes; the rest was not read")
        break
      }
      let head = try read(position..<min(position + 16, span.upperBound), "box header")
      guard let box = JUMBFBox.parse(head, offset: position, limit: span.upperBound) else {
        warn("JUMBF data at byte \(position) is not a box (\(span.upperBound - position) bytes left in its superbox)")
        break
      }
      if box.truncated { warn("JUMBF '\(box.type)' box at byte \(position) runs past the end of its superbox") }
      boxes += 1
      list.append(box)
      position = box.end
    }
    return list
  }

  /// One box inside a superbox.
  private mutating func content(_ box: JUMBFBox, depth: Int, context: inout Context) throws(ContainerError) -> LayoutNode {
    let range = box.offset..<box.end
    switch box.type {
    case "jumb": return try superbox(box, depth: depth + 1, context: &context)
    case "json", "cbor":
      guard context.superboxKind != C2PABoxKind.signature else {
        // COSE: certificates and a signature, not decoded; swept like any undecoded bytes.
        return LayoutNode(box.type, range: range, headerLength: box.headerLength, note: "claim signature (COSE), not validated", swept: true)
      }
      return try decodable(box, context: context)
    case "bfdb":
      let payload = try read(box.contentRange.lowerBound..<min(box.end, box.contentRange.lowerBound + 1024), "bfdb box")
      // Toggles, then the media type, NUL-terminated. [19566-5 A.5.8]
      context.mediaType = String(decoding: payload.dropFirst().prefix { $0 != 0 }, as: UTF8.self)
      return LayoutNode("bfdb", range: range, note: "embedded file description: \(context.mediaType ?? "")")
    case "bidb":
      return try embeddedFile(box, context: context)
    case "c2sh", "uuid", "xml ", "jp2c":
      return LayoutNode(box.type, range: range, headerLength: box.headerLength, note: "JUMBF content box '\(box.type)'", swept: true)
    default:
      return opaque(box, note: "unknown JUMBF box type '\(box.type)'")
    }
  }

  /// JSON or CBOR content: a carrier with its payload (an assertion's, or a claim's).
  private mutating func decodable(_ box: JUMBFBox, context: Context) throws(ContainerError) -> LayoutNode {
    let range = box.offset..<box.end
    let content = box.contentRange
    guard content.count <= budget else {
      tree.markIncomplete("c2pa", "JUMBF '\(box.type)' box at byte \(box.offset) is past the \(JUMBFWalker.maxContentBytes >> 20) MiB read per store; not decoded")
      return LayoutNode(box.type, range: range, headerLength: box.headerLength, note: "not read: over the cap", swept: true)
    }
    budget -= content.count
    let payload = try read(content, "'\(box.type)' box")
    let isClaim = context.superboxKind == C2PABoxKind.claim
    let label = context.assertionLabel ?? (isClaim ? "c2pa.claim" : context.superboxKind ?? "content")
    let item: Int
    if isClaim {
      claims += 1
      item = claims
      if let manifest = context.manifest { tree.scan.c2pa?.manifests[manifest].claimItem = item }
    } else {
      items += 1
      item = items
      if let manifest = context.manifest, context.assertionLabel != nil,
         let last = tree.scan.c2pa?.manifests[manifest].assertions.indices.last {
        tree.scan.c2pa?.manifests[manifest].assertions[last].item = item
      }
    }
    var carrier = Carrier(kind: isClaim ? .c2paClaim : .c2paAssertion, offset: content.lowerBound, length: content.count, item: item,
                          note: "'\(label)' (\(box.type))", payload: payload)
    carrier.sourceRange = content
    tree.scan.carriers.append(carrier)
    return LayoutNode(box.type, range: range, headerLength: box.headerLength, note: "\(box.type.uppercased()) content of '\(label)'")
  }

  /// An embedded file's bytes: a document the finder walks when its format is one photoaudit
  /// reads (a JPEG or PNG thumbnail); otherwise swept.
  private mutating func embeddedFile(_ box: JUMBFBox, context: Context) throws(ContainerError) -> LayoutNode {
    let range = box.offset..<box.end
    let content = box.contentRange
    let head = try read(content.lowerBound..<min(content.upperBound, content.lowerBound + ImageFormat.sniffLength), "bidb box")
    let label = context.assertionLabel ?? "embedded file"
    if let manifest = context.manifest, context.assertionLabel != nil,
       let last = tree.scan.c2pa?.manifests[manifest].assertions.indices.last {
      tree.scan.c2pa?.manifests[manifest].assertions[last].mediaType = context.mediaType
      tree.scan.c2pa?.manifests[manifest].assertions[last].data = content
    }
    guard DocumentSniffer.sniff(head) != nil else {
      warn("C2PA embedded file '\(label)' (\(context.mediaType ?? "no media type"), \(content.count) bytes) is not an image photoaudit reads; its bytes are swept")
      return LayoutNode("bidb", range: range, headerLength: box.headerLength, note: "embedded file '\(label)', not read", swept: true)
    }
    return LayoutNode("bidb", range: range, headerLength: box.headerLength, note: "embedded file '\(label)' (\(context.mediaType ?? "?"))")
  }

  private func opaque(_ box: JUMBFBox, note: String) -> LayoutNode {
    LayoutNode(box.type, range: box.offset..<box.end, headerLength: box.headerLength, kind: .opaque, note: note)
  }
}
