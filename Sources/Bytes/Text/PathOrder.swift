/// The order of paths in every report and stream: by their UTF-8 bytes (the order `sort` gives
/// with LC_ALL=C), so a sorted input list, a streamed report and a merge of shards agree.
public enum PathOrder {
  /// True when `a` sorts before `b`.
  public static func less(_ a: String, _ b: String) -> Bool { ByteSearch.compare(a, b) < 0 }
}
