import Bytes
extension EmbeddedDocumentFinder {
  /// The role of a JPEG preview found inside an EXIF block's MakerNote (Nikon's PreviewIFD,
  /// Olympus, Panasonic, Pentax, Canon, Sony…).
  static let makerNotePreviewRole = "JPEG preview in the MakerNote"
  /// The role of a JPEG preview found in an EXIF block's slack (bytes no IFD entry points at,
  /// where a MakerNote's own offsets often put its preview).
  static let slackPreviewRole = "JPEG preview in the EXIF slack"
  /// The step name of those previews in carrier paths ("preview", "preview#2").
  static let vendorPreviewStep = "preview"
  /// Most vendor previews walked per document (cameras write one or two).
  static let maxVendorPreviews = 8
  /// Most places that start like a JPEG (FF D8 FF) tried per document.
  static let maxVendorPreviewCandidates = 64

  /// The JPEG previews cameras put inside the MakerNote or in the slack of an EXIF block: each
  /// structurally whole JPEG there (`JPEGExtent`: SOI, segments in bounds, scans, EOI) is walked
  /// as a child `preview#N` (image kind `.thumbnail`, so PA005 compares it with the image like
  /// the IFD1 thumbnail) and its bytes are no longer swept raw — its own metadata is read and
  /// swept like any child's. FF D8 FF that do not walk to an EOI stay swept bytes.
  ///
  /// The bytes are searched rather than the MakerNote's own preview tags read: MakerNotes are
  /// vendor formats the walkers do not interpret (libexif decodes them later, for privacy
  /// fields), and a search also finds a JPEG no tag points at. Past the caps the rest stays swept
  /// and the file's check is incomplete (PA015). `slack` is the block's slack (`TIFFStructure.slack`).
  mutating func vendorPreviews(_ structure: TIFFStructure, slack: [Range<Int>], in carrier: Carrier) {
    var regions: [(range: Range<Int>, role: String)] = []
    if let makerNote = structure.makerNote, makerNote.count >= JPEGExtent.minimumLength {
      regions.append((makerNote, Self.makerNotePreviewRole))
    }
    regions += slack.filter { $0.count >= JPEGExtent.minimumLength }.map { ($0, Self.slackPreviewRole) }
    vendorPreviews(in: regions, of: carrier, besides: structure.thumbnail)
  }

  /// The whole JPEGs in `regions` of `carrier`'s payload (not overlapping `thumbnail`), each
  /// walked as the next `preview` child, within the caps above.
  mutating func vendorPreviews(in regions: [(range: Range<Int>, role: String)], of carrier: Carrier, besides thumbnail: Range<Int>?) {
    guard !regions.isEmpty else { return }
    var extent = JPEGExtent(source: MemorySource(carrier.payload))
    var candidates = 0
    for (region, role) in regions {
      var position = region.lowerBound
      while let start = JPEGExtent.nextStart(in: carrier.payload, from: position, before: region.upperBound) {
        candidates += 1
        guard candidates <= Self.maxVendorPreviewCandidates else {
          tree.markIncomplete(Self.vendorPreviewStep, "the EXIF block's MakerNote and slack hold more than \(Self.maxVendorPreviewCandidates) places that start like a JPEG; the rest were swept but not checked as previews (PA005)")
          return
        }
        guard let end = extent.end(from: start, limit: region.upperBound),
              thumbnail.map({ !$0.overlaps(start..<end) }) ?? true else {
          position = start + 1
          continue
        }
        let walked = tree.children.filter { $0.step.name == Self.vendorPreviewStep }.count
        guard walked < Self.maxVendorPreviews else {
          tree.markIncomplete(Self.vendorPreviewStep, "the EXIF block holds more than \(Self.maxVendorPreviews) JPEG previews in its MakerNote and slack; the rest were swept but not compared with the image (PA005)")
          return
        }
        walkVendorPreview(start..<end, role: role, in: carrier)
        position = end
      }
    }
  }

  /// Walks the preview at `part` of `carrier`'s payload as the next `preview` child; in place,
  /// its bytes are then explained by the child, no longer swept as the MakerNote's or slack's.
  private mutating func walkVendorPreview(_ part: Range<Int>, role: String, in carrier: Carrier) {
    let (source, range, placement) = location(of: part, in: carrier)
    let index = nextIndex(Self.vendorPreviewStep)
    guard add(Self.vendorPreviewStep, index: index, format: .jpeg, source: source, range: range, placement: placement,
              origin: .embedded, role: role, imageKind: .thumbnail) != nil, placement == tree.placement else { return }
    LayoutNode.attach([LayoutNode("JPEG preview", range: range, note: "walked as \(CarrierPath(Self.vendorPreviewStep, index: index))")],
                      inside: range, to: &tree.nodes)
  }
}
