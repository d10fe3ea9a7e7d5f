/// Tag names of QuickTime and MP4 metadata, as ExifTool names them so users can cross-check:
/// user-data text items (`©xyz` → `GPSCoordinates`), 3GPP asset boxes (`loci` →
/// `LocationInformation`) and QuickTime `mdta` keys (`com.apple.quicktime.make` → `Make`).
/// [ExifTool lib/Image/ExifTool/QuickTime.pm: UserData, ItemList, Keys tables]
enum QuickTimeTagNames {
  /// `udta` and `ilst` items by box type.
  package static let items: [String: String] = [
    "©xyz": "GPSCoordinates", "©mak": "Make", "©mod": "Model", "©swr": "SoftwareVersion", "©day": "ContentCreateDate",
    "©too": "Encoder", "©nam": "Title", "©cmt": "Comment", "©des": "Description", "©inf": "Information",
    "©ART": "Artist", "©aut": "Author", "©cpy": "Copyright", "©alb": "Album", "©gen": "Genre", "©wrt": "Composer",
    "©dir": "Director", "©prd": "Producer", "©prf": "Performers", "©req": "Requirements", "©src": "SourceCredits",
    "©fmt": "Format", "©enc": "EncodedBy", "©wrn": "Warning", "©lyr": "Lyrics", "©grp": "Grouping", "©key": "Keywords",
    "©com": "Composer", "©ed1": "Edit1", "©hst": "HostComputer", "©PRD": "Product", "©url": "URL",
    // 3GPP asset boxes [3GPP TS 26.244 8]
    "loci": "LocationInformation", "titl": "Title", "dscp": "Description", "cprt": "Copyright", "perf": "Performer",
    "auth": "Author", "gnre": "Genre", "albm": "Album", "yrrc": "Year", "kywd": "Keywords",
  ]

  /// `mdta` keys with a name of their own.
  package static let keys: [String: String] = [
    "com.apple.quicktime.location.ISO6709": "GPSCoordinates",
    "com.apple.quicktime.location.accuracy.horizontal": "LocationAccuracyHorizontal",
    "com.apple.quicktime.location.name": "LocationName", "com.apple.quicktime.location.body": "LocationBody",
    "com.apple.quicktime.location.note": "LocationNote", "com.apple.quicktime.location.role": "LocationRole",
    "com.apple.quicktime.location.date": "LocationDate",
    "com.apple.quicktime.make": "Make", "com.apple.quicktime.model": "Model", "com.apple.quicktime.software": "Software",
    "com.apple.quicktime.creationdate": "CreationDate", "com.apple.quicktime.content.identifier": "ContentIdentifier",
    "com.apple.quicktime.author": "Author", "com.apple.quicktime.artist": "Artist", "com.apple.quicktime.copyright": "Copyright",
    "com.apple.quicktime.displayname": "DisplayName", "com.apple.quicktime.title": "Title",
    "com.apple.quicktime.description": "Description", "com.apple.quicktime.comment": "Comment",
    "com.apple.quicktime.keywords": "Keywords", "com.apple.quicktime.publisher": "Publisher",
    "com.apple.quicktime.camera.identifier": "CameraIdentifier", "com.apple.quicktime.collection.user": "UserCollection",
    "com.android.version": "AndroidVersion", "com.android.capture.fps": "AndroidCaptureFPS",
    "com.android.manufacturer": "AndroidMake", "com.android.model": "AndroidModel",
  ]

  /// The name of an `mdta` key: its own, else its last dotted parts in CamelCase
  /// ("com.apple.quicktime.live-photo.auto" → "LivePhotoAuto").
  package static func key(_ key: String) -> String {
    if let name = keys[key] { return name }
    var parts = key.split(separator: ".").map(String.init)
    for prefix in [["com", "apple", "quicktime"], ["com", "apple", "photos"], ["com", "android"]]
    where parts.count > prefix.count && Array(parts.prefix(prefix.count)) == prefix {
      parts.removeFirst(prefix.count)
      break
    }
    let words = parts.flatMap { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
    let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return name.isEmpty ? "Key" : String(name.prefix(64))
  }

  /// The name of a `udta`/`ilst` item: its own, else "UserData_xxxx" / "ItemList_xxxx".
  package static func item(_ type: String, group: String) -> String {
    items[type] ?? "\(group)_\(type.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined())"
  }
}
