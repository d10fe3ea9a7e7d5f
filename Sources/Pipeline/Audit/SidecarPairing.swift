#if canImport(Glibc)
import Bytes
import Glibc
import PhotoCore
import Platform
#endif

/// Pairs sidecars with their photos by name (`SidecarNames`), as Live Photo pairing pairs a
/// video with its still: a photo's sidecars are read with it and reported on its entry; a sidecar
/// no photo beside it claims is a file of its own (`audit` lists it). What a sidecar is, is
/// decided by its content when it is read (`SidecarSniffer`, `PairAuditor.sortJSON`).
///
/// A sidecar goes with its photo: one whose photo is left out of a batch (by `--ext`,
/// `--include`, `--exclude`, or a shard that holds the photo and not the sidecar) is read where
/// the photo is, never twice. Which photos claim a sidecar is read from its folder on disk, so
/// every shard of a batch decides alike.
public enum SidecarPairing {
  /// The sidecars of `photo` among the paths for which `exists` is true (a batch's listing), in
  /// `SidecarNames.candidates` order.
  public static func sidecars(of photo: String, where exists: (String) -> Bool) -> [String] {
    let name = PathName.lastComponent(photo)
    let folder = photo.dropLast(name.utf8.count)
    return SidecarNames.candidates(forPhotoNamed: String(name)).map { folder + $0 }.filter(exists)
  }

  /// The sidecars of `photo` on disk beside it (regular files, links followed).
  public static func sidecarsOnDisk(of photo: String) -> [String] {
    sidecars(of: photo, where: isRegularFile)
  }

  /// True when `path` is a regular file (after links).
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// True when a file named `name` is a photo that may have sidecars: not named as a sidecar,
  /// and not a descriptor, report or other auxiliary file.
  static func isPhotoName(_ name: String) -> Bool {
    !SidecarNames.isSidecarName(name) && !Pairing.isAuxiliary(name)
  }

  /// The photos of one folder that claim each sidecar name, read from the folder once.
  struct Folder {
    /// Sidecar file name → the photo names (in the folder) that name it as theirs.
    package var claims: [String: [String]] = [:]

    /// Reads `directory` (regular files; links are not followed, as walks do not follow them).
    init(reading directory: String) {
      var names: [String] = []
      _ = DirectoryWalker.entries(of: directory, sorted: true) { name, type in
        if type == S_IFREG || type == 0 { names.append(name) }
      }
      self.init(names: names)
    }

    /// The claims among the file names of one folder.
    init(names: [String]) {
      let present = Set(names)
      for name in names where SidecarPairing.isPhotoName(name) {
        for candidate in SidecarNames.candidates(forPhotoNamed: name) where present.contains(candidate) {
          claims[candidate, default: []].append(name)
        }
      }
    }
  }

  /// Decides, for sidecar-named files, whether a photo claims them. Folders are read once.
  public struct Claims {
    private var folders: [String: Folder] = [:]

    public init() {}

    /// The photos beside `sidecar` (paths) that claim it.
    public mutating func photos(claiming sidecar: String) -> [String] {
      let name = PathName.lastComponent(sidecar)
      let prefix = String(sidecar.dropLast(name.utf8.count))
      if folders[prefix] == nil {
        folders[prefix] = Folder(reading: prefix.isEmpty ? "." : prefix == "/" ? "/" : String(prefix.dropLast()))
      }
      return (folders[prefix]?.claims[String(name)] ?? []).map { prefix + $0 }
    }
  }

  /// The sidecar-named files among `candidates` that a photo claims: for a file found by walking
  /// a folder, a photo on disk beside it; for one named or listed (`isNamed`), one of the batch's
  /// photos (`isInput`), since a file named is checked.
  /// `known`: true for a sidecar a photo of the batch is already known to claim (a cheap look
  /// at a sorted listing, `claimedInList`): its folder is then not read.
  public static func claimed(_ candidates: [(path: String, isNamed: Bool)], isInput: (String) -> Bool,
                             known: (String) -> Bool = { _ in false }) -> Set<String> {
    var claims = Claims()
    var claimed = Set<String>()
    for (path, isNamed) in candidates {
      if known(path) {
        claimed.insert(path)
        continue
      }
      let photos = claims.photos(claiming: path)
      if isNamed ? photos.contains(where: isInput) : !photos.isEmpty { claimed.insert(path) }
    }
    return claimed
  }

  /// The sidecar-named files among `candidates` that are files of their own: no photo claims
  /// them (`claimed`). A JSON file is kept only when it is a Takeout sidecar by content (a
  /// descriptor, a report, a pairs file are no photos' sidecars); an XMP-named file whatever it
  /// holds (reading it says what it is, PA013 when nothing).
  public static func filesOfTheirOwn(_ candidates: [(path: String, isNamed: Bool)], isInput: (String) -> Bool,
                                     known: (String) -> Bool = { _ in false }) -> [String] {
    let claimed = claimed(candidates, isInput: isInput, known: known)
    return candidates.map(\.path).filter { path in
      !claimed.contains(path) && (!SidecarNames.isJSONName(path) || isTakeoutFile(path))
    }
  }

  /// True when a photo in the sorted `list` claims the sidecar at `path`, found without reading
  /// a folder: the photo named by the sidecar's name less `.json` or `.xmp` (`IMG_1.jpg.json`,
  /// `IMG_1.CR2.xmp`), or the first file named "that stem." (`IMG_1.json`, `IMG_1.xmp`). The
  /// descriptors of a batch of outputs are all claimed so. False says nothing.
  public static func claimedInList(_ path: String, _ list: InputList) -> Bool {
    guard let dot = PathName.extensionDot(path) else { return false }
    let base = String(path[..<dot])
    let name = String(PathName.lastComponent(path))
    func claims(_ photo: String) -> Bool {
      photo.hasPrefix(base) && isPhotoName(photo)
        && SidecarNames.candidates(forPhotoNamed: String(PathName.lastComponent(photo))).contains(name)
    }
    if list.contains(base), claims(base) { return true }
    let next = list.insertionIndex(base + ".")
    return next < list.count && claims(list.path(next))
  }

  /// True when the file at `path` is a Google Takeout JSON (read only up to the sidecar cap).
  static func isTakeoutFile(_ path: String) -> Bool {
    guard let source = try? FileSource(path: path), source.count <= SidecarWalker.maxBytes,
          let bytes = try? source.allBytes() else { return false }
    return PairAuditor.isTakeout(bytes)
  }
}
