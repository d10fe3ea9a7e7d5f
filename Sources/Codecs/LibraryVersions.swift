internal import CHeif

/// Versions of the C libraries photoaudit uses.
public struct LibraryVersions: Sendable {
  public var exif: String
  public var heif: String
  public var turbojpeg: String

  /// libheif reports its runtime version (`heif_get_version`); libexif and TurboJPEG have no
  /// runtime version call, so theirs are the versions pkg-config reported at build time
  /// (`BuildLibraryVersions.swift`, written by `make versions`, checked by a test).
  public static var current: LibraryVersions {
    LibraryVersions(exif: BuildLibraryVersions.libexif, heif: String(cString: heif_get_version()),
                    turbojpeg: BuildLibraryVersions.libturbojpeg)
  }
}
