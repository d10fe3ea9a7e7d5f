extension Sequence where Element: Hashable {
  /// The elements in order, without repeats.
  public func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
