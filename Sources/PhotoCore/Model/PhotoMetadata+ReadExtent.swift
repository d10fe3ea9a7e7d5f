extension PhotoMetadata {
  /// True when nothing of the file could be read: it has an error, and no size, carrier, tag,
  /// GPS field or embedded image was found before the reader stopped (a missing or unsupported
  /// file, one cut before its first structure). Such a file exits 3 in every single-file command
  /// (SPEC "Exit codes"); a file read in part — a JPEG with EXIF GPS but no SOF — is not: its
  /// findings (its PA013, the GPS read before the problem) decide, exit 1.
  public var nothingRead: Bool {
    error != nil && stored == nil && carriers.isEmpty && tags.isEmpty && gps.isEmpty && gpsWithoutCoordinates.isEmpty
      && embeddedImages.isEmpty
  }
}
