import Codecs

/// The C library versions, re-exported so the CLI need not import the codec layer.
public typealias LibraryVersions = Codecs.LibraryVersions
