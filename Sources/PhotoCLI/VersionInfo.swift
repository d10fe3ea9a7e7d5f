import PhotoCore

/// `photoaudit --version`: our version and the C libraries in use.
enum VersionInfo {
  static let version = "0.2.0"
  static var text: String {
    let libraries = LibraryVersions.current
    return """
      photoaudit \(version)
      libexif \(libraries.exif)
      libheif \(libraries.heif)
      libjpeg-turbo \(libraries.turbojpeg)

      """
  }
}
