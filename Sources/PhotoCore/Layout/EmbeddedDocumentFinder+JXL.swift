import Bytes
extension EmbeddedDocumentFinder {
  /// A JPEG XL's `jbrd` box: the JPEG segments it kept, rebuilt as a JPEG (`JPEGReconstruction`),
  /// walked as the child "jpeg-reconstruction" — its IPTC, comments, Extended XMP and any image
  /// after its EOI read by the JPEG walker like any JPEG's.
  mutating func jpegReconstruction() {
    guard tree.format == .jxl, let kept = tree.scan.jpegReconstruction else { return }
    let anchor = tree.placement.reportedOffset(kept.boxOffset)
    add("jpeg-reconstruction", format: .jpeg, source: MemorySource(kept.segments), range: 0..<kept.segments.count,
        placement: .derived(anchor: anchor, via: "JPEG segments kept in the 'jbrd' box"), origin: .embedded,
        role: "JPEG segments kept for reconstruction ('jbrd')", imageKind: nil)
  }
}
