extension MetadataAssembler {
  /// XMP, IPTC and ICC carriers (decoders arrive with their own files).
  func decodeOtherCarriers(_ scan: ContainerScan, into m: inout PhotoMetadata) {}

  func resolveHEIFGeometry(_ scan: ContainerScan, stored: PixelSize, into m: inout PhotoMetadata) {
    m.displayed = stored
  }
}
